/**
 * Retention: nothing the marketplace keeps for a while grows forever. The hourly job (lib/retention.server.ts) removes
 * each table's rows past their period, in statements of at most RETENTION_BATCH rows, and leaves the rest: finished
 * webhook deliveries (and their attempts) after 30 days, done one-off jobs after 7 and failed ones after 30, a recurring
 * sweep's runs after a day, sessions,
 * codes and bulk changes past their end, API answers kept for a day, a guide's claimed time a day after its block began;
 * the RateLimit table is the library's to clear.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import "#app/jobs.server.ts";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { queueRecurringJob, runDueJobs } from "#app/lib/jobs.server.ts";
import { AttemptLimit } from "#app/lib/rate-limit.server.ts";
import { RETENTION_BATCH, RETENTION_JOB } from "#app/lib/retention.server.ts";
import { createSession } from "#app/lib/session.server.ts";
import { issueCode } from "#app/modules/accounts/verification.server.ts";
import { BOOKING_DEADLINES_JOB } from "#app/modules/bookings/deadlines.server.ts";
import { undoBulkChange } from "#app/modules/bulk/bulk.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { actorOf, createPerson, send, signIn } from "#tests/app.ts";
import { expectReadInIndexOrder, postgresPlan } from "#tests/support/query-plans.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

/** Runs the retention job as the job worker would: its run due now, claimed and run by runDueJobs. */
async function runRetentionJob() {
  await prisma.job.deleteMany({ where: { kind: RETENTION_JOB } });
  await queueRecurringJob(RETENTION_JOB, ago(HOUR));
  expect(await runDueJobs(new Date(), 20, [RETENTION_JOB])).toBe(1);
}

/** The ids of `rows`, in order, to compare with those that should be left. */
const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describe("webhook deliveries", () => {
  test("finished ones go with their attempts 30 days on; newer and pending ones stay; the list says how long they are kept", async () => {
    const { person, cookie } = await signIn("user");
    const endpoint = await prisma.webhookEndpoint.create({ data: { userId: person.id, url: "https://hooks.example.org/in", events: "booking.created", secret: "sealed" } });
    const delivery = async (status: string, createdAt: Date, finishedAt: Date | null) => {
      const row = await prisma.webhookDelivery.create({
        data: { endpointId: endpoint.id, messageId: `msg_${Math.random().toString(36).slice(2)}`, eventType: "booking.created", body: "{}", status, createdAt, finishedAt },
      });
      const attempt = await prisma.webhookAttempt.create({
        data: { endpointId: endpoint.id, deliveryId: row.id, eventType: row.eventType, attemptedAt: finishedAt ?? createdAt, statusCode: status === "delivered" ? 200 : 500, excerpt: "", durationMs: 5, delivered: status === "delivered" },
      });
      return { id: row.id, attemptId: attempt.id };
    };
    await delivery("delivered", ago(31 * DAY), ago(31 * DAY));
    await delivery("failed", ago(32 * DAY), ago(31 * DAY));
    const recentDelivered = await delivery("delivered", ago(29 * DAY), ago(29 * DAY));
    // Failed a day after it was made, 29 days ago: 30 days since it finished have not passed.
    const recentFailed = await delivery("failed", ago(30 * DAY + HOUR), ago(29 * DAY));
    const pending = await delivery("pending", ago(60 * DAY), null);

    await runRetentionJob();

    const kept = [recentDelivered, recentFailed, pending];
    expect(idsOf(await prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, select: { id: true } }))).toEqual(idsOf(kept));
    expect(idsOf(await prisma.webhookAttempt.findMany({ where: { endpointId: endpoint.id }, select: { id: true } }))).toEqual(idsOf(kept.map((row) => ({ id: row.attemptId }))));

    const page = await send(`/user-dashboard/settings/webhooks/${endpoint.id}`, { cookie });
    expect(page.status).toBe(200);
    expect((await page.text()).replaceAll("<!-- -->", "")).toContain("Deliveries are kept for 30 days.");
  });
});

describe("jobs", () => {
  test("done one-off jobs go 7 days on, failed ones 30 days on; a job not yet done stays however old", async () => {
    const job = (doneAt: Date | null, lastError: string | null = null, runAt = doneAt ?? ago(60 * DAY)) =>
      prisma.job.create({ data: { kind: "retention-test.mail", runAt, doneAt, lastError, createdAt: runAt }, select: { id: true } });
    await job(ago(7 * DAY + HOUR));
    await job(ago(8 * DAY), "cancelled");
    await job(ago(30 * DAY + HOUR), "Connection refused");
    const doneRecently = await job(ago(7 * DAY - HOUR));
    const failedRecently = await job(ago(29 * DAY), "Connection refused");
    const due = await job(null);
    const scheduled = await job(null, null, new Date(Date.now() + DAY));
    const retrying = await job(null, "Connection refused");

    await runRetentionJob();

    expect(idsOf(await prisma.job.findMany({ where: { kind: "retention-test.mail" }, select: { id: true } }))).toEqual(
      idsOf([doneRecently, failedRecently, due, scheduled, retrying]),
    );
  });

  test("a recurring sweep's runs go a day on, failed or not; its runs of the last day and the next one stay", async () => {
    const run = (doneAt: Date | null, lastError: string | null = null, runAt = doneAt ?? new Date(Date.now() + MINUTE)) =>
      prisma.job.create({ data: { kind: BOOKING_DEADLINES_JOB, key: `retention-test:${BOOKING_DEADLINES_JOB}@${runAt.toISOString()}`, runAt, doneAt, lastError }, select: { id: true } });
    await run(ago(DAY + MINUTE));
    await run(ago(2 * DAY), "Connection refused");
    const lastHour = await run(ago(HOUR));
    const failedToday = await run(ago(DAY - MINUTE), "Connection refused");
    const next = await run(null);

    await runRetentionJob();

    expect(idsOf(await prisma.job.findMany({ where: { key: { startsWith: `retention-test:${BOOKING_DEADLINES_JOB}@` } }, select: { id: true } }))).toEqual(
      idsOf([lastHour, failedToday, next]),
    );
  });

  test("more rows than a batch holds are all removed by one run", async () => {
    const doneAt = ago(8 * DAY);
    const count = RETENTION_BATCH * 2 + 1;
    await prisma.job.createMany({ data: Array.from({ length: count }, (_, index) => ({ kind: "retention-test.batch", runAt: doneAt, doneAt, key: `retention-test:${index}` })) });
    await runRetentionJob();
    expect(await prisma.job.count({ where: { kind: "retention-test.batch" } })).toBe(0);
  });
});

describe("sessions, codes, bulk changes and API answers", () => {
  test("sessions past their end are removed without anyone presenting them; open ones stay", async () => {
    const person = await createPerson("user");
    await createSession(person.id, "web");
    const ended = await prisma.session.findFirstOrThrow({ where: { userId: person.id }, select: { id: true } });
    await prisma.session.update({ where: { id: ended.id }, data: { expiresAt: ago(MINUTE) } });
    await createSession(person.id, "api");
    const open = await prisma.session.findFirstOrThrow({ where: { userId: person.id, id: { not: ended.id } }, select: { id: true } });

    await runRetentionJob();

    expect((await prisma.session.findMany({ where: { userId: person.id }, select: { id: true } })).map((row) => row.id)).toEqual([open.id]);
  });

  test("lapsed codes are removed; a code still valid stays", async () => {
    await issueCode("verify-email", "lapsed@retention.example");
    await issueCode("reset-password", "valid@retention.example");
    await prisma.verification.updateMany({ where: { target: "lapsed@retention.example" }, data: { expiresAt: ago(MINUTE) } });

    await runRetentionJob();

    expect((await prisma.verification.findMany({ where: { target: { endsWith: "@retention.example" } }, select: { target: true } })).map((row) => row.target)).toEqual(["valid@retention.example"]);
  });

  test("a bulk change goes a day after its undo lapsed; until then a late undo still reads too late", async () => {
    const admin = await createPerson("admin");
    const change = (token: string, expiresAt: Date) => prisma.bulkChange.create({ data: { token, actorId: admin.id, list: "users", action: "deactivate", expiresAt, records: "[]" } });
    await change("retention-gone", ago(DAY + MINUTE));
    await change("retention-lapsed", ago(HOUR));
    await change("retention-open", new Date(Date.now() + 10_000));

    await runRetentionJob();

    expect((await prisma.bulkChange.findMany({ where: { token: { startsWith: "retention-" } }, orderBy: { token: "asc" }, select: { token: true } })).map((row) => row.token)).toEqual([
      "retention-lapsed",
      "retention-open",
    ]);
    await expect(undoBulkChange("retention-lapsed", actorOf(admin))).rejects.toThrow("Too late to undo");
  });

  test("API answers older than a day are removed for every token, not only when that token writes again", async () => {
    const person = await createPerson("user");
    const token = await prisma.accessToken.create({ data: { userId: person.id, name: "retention", scopes: "read", tokenHash: `retention-${person.id}`, hint: "mmp_…" } });
    const answer = (key: string, createdAt: Date) =>
      prisma.idempotentRequest.create({ data: { tokenId: token.id, key, fingerprint: "f", status: 201, body: "{}", createdAt }, select: { id: true } });
    await answer("old", ago(DAY + MINUTE));
    const recent = await answer("recent", ago(DAY - HOUR));

    await runRetentionJob();

    expect(idsOf(await prisma.idempotentRequest.findMany({ where: { tokenId: token.id }, select: { id: true } }))).toEqual(idsOf([recent]));
  });
});

describe("time claims", () => {
  test("a session's claims go a day after their blocks began, held or paid; today's, a future session's and a future hold's stay", async () => {
    const [guide, mentee] = await Promise.all([createPerson("guide"), createPerson("user")]);
    const hourFrom = (ms: number) => new Date(Math.floor((Date.now() + ms) / HOUR) * HOUR);
    const session = async (startsAt: Date, status: string, expiresAt: Date | null = null) => {
      const booking = await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, topic: "Retention", status, startsAt, durationMinutes: 60 } });
      const blocks = blocksFor(startsAt, 60, 15);
      await prisma.timeClaim.createMany({ data: blocks.map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: booking.id, expiresAt })) });
      return blocks.map((block) => block.getTime());
    };
    await session(hourFrom(-3 * DAY), "completed");
    // A hold that ran out unpaid, for a time long past.
    await session(hourFrom(-2 * DAY), "expired", hourFrom(-3 * DAY));
    const withinADay = await session(hourFrom(-22 * HOUR), "completed");
    const running = await session(hourFrom(0), "confirmed");
    const future = await session(hourFrom(2 * DAY), "confirmed");
    // A hold that ran out for a time ahead: whoever books that time clears it, not retention.
    const lapsedHold = await session(hourFrom(3 * DAY), "held", ago(HOUR));
    const hold = await session(hourFrom(4 * DAY), "held", new Date(Date.now() + HOUR));

    await runRetentionJob();

    const left = await prisma.timeClaim.findMany({ where: { guideId: guide.id }, orderBy: { blockStart: "asc" }, select: { blockStart: true } });
    expect(left.map((claim) => claim.blockStart.getTime())).toEqual([...withinADay, ...running, ...future, ...lapsedHold, ...hold]);
  });
});

describe("rate limits", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  test("the library clears rows whose window ended over an hour ago, every 5 minutes; current windows stay", async () => {
    await prisma.rateLimit.createMany({
      data: [
        { key: "retention:ended", points: 3, expire: ago(HOUR + MINUTE) },
        { key: "retention:just-ended", points: 3, expire: ago(MINUTE) },
        { key: "retention:current", points: 3, expire: new Date(Date.now() + 10 * MINUTE) },
      ],
    });
    // A limiter as the sign-in forms make them: its own timer clears the table.
    new AttemptLimit("retention-test", { perAccount: 5, perAddress: 20, windowMinutes: 15 });
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    vi.useRealTimers();
    await vi.waitFor(async () =>
      expect((await prisma.rateLimit.findMany({ where: { key: { startsWith: "retention:" } }, orderBy: { key: "asc" }, select: { key: true } })).map((row) => row.key)).toEqual([
        "retention:current",
        "retention:just-ended",
      ]),
    );
  });
});

describe("each prune reads its rows through an index", () => {
  // The rows each batch deletes, as Prisma selects them (DELETE … WHERE id IN (SELECT id … LIMIT 1000)), and what the
  // cascade from a delivery to its attempts reads.
  const cutoff = new Date();
  const selections: [index: string, query: Prisma.Sql][] = [
    ["WebhookDelivery_finishedAt_idx", Prisma.sql`SELECT id FROM "WebhookDelivery" WHERE status <> 'pending' AND "finishedAt" < ${cutoff} LIMIT 1000`],
    ["WebhookAttempt_deliveryId_idx", Prisma.sql`SELECT id FROM "WebhookAttempt" WHERE "deliveryId" IN (1, 2, 3)`],
    ["Job_doneAt_runAt_idx", Prisma.sql`SELECT id FROM "Job" WHERE "doneAt" < ${cutoff} AND ("lastError" IS NULL OR "lastError" = 'cancelled' OR "doneAt" < ${cutoff}) LIMIT 1000`],
    ["Session_expiresAt_idx", Prisma.sql`SELECT id FROM "Session" WHERE "expiresAt" < ${cutoff} LIMIT 1000`],
    ["Verification_expiresAt_idx", Prisma.sql`SELECT id FROM "Verification" WHERE "expiresAt" < ${cutoff} LIMIT 1000`],
    ["BulkChange_expiresAt_idx", Prisma.sql`SELECT token FROM "BulkChange" WHERE "expiresAt" < ${cutoff} LIMIT 1000`],
    ["IdempotentRequest_createdAt_idx", Prisma.sql`SELECT id FROM "IdempotentRequest" WHERE "createdAt" < ${cutoff} LIMIT 1000`],
    ["TimeClaim_blockStart_idx", Prisma.sql`SELECT "guideId", "blockStart" FROM "TimeClaim" WHERE "blockStart" < ${cutoff} LIMIT 1000`],
    ["RateLimit_expire_idx", Prisma.sql`SELECT key FROM "RateLimit" WHERE expire < ${cutoff}`],
  ];
  test.each(selections)("%s", async (index, query) => {
    if (dialect === "sqlite") await expectReadInIndexOrder(index, query);
    // A few test rows would be scanned whole: with scans priced out, the index must be able to answer.
    else expect(await postgresPlan(query, ["enable_seqscan"])).toContain(index);
  });
});
