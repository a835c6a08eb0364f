import { isUniqueViolation, prisma, type Transaction } from "./db.server.ts";
import { logError } from "./logger.server.ts";
import { counter, gauge } from "./metrics.server.ts";
import { stopSignal } from "./stopping.server.ts";

/**
 * Scheduled work that survives restarts and is safe with several app servers: reminders, expiring holds, mail
 * about unread messages. A job is a row in "Job"; every app server polls for due ones and claims each with one
 * conditional UPDATE (lockedUntil), so exactly one server runs it. A job that throws is retried later, a few
 * times; `key` makes enqueueing idempotent ("remind-24h:42" is scheduled once however often it is asked for).
 * Handlers may send mail or call Stripe: they run outside any transaction.
 */
export type JobHandler = (payload: Record<string, unknown>, job: { id: number; kind: string; runAt: Date }) => Promise<void>;

const handlers = new Map<string, JobHandler>();

const jobsRun = counter({ name: "jobs_run_total", help: "Jobs this server ran to the end, by kind", labelNames: ["kind"] as const });
const jobsFailed = counter({ name: "jobs_failed_total", help: "Job attempts on this server that failed (retried later, or given up after the last), by kind", labelNames: ["kind"] as const });
// Read from the Job table when Prometheus scrapes (the (doneAt, runAt) index): the same figure from every server.
gauge({
  name: "job_queue_depth",
  help: "Jobs not yet run: due (waiting for a worker) and scheduled (later)",
  labelNames: ["state"] as const,
  async collect() {
    const now = new Date();
    const [due, scheduled] = await Promise.all([
      prisma.job.count({ where: { doneAt: null, runAt: { lte: now } } }),
      prisma.job.count({ where: { doneAt: null, runAt: { gt: now } } }),
    ]);
    this.set({ state: "due" }, due);
    this.set({ state: "scheduled" }, scheduled);
  },
});
const LOCK_MS = 5 * 60_000;
const MAX_ATTEMPTS = 5;

/** Registers what a kind of job does; each domain registers its own at import (see app/jobs.server.ts). */
export function defineJob(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}

const recurring = new Map<string, number>();

/**
 * Registers work that runs every `everyMs` (a sweep: deadlines passed, payouts due). Each run is a job keyed by its
 * time, so several app servers queueing the next one queue it once and one server runs it; each run queues the next
 * (retention forgets runs done a day ago). `startRecurringJobs` queues the first runs when a server starts.
 */
export function defineRecurringJob(kind: string, everyMs: number, handler: (now: Date) => Promise<unknown>) {
  recurring.set(kind, everyMs);
  defineJob(kind, async (_payload, job) => {
    const now = new Date(Math.max(Date.now(), job.runAt.getTime()));
    try {
      await handler(now);
    } finally {
      await queueRecurringJob(kind, now);
    }
  });
}

/** The kinds of the recurring jobs (their runs are kept a shorter while than one-off jobs: see retention). */
export const recurringKinds = () => [...recurring.keys()];

/** Queues the next run of a recurring job after `now` (at the next multiple of its period). */
export function queueRecurringJob(kind: string, now = new Date()) {
  const everyMs = recurring.get(kind);
  if (!everyMs) throw new Error(`No recurring job "${kind}"`);
  const runAt = new Date(Math.floor(now.getTime() / everyMs) * everyMs + everyMs);
  return enqueue(kind, {}, { runAt, key: `${kind}@${runAt.toISOString()}` });
}

/** Queues the next run of every recurring job (the server calls it when it starts). */
export async function startRecurringJobs(now = new Date()) {
  for (const kind of recurring.keys()) await queueRecurringJob(kind, now);
}

/**
 * Schedules `kind` at `runAt` (default now). With a `key`, a second request for the same key changes nothing. With
 * `within`, the job is written in that transaction: it exists only if the change that queued it commits.
 */
export async function enqueue(kind: string, payload: Record<string, unknown>, options: { runAt?: Date; key?: string; within?: Transaction } = {}) {
  const data = { kind, payload: JSON.stringify(payload), runAt: options.runAt ?? new Date(), key: options.key };
  if (options.within) return options.within.job.create({ data });
  if (!options.key) return prisma.job.create({ data });
  try {
    return await prisma.job.upsert({ where: { key: options.key }, create: data, update: {} });
  } catch (error) {
    // Two servers asked at once (both schedule the next refresh as they start): the other's insert won, the same outcome.
    if (isUniqueViolation(error)) return prisma.job.findUniqueOrThrow({ where: { key: options.key } });
    throw error;
  }
}

/** What a cancelled job's `lastError` says: it is done, not failed. */
export const CANCELLED = "cancelled";

/** Cancels a keyed job that has not run yet (e.g. the reminders of a cancelled booking). */
export async function cancelJob(key: string) {
  await prisma.job.updateMany({ where: { key, doneAt: null }, data: { doneAt: new Date(), lastError: CANCELLED } });
}

/**
 * Cancels every keyed job not yet run whose key starts with `prefix` (keys that carry a time, such as a hold's
 * `hold:42@<ISO>`: all of one booking's at once).
 */
export async function cancelJobsByKeyPrefix(prefix: string) {
  await prisma.job.updateMany({ where: { key: { startsWith: prefix }, doneAt: null }, data: { doneAt: new Date(), lastError: CANCELLED } });
}

/**
 * Runs every job due at `now` that this server can claim (of `kinds` only, when given); returns how many ran. The
 * tests call it directly.
 */
export async function runDueJobs(now = new Date(), limit = 20, kinds?: readonly string[]): Promise<number> {
  const due = await prisma.job.findMany({
    where: { doneAt: null, runAt: { lte: now }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }], ...(kinds ? { kind: { in: [...kinds] } } : {}) },
    orderBy: { runAt: "asc" },
    take: limit,
    select: { id: true, kind: true, payload: true, runAt: true, lockedUntil: true, attempts: true },
  });
  let ran = 0;
  for (const job of due) {
    // A stopping server finishes the job it holds and claims no other.
    if (stopSignal.aborted) break;
    // The claim: only the server whose update matches the lock it read gets the job.
    const claimed = await prisma.job.updateMany({
      where: { id: job.id, doneAt: null, lockedUntil: job.lockedUntil },
      data: { lockedUntil: new Date(now.getTime() + LOCK_MS), attempts: { increment: 1 } },
    });
    if (claimed.count !== 1) continue;
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
      await handler(JSON.parse(job.payload) as Record<string, unknown>, job);
      await prisma.job.update({ where: { id: job.id }, data: { doneAt: new Date(), lockedUntil: null, lastError: null } });
      jobsRun.inc({ kind: job.kind });
      ran++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts + 1 >= MAX_ATTEMPTS;
      // Retry with a growing delay; after the last attempt the job is closed with its error for the log.
      await prisma.job.update({
        where: { id: job.id },
        data: giveUp
          ? { doneAt: new Date(), lockedUntil: null, lastError: message }
          : { lockedUntil: null, lastError: message, runAt: new Date(now.getTime() + 2 ** job.attempts * 60_000) },
      });
      jobsFailed.inc({ kind: job.kind });
      logError(error, { job: job.id, kind: job.kind, attempt: job.attempts + 1, givenUp: giveUp }, `job ${job.kind} #${job.id} failed: ${message}`);
    }
  }
  return ran;
}

let timer: NodeJS.Timeout | undefined;
let soon: NodeJS.Timeout | undefined;
const running = new Set<Promise<unknown>>();
const tick = () => {
  const run = runDueJobs().catch((error) => logError(error, {}, "job worker"));
  running.add(run);
  void run.finally(() => running.delete(run));
  return run;
};

/** Polls for due jobs every `everyMs` in this process (each app server runs one poller). */
export function startJobWorker(everyMs = 15_000) {
  if (timer) return;
  timer = setInterval(tick, everyMs);
  timer.unref();
  void tick();
}

/**
 * For work a request queues to follow its answer (a mail): this process's worker, when it runs one, looks for due
 * jobs in a moment rather than at its next poll. The moment lets the request's own answer go out first.
 */
export function runJobsSoon(delayMs = 20) {
  if (!timer || soon) return;
  soon = setTimeout(() => {
    soon = undefined;
    void tick();
  }, delayMs);
  soon.unref();
}

/** Stops polling; resolves once the run in progress (a job this server claimed) has finished. */
export function stopJobWorker() {
  clearInterval(timer);
  clearTimeout(soon);
  timer = undefined;
  soon = undefined;
  return Promise.all(running);
}
