// npm start: prepare the database (migrate, seed on first run), build, and serve in production mode.
import { execSync, spawn } from "node:child_process";

const run = (command, env = process.env) => execSync(command, { stdio: "inherit", env });

run("node scripts/prepare-db.mjs");
run("npx react-router build");

const port = process.env.PORT ?? "3000";
const server = spawn("npx", ["react-router-serve", "./build/server/index.js"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", PORT: port },
});
console.log(`\nServing on http://localhost:${port}  (admin console: http://localhost:${port}/admin/login)\n`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
