// The server build's entry (vite.config.ts makes it the SSR input): the React Router build wrapped in the edge.
// build/server/index.js exports `handle` for the Node server (server/index.mjs) and the integration tests.
import * as build from "virtual:react-router/server-build";
import { createEdgeHandler } from "./edge.ts";
import { keepPlannerStatisticsCurrent } from "#app/lib/db.server.ts";
import { startJobWorker, startRecurringJobs, stopJobWorker } from "#app/lib/jobs.server.ts";
import { logError } from "#app/lib/logger.server.ts";
import { beginStopping } from "#app/lib/stopping.server.ts";
import "#app/jobs.server.ts";

export { ALLOWED_METHODS } from "./edge.ts";
export { methodNotAllowed } from "#app/lib/api.server.ts";
// What this process has asked of the database so far (npm run bench:live reads it through scripts/bench/live-server.mjs).
export { databaseStatements } from "#app/lib/db.server.ts";
// The build itself too, for tools that read its routes (the authorization matrix test).
export * from "virtual:react-router/server-build";
export const handle = createEdgeHandler(build as unknown as Parameters<typeof createEdgeHandler>[0]);

/**
 * Work this process does besides answering requests: polling for due jobs (reminders, expiring holds…) and keeping
 * SQLite's planner statistics current. The Node
 * server (server/index.mjs) calls it once when it listens; the integration tests import this build without it.
 */
export function startBackgroundWork() {
  startJobWorker();
  keepPlannerStatisticsCurrent();
  // Sweeps that re-queue themselves (free times, deadlines, payouts): this queues the first of each (keyed by its time,
  // so several servers starting together queue it once).
  startRecurringJobs().catch((error) => logError(error, {}, "recurring jobs could not be queued"));
}

/**
 * The process is stopping (server/index.mjs on SIGTERM): live streams end with a hint to reconnect, readiness answers
 * 503, and the job worker claims nothing more; resolves once the job it was running has finished.
 */
export async function stopBackgroundWork() {
  beginStopping();
  await stopJobWorker();
}
