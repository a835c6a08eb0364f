// The server the browser tests drive: a freshly migrated and seeded database, the production build, a loopback port.
// E2E_CLUSTER=1 (npm run test:e2e:cluster): the same behind a proxy, over APP_SERVERS (default 2) app servers.
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

const port = process.env.E2E_PORT ?? "4310";
if (process.env.E2E_CLUSTER) {
  // Several app servers on the same database behind the round-robin proxy (scripts/cluster.mjs), on ports
  // E2E_PORT+1… (tests/e2e/cluster.spec.ts addresses them directly too).
  const { startCluster } = await import("../../scripts/cluster.mjs");
  const cluster = await startCluster({ port: Number(port), servers: Number(process.env.APP_SERVERS ?? 2), env });
  console.log(`E2E cluster: proxy on 127.0.0.1:${port}, ${cluster.apps.map((app) => `${app.id} on ${app.port}`).join(", ")}`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => cluster.stop().then(() => process.exit(0)));
  cluster.exited.then(({ id, code }) => {
    console.error(`${id} stopped (exit code ${code})`);
    cluster.stop().then(() => process.exit(1));
  });
} else {
  const server = spawn(process.execPath, ["server/index.mjs"], {
    stdio: "inherit",
    env: { ...env, NODE_ENV: "production", PORT: port, HOST: "127.0.0.1" },
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}
