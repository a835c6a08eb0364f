import { copyFileSync, existsSync } from "node:fs";
import path from "node:path";
import { databaseUrl, postgresResetter, templateDatabase, testPostgresServer, withAdmin, workerDatabase } from "./postgres-db.ts";
import { databaseResetter } from "./reset-db.ts";

// One database per Vitest worker, copied from the migrated template, so workers never share data:
// a SQLite file, or a PostgreSQL database when TEST_POSTGRES_URL names a server (npm run test:pg).
const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
const dataDir = path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data");
const postgresServer = testPostgresServer();

type Resetter = { reset: () => void | Promise<void> };
const state = globalThis as unknown as { __testDb?: Resetter };

if (postgresServer) {
  const url = databaseUrl(postgresServer, workerDatabase(worker));
  if (!state.__testDb) {
    await withAdmin(postgresServer, async (client) => {
      const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [workerDatabase(worker)]);
      if (!rowCount) await client.query(`CREATE DATABASE "${workerDatabase(worker)}" TEMPLATE "${templateDatabase()}"`);
    });
    state.__testDb = await postgresResetter(url);
  }
  process.env.DATABASE_URL = url;
} else {
  const template = path.join(dataDir, "template.db");
  const file = path.join(dataDir, `worker-${worker}.db`);
  if (!existsSync(file)) copyFileSync(template, file);
  process.env.DATABASE_URL = `file:${file}`;
  state.__testDb ??= databaseResetter(file, template);
}
process.env.SESSION_SECRET = "test-session-secret";
process.env.TOTP_KEY = "test-totp-key";
// Webhook receivers the tests start listen on 127.0.0.1 (tests/integration/webhooks.test.ts); nothing else passes.
process.env.WEBHOOK_ALLOW_HOSTS = "127.0.0.1,localhost";

/**
 * Empties the worker's database back to the template's rows. Call it in a beforeEach (or at the top
 * of a test) when a test needs a known state beyond "this file's own records": for example a count
 * over a whole table. The app's Prisma client sees the change at its next query.
 */
export async function resetDatabase() {
  await state.__testDb!.reset();
  // SQLite plans from the statistics a connection read when it opened: the app's connection, which outlives a file in
  // a worker, reads the template's again (ANALYZE sqlite_schema rereads them and measures nothing).
  if (!postgresServer) {
    const { prisma } = await import("#app/lib/db.server.ts");
    await prisma.$executeRawUnsafe("ANALYZE sqlite_schema");
  }
}

// Every test file starts from the template's rows (what the migrations insert, nothing else): this
// setup file runs before each test file is imported, so before its top-level code and beforeAll hooks.
await resetDatabase();
