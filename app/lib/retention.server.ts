import { prisma } from "./db.server.ts";
import { CANCELLED, defineRecurringJob, recurringKinds } from "./jobs.server.ts";
import { logError } from "./logger.server.ts";
import { stopSignal } from "./stopping.server.ts";

/**
 * Rows that stop mattering after a while (finished webhook deliveries, done jobs, ended sessions, lapsed codes…) are
 * removed once their period has passed, so no table grows for as long as the marketplace runs. Each domain says how to
 * prune its own table (`defineRetention`, at import, as it defines its jobs); one recurring job runs them all every
 * hour. Each prune deletes at most `RETENTION_BATCH` rows a statement, each its own short write, so a first run over
 * years of rows never holds SQLite's write lock for long; each must select its rows through an index.
 */
export const RETENTION_JOB = "retention";
export const RETENTION_BATCH = 1000;
const DAY = 24 * 3_600_000;
/** A run stops after this long, well within a job's five-minute claim; the next hour's run carries on. */
const RUN_BUDGET_MS = 60_000;

/** Deletes at most `limit` of the table's rows whose period has passed at `now`; returns how many it deleted. */
export type Prune = (now: Date, limit: number) => Promise<{ count: number }>;

const prunes = new Map<string, Prune>();

/** Registers how `table`'s expired rows are removed (each domain, for its own tables). */
export function defineRetention(table: string, prune: Prune) {
  prunes.set(table, prune);
}

/** One run: every table's expired rows, batch after batch, until none is left or the run's time is up. Rows removed, by table. */
export async function runRetention(now = new Date()) {
  const deadline = Date.now() + RUN_BUDGET_MS;
  const removed: Record<string, number> = {};
  for (const [table, prune] of prunes) {
    removed[table] = 0;
    try {
      for (;;) {
        const { count } = await prune(now, RETENTION_BATCH);
        removed[table] += count;
        if (count < RETENTION_BATCH || stopSignal.aborted || Date.now() > deadline) break;
      }
    } catch (error) {
      // One table's failure leaves the others' pruning to go on; the next run tries it again.
      logError(error, { table }, `retention of ${table} failed`);
    }
  }
  return removed;
}

defineRecurringJob(RETENTION_JOB, 60 * 60_000, runRetention);

/**
 * The jobs table's own: a one-off job (a mail, a reminder, a webhook send) is forgotten 7 days after it was done, one
 * that failed for good after 30, so an operator can still look into it; a job not yet done never. A recurring job's
 * runs (one a minute for some sweeps) after a day, failed or not: the next run has done the same work again. A
 * cancelled job counts as done.
 */
const JOB_DONE_KEPT_MS = 7 * DAY;
const JOB_FAILED_KEPT_MS = 30 * DAY;
const RECURRING_RUN_KEPT_MS = DAY;

defineRetention("Job", (now, limit) => {
  const before = (ms: number) => new Date(now.getTime() - ms);
  return prisma.job.deleteMany({
    where: {
      doneAt: { lt: before(RECURRING_RUN_KEPT_MS) },
      OR: [
        { kind: { in: recurringKinds() } },
        { doneAt: { lt: before(JOB_DONE_KEPT_MS) }, OR: [{ lastError: null }, { lastError: CANCELLED }, { doneAt: { lt: before(JOB_FAILED_KEPT_MS) } }] },
      ],
    },
    limit,
  });
});
