// The server the browser tests drive: a freshly migrated and seeded database, the production build, a loopback port.
// E2E_CLUSTER=1 (npm run test:e2e:cluster): the same behind nginx, over APP_SERVERS (default 2) app servers.
// The database: the SQLite file <TEST_DATA_DIR>/e2e.db, or with E2E_DATABASE_URL=postgresql://… (npm run
// test:e2e:pg) that PostgreSQL database, dropped and created afresh each run (tests/setup/e2e-env.mjs, which the
// tests' own Prisma client, tests/e2e/database.ts, opens too).
import { execSync, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { URL } from "node:url";
import pg from "pg";
import { buildIsCurrent } from "../../scripts/build-freshness.mjs";
import { createPostgresDatabase, isPostgres, migratePostgres } from "../../scripts/migrate.mjs";
import { E2E_SESSION_SECRET, E2E_TOTP_KEY, e2eDatabaseUrl, e2eSqliteFile, restartedMark } from "./e2e-env.mjs";

const dataDir = path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data");
const buildDir = process.env.BUILD_DIR ?? "build";
mkdirSync(dataDir, { recursive: true });

/** Drops the test database named in `url` (with whoever is still connected to it) and creates it empty. */
async function freshPostgresDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name || name === "postgres") throw new Error(`E2E_DATABASE_URL must name a test database of its own, not "${name}".`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
  await createPostgresDatabase(url);
}

const databaseUrl = e2eDatabaseUrl();
if (isPostgres(databaseUrl)) {
  await freshPostgresDatabase(databaseUrl);
  await migratePostgres(databaseUrl);
} else {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(e2eSqliteFile() + suffix, { force: true });
  execSync("npx prisma migrate deploy", { stdio: "inherit", env: { ...process.env, DATABASE_URL: databaseUrl } });
}

// APP_URL: links the server builds for itself (e-mails, Stripe's return URLs) lead back to this test server.
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: E2E_SESSION_SECRET,
  TOTP_KEY: E2E_TOTP_KEY,
  BUILD_DIR: buildDir,
  APP_URL: process.env.APP_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? "4310"}`,
  // Webhook receivers the browser tests start listen on 127.0.0.1 (tests/e2e/webhooks.spec.ts).
  WEBHOOK_ALLOW_HOSTS: "127.0.0.1,localhost",
};
execSync("npx tsx prisma/seed/index.ts", { stdio: "inherit", env });
// The production build, unless the one there is as new as the code (npm test's Vitest run has just built it).
if (!process.env.E2E_SKIP_BUILD && !buildIsCurrent(buildDir)) execSync("npx react-router build", { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });

const port = process.env.E2E_PORT ?? "4310";
if (process.env.E2E_CLUSTER) {
  // Several app servers on the same database behind nginx (scripts/cluster.mjs), on ports E2E_PORT+1…
  // (tests/e2e/cluster.spec.ts addresses them directly too). With CLUSTER_RESTART_AFTER_S, app-2 is restarted
  // midway; the specs that address it directly wait for the mark written once it is back.
  const { startCluster } = await import("../../scripts/cluster.mjs");
  const { ensureNginx } = await import("../../scripts/nginx.mjs");
  ensureNginx();
  rmSync(restartedMark(), { force: true });
  const restartAfterS = Number(process.env.CLUSTER_RESTART_AFTER_S ?? 0);
  const cluster = await startCluster({ port: Number(port), servers: Number(process.env.APP_SERVERS ?? 2), env, restartAfterS });
  console.log(`E2E cluster: nginx on 127.0.0.1:${port}, ${cluster.apps.map((app) => `${app.id} on ${app.port}`).join(", ")}`);
  cluster.restarted?.then((back) => back && writeFileSync(restartedMark(), new Date().toISOString()));
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => cluster.stop().then(() => process.exit(0)));
  cluster.exited.then(({ id, code, signal, reason }) => {
    console.error(`${id} stopped (${reason ?? signal ?? `exit code ${code}`})`);
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
