// The browser tests' way into the database the server uses: the app's own modules (its Prisma client and its
// sessions), opened on the e2e database and session secret the server gets (tests/setup/e2e-env.mjs). The app reads
// DATABASE_URL and SESSION_SECRET when its modules load, so they are set first and the modules imported after.
//
// Playwright workers are separate processes: each has its own client (tests/e2e/fixtures.ts, e2eDb).
import { E2E_SESSION_SECRET, E2E_TOTP_KEY, e2eDatabaseUrl } from "../setup/e2e-env.mjs";

process.env.DATABASE_URL = e2eDatabaseUrl();
process.env.SESSION_SECRET = E2E_SESSION_SECRET;
process.env.TOTP_KEY = E2E_TOTP_KEY;

const { prisma } = await import("#app/lib/db.server.ts");
export const { commitSession, createSession } = await import("#app/lib/session.server.ts");
/** Find a Mentor's fields of guides a test wrote straight into the tables, as a screen's save writes them. */
export const { refreshGuideSearchNow } = await import("#app/modules/guides/search-fields.server.ts");

/** The app's Prisma client on the e2e database: `e2eDb.guideProfile.create({ data: … })`. */
export const e2eDb = prisma;
export type E2eDb = typeof prisma;
