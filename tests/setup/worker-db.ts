import { copyFileSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { databaseResetter } from "./reset-db.ts";

// One SQLite file per Vitest worker, copied from the migrated template, so workers never share data.
const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
const dataDir = path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data");
const template = path.join(dataDir, "template.db");
const file = path.join(dataDir, `worker-${worker}.db`);
if (!existsSync(file)) copyFileSync(template, file);
process.env.DATABASE_URL = `file:${file}`;
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "test-session-secret";
// Mail written by the app (no SMTP_URL in tests) lands in the test data directory, one outbox per worker.
process.env.OUTBOX_DIR = path.join(dataDir, `outbox-${worker}`);

// Every test file starts from the template's rows (what the migrations insert, nothing else): this
// setup file runs before each test file is imported, so before its top-level code and beforeAll hooks.
const state = globalThis as unknown as { __testDb?: ReturnType<typeof databaseResetter> };
state.__testDb ??= databaseResetter(file, template);
state.__testDb.reset();
rmSync(process.env.OUTBOX_DIR, { recursive: true, force: true });

/**
 * Empties the worker's database back to the template's rows. Call it in a beforeEach (or at the top
 * of a test) when a test needs a known state beyond "this file's own records": for example a count
 * over a whole table. The app's Prisma client sees the change at its next query.
 */
export function resetDatabase() {
  state.__testDb!.reset();
}
