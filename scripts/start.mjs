// npm start: prepare the database (migrate, seed on first run), build when the code is newer than the build, and serve in
// production mode. Its output ends, once the server answers, with the address and the demo's sign-ins.
import { execSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildIsCurrent } from "./build-freshness.mjs";
import { prepareDatabase } from "./prepare-db.mjs";
import { DEMO_ADMIN_TOTP_SECRET } from "../prisma/seed/demo-two-factor.mjs";

/**
 * Production refuses to start without SESSION_SECRET and TOTP_KEY. The demo has nobody to set them, so the first run
 * generates each at random and keeps it beside the database (data/session-secret, data/totp-key), so sessions and
 * authenticator secrets survive restarts.
 */
function keptSecret(variable, name, what) {
  if (process.env[variable]) return process.env[variable];
  const file = path.resolve(`data/${name}`);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    console.log(`Generated ${what} in ${file}.`);
  }
  return readFileSync(file, "utf8").trim();
}

// The seed seals the demo administrator's authenticator secret with the key the server will read it with.
process.env.TOTP_KEY = keptSecret("TOTP_KEY", "totp-key", "a two-factor key");
const { demo } = await prepareDatabase();

const buildDir = process.env.BUILD_DIR ?? "build";
if (buildIsCurrent(buildDir)) {
  console.log(`The build in ${buildDir}/ is as new as the code: not building again.`);
} else {
  console.log(`Building the app into ${buildDir}/ (about half a minute)…`);
  // Warnings and errors only: the list of every file built is of no use here.
  execSync("npx react-router build --logLevel warn", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}

const port = process.env.PORT ?? "3000";
const base = `http://localhost:${port}`;
const server = spawn(process.execPath, ["server/index.mjs"], {
  stdio: ["inherit", "pipe", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    SESSION_SECRET: keptSecret("SESSION_SECRET", "session-secret", "a session secret"),
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));

// The server says when it listens (server/index.mjs): the sign-ins follow that line, so they end the output.
let listening = false;
server.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (listening || !String(chunk).includes(" on http://")) return;
  listening = true;
  const lines = [`\nOpen ${base} (the admin console: ${base}/admin/login).`];
  if (demo.length) {
    lines.push(`Demo sign-ins, password ${process.env.DEMO_PASSWORD ? "DEMO_PASSWORD" : "Passw0rd!"}:`);
    for (const account of demo) lines.push(`  ${account.role.padEnd(5)}  ${account.email.padEnd(17)}  ${base}${account.path}`);
    if (demo.some((account) => account.role === "admin")) {
      lines.push(`The admin and the sponsor also enter a two-factor code: \`npm run demo:code\` prints it (or add the key ${DEMO_ADMIN_TOTP_SECRET} to an authenticator app).`);
    }
  }
  console.log(`${lines.join("\n")}\n`);
});
