// What the browser tests' server and the tests themselves must agree on: the e2e database and the session secret.
// tests/setup/e2e-server.mjs starts the server with them; tests/e2e/database.ts opens the app's own Prisma client on
// them, so the tests' sessions and rows are the server's.
import path from "node:path";
import { isPostgres } from "../../scripts/migrate.mjs";

/** The server's SESSION_SECRET, which signs the cookies the tests set. */
export const E2E_SESSION_SECRET = "e2e-session-secret";

/** The server's TOTP_KEY, which the seed seals the demo administrator's authenticator secret with. */
export const E2E_TOTP_KEY = "e2e-totp-key";

/** The e2e database: E2E_DATABASE_URL when it names a PostgreSQL database, else the SQLite file <TEST_DATA_DIR>/e2e.db. */
export function e2eDatabaseUrl() {
  const url = process.env.E2E_DATABASE_URL;
  if (url && isPostgres(url)) return url;
  return `file:${e2eSqliteFile()}`;
}

export const e2eSqliteFile = () => path.join(path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data"), "e2e.db");

/** Written by the cluster's server once app-2, restarted midway (CLUSTER_RESTART_AFTER_S), is back. */
export const restartedMark = () => path.join(path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data"), "app-2-restarted");
