// npm run test:pg: the unit and integration suite (Vitest) on PostgreSQL instead of SQLite.
// Starts the local throwaway server (scripts/postgres.mjs) unless TEST_POSTGRES_URL names one already;
// extra arguments go to Vitest (e.g. a test file).
import { spawnSync } from "node:child_process";
import { start } from "./postgres.mjs";

const server = process.env.TEST_POSTGRES_URL ?? start();
const { status } = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TEST_POSTGRES_URL: server },
});
process.exit(status ?? 1);
