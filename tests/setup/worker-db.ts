import { copyFileSync, existsSync } from "node:fs";
import path from "node:path";

// One SQLite file per Vitest worker, copied from the migrated template, so workers never share data.
const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
const dataDir = path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data");
const file = path.join(dataDir, `worker-${worker}.db`);
if (!existsSync(file)) copyFileSync(path.join(dataDir, "template.db"), file);
process.env.DATABASE_URL = `file:${file}`;
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "test-session-secret";
// Mail written by the app (no SMTP_URL in tests) lands in the test data directory, one outbox per worker.
process.env.OUTBOX_DIR = path.join(dataDir, `outbox-${worker}`);
