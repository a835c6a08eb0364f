// The server the browser tests drive: a freshly migrated and seeded database, the production build, a loopback port.
import { execSync, spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

const dataDir = path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data");
const buildDir = process.env.BUILD_DIR ?? "build";
mkdirSync(dataDir, { recursive: true });
const dbFile = path.join(dataDir, "e2e.db");
for (const suffix of ["", "-wal", "-shm"]) rmSync(dbFile + suffix, { force: true });

const env = { ...process.env, DATABASE_URL: `file:${dbFile}`, SESSION_SECRET: "e2e-session-secret", BUILD_DIR: buildDir, OUTBOX_DIR: path.join(dataDir, "outbox") };
execSync("npx prisma migrate deploy", { stdio: "inherit", env });
execSync("npx tsx prisma/seed.ts", { stdio: "inherit", env });
if (!process.env.E2E_SKIP_BUILD) execSync("npx react-router build", { stdio: "inherit", env });

const server = spawn(process.execPath, ["server/index.mjs"], {
  stdio: "inherit",
  env: { ...env, NODE_ENV: "production", PORT: process.env.E2E_PORT ?? "4310", HOST: "127.0.0.1" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
