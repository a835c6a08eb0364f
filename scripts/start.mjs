// npm start: prepare the database (migrate, seed on first run), build, and serve in production mode.
import { execSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const run = (command, env = process.env) => execSync(command, { stdio: "inherit", env });

/**
 * Production refuses to start without SESSION_SECRET. The demo has nobody to set one, so the first run
 * generates a random secret and keeps it beside the database (data/session-secret), so sessions survive restarts.
 */
function sessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.resolve("data/session-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    console.log(`Generated a session secret in ${file}.`);
  }
  return readFileSync(file, "utf8").trim();
}

run("node scripts/prepare-db.mjs");
run("npx react-router build");

const port = process.env.PORT ?? "3000";
const server = spawn(process.execPath, ["server/index.mjs"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", PORT: port, SESSION_SECRET: sessionSecret() },
});
console.log(`\nServing on http://localhost:${port}  (admin console: http://localhost:${port}/admin/login)\n`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
