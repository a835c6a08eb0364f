// The scale generator (prisma/seed/scale.ts, SEED_SCALE) seeded into a SQLite file of this test's own. Its bulk load
// knows no trigger or index by name, yet leaves the schema exactly as the migrations made it (and a trigger this test
// adds, which it has never heard of, kept and replayed over every row); what the product derives is what the owning
// modules' functions give for the rows it wrote.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { earningOf } from "#app/modules/billing/money.ts";
import { ratingOf } from "#app/modules/reviews/rating-of.ts";
import { soonestFreeStart, withinPlatformBounds } from "#app/modules/schedule/free-times.ts";
import { RETRY_FOR_MS, bookingData, retryDelayMs } from "#app/modules/webhooks/delivery.ts";
import { EVENT_VALUES } from "#app/modules/webhooks/events.ts";
import { createSqliteFile } from "../../scripts/seed-postgres.ts";

const dir = path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data");
const file = path.join(dir, `scale-seed-${process.env.VITEST_POOL_ID ?? "0"}.db`);
const migrated = path.join(dir, `scale-seed-migrated-${process.env.VITEST_POOL_ID ?? "0"}.db`);
const NOW = "2026-11-29T12:00:00.000Z";

/** A trigger of the test's own, on a table the bulk load fills: every completed booking noted in a table of its own. */
const PROBE = `CREATE TABLE "SeedProbe" ("bookingId" INTEGER NOT NULL PRIMARY KEY, "topic" TEXT NOT NULL);
CREATE TRIGGER "Booking_seed_probe" AFTER INSERT ON "Booking" WHEN new.status = 'completed' BEGIN
  INSERT INTO "SeedProbe"("bookingId", "topic") VALUES (new.id, new.topic);
END;`;

let db: Database.Database;
// ANALYZE's statistics tables aside.
const schemaOf = (database: Database.Database) =>
  database.prepare(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name`).all();
const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;

beforeAll(() => {
  mkdirSync(dir, { recursive: true });
  for (const target of [file, migrated]) for (const suffix of ["", "-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
  for (const target of [file, migrated]) {
    createSqliteFile(target);
    const database = new Database(target);
    database.exec(PROBE);
    database.close();
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `file:${file}`, SEED_SCALE: "2000", SEED_NOW: NOW };
  for (const name of ["SEED_RESET", "DEMO_PASSWORD"]) delete env[name];
  execFileSync("npx", ["tsx", "prisma/seed/index.ts"], { env, stdio: "pipe" });
  db = new Database(file, { readonly: true });
}, 120_000);

afterAll(() => {
  db?.close();
  for (const target of [file, migrated]) for (const suffix of ["", "-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
});

describe("the scale seed", () => {
  test("leaves every index and trigger as the migrations (and this test) made them, and every key pointing at a row", () => {
    const reference = new Database(migrated, { readonly: true });
    try {
      expect(schemaOf(db)).toEqual(schemaOf(reference));
    } finally {
      reference.close();
    }
    expect(count(`SELECT count(*) AS n FROM "Booking"`)).toBeGreaterThan(19_000);
    expect(db.prepare(`PRAGMA foreign_key_check`).all()).toEqual([]);
  });

  test("replays each insert trigger over the rows it loaded: a trigger it never heard of, and every search index", () => {
    expect(count(`SELECT count(*) AS n FROM "SeedProbe"`)).toBe(count(`SELECT count(*) AS n FROM "Booking" WHERE status = 'completed'`));
    expect(count(`SELECT count(*) AS n FROM "SeedProbe" p JOIN "Booking" b ON b.id = p."bookingId" WHERE b.topic = p.topic AND b.status = 'completed'`)).toBe(
      count(`SELECT count(*) AS n FROM "SeedProbe"`),
    );
    expect(db.prepare(`SELECT rowid AS id, name, email, organisation FROM "UserSearch" ORDER BY rowid`).all()).toEqual(
      db.prepare(`SELECT id, name, email, coalesce(organisation, '') AS organisation FROM "User" ORDER BY id`).all(),
    );
    expect(db.prepare(`SELECT rowid AS id, topic FROM "BookingSearch" ORDER BY rowid`).all()).toEqual(db.prepare(`SELECT id, topic FROM "Booking" ORDER BY id`).all());
    // Each full-text table holds a row for each row of the table whose trigger fills it.
    const fills = db.prepare(`SELECT tbl_name AS "table", sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%AFTER INSERT%'`).all() as Array<{ table: string; sql: string }>;
    const searchTables = (db.prepare(`SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%fts5%'`).all() as Array<{ name: string }>).map((row) => row.name);
    expect(searchTables.length).toBeGreaterThan(5);
    for (const search of searchTables) {
      const source = fills.find((trigger) => trigger.sql.includes(`INSERT INTO "${search}"`));
      expect(source, search).toBeDefined();
      expect(count(`SELECT count(*) AS n FROM "${search}"`), search).toBe(count(`SELECT count(*) AS n FROM "${source!.table}"`));
    }
  });

  test("each guide's rating is the reviews module's ratingOf their reviews", () => {
    const guides = db.prepare(`SELECT "userId", "ratingAverage", "ratingCount" FROM "GuideProfile"`).all() as Array<{ userId: number; ratingAverage: number; ratingCount: number }>;
    const stars = db.prepare(`SELECT rating FROM "Review" WHERE "guideId" = ? AND "hiddenAt" IS NULL`).pluck();
    expect(guides.filter((guide) => guide.ratingCount > 0).length).toBeGreaterThan(50);
    for (const guide of guides) expect({ ratingAverage: guide.ratingAverage, ratingCount: guide.ratingCount }, String(guide.userId)).toEqual(ratingOf(stars.all(guide.userId) as number[]));
  });

  test("each live guide's next free time is the schedule module's soonestFreeStart of the rules and claims it wrote", () => {
    const limits = db.prepare(`SELECT "minimumNoticeHours", "maxAdvanceDays" FROM "PlatformSettings" WHERE id = 1`).get() as { minimumNoticeHours: number; maxAdvanceDays: number };
    const guides = db
      .prepare(
        `SELECT u.id, u."timeZone", g."bufferMinutes", g."noticeHours", g."horizonDays", g."nextFreeAt" FROM "GuideProfile" g JOIN "User" u ON u.id = g."userId"
         WHERE u.role = 'guide' AND u."isVerified" AND u.status = 'active' AND NOT u."isDeleted"`,
      )
      .all() as Array<{ id: number; timeZone: string; bufferMinutes: number; noticeHours: number; horizonDays: number; nextFreeAt: string | null }>;
    const weekly = db.prepare(`SELECT weekday, "startTime", "endTime" FROM "Availability" WHERE "guideId" = ?`);
    const lengths = db.prepare(`SELECT minutes FROM "SessionOption" WHERE "guideId" = ? ORDER BY minutes`).pluck();
    const claims = db.prepare(`SELECT "blockStart" FROM "TimeClaim" WHERE "guideId" = ?`).pluck();
    expect(guides.filter((guide) => guide.nextFreeAt).length).toBeGreaterThan(50);
    for (const guide of guides) {
      const rules = withinPlatformBounds(
        { timeZone: guide.timeZone, weekly: weekly.all(guide.id) as never, overrides: [], bufferMinutes: guide.bufferMinutes, noticeHours: guide.noticeHours, horizonDays: guide.horizonDays, paused: false },
        limits,
      );
      const busy = (claims.all(guide.id) as string[]).map((at) => Date.parse(at));
      const soonest = soonestFreeStart(rules, lengths.all(guide.id) as number[], busy, new Date(NOW));
      expect(guide.nextFreeAt && new Date(guide.nextFreeAt).toISOString(), String(guide.id)).toBe(soonest?.toISOString() ?? null);
    }
  });

  test("the busiest guide's endpoint holds a month of every event, each delivery finished at the module's retry schedule", () => {
    // The guide the benchmark signs in as (scripts/bench/setup.ts) and their endpoint with the most attempts.
    const { guideId } = db
      .prepare(
        `SELECT u.id AS "guideId" FROM "Booking" b JOIN "User" u ON u.id = b."guideId"
         WHERE u.role = 'guide' AND NOT u."isDeleted" AND u.status = 'active' AND EXISTS (SELECT 1 FROM "PublishedContent" pc WHERE pc."guideId" = u.id)
         GROUP BY u.id ORDER BY COUNT(*) DESC, u.id LIMIT 1`,
      )
      .get() as { guideId: number };
    const { endpointId } = db
      .prepare(`SELECT w.id AS "endpointId" FROM "WebhookEndpoint" w JOIN "WebhookAttempt" a ON a."endpointId" = w.id WHERE w."userId" = ? GROUP BY w.id ORDER BY COUNT(*) DESC LIMIT 1`)
      .get(guideId) as { endpointId: number };
    // One delivery per five mentees (400 of 2,000) over the past month; other people's endpoints a few dozen each here.
    expect(count(`SELECT count(*) AS n FROM "WebhookDelivery" WHERE "endpointId" = ${endpointId}`)).toBe(400);
    expect(count(`SELECT count(DISTINCT "userId") AS n FROM "WebhookEndpoint"`)).toBeGreaterThan(5);
    const types = db.prepare(`SELECT DISTINCT "eventType" FROM "WebhookDelivery" WHERE "endpointId" = ? ORDER BY 1`).pluck().all(endpointId);
    expect(types).toEqual([...EVENT_VALUES].sort());

    const deliveries = db.prepare(`SELECT id, "endpointId", "eventType", body, status, "createdAt", "finishedAt" FROM "WebhookDelivery"`).all() as Array<{
      id: number; endpointId: number; eventType: string; body: string; status: string; createdAt: string; finishedAt: string;
    }>;
    const attemptsOf = db.prepare(`SELECT "endpointId", "eventType", "attemptedAt", "statusCode", delivered FROM "WebhookAttempt" WHERE "deliveryId" = ? ORDER BY "attemptedAt"`);
    const bookingOf = db.prepare(
      `SELECT b.id, b."startsAt", b."durationMinutes", b.topic, b."guideId", g.name AS "guideName", b."userId", m.name AS "menteeName"
       FROM "Booking" b JOIN "User" g ON g.id = b."guideId" JOIN "User" m ON m.id = b."userId" WHERE b.id = ?`,
    );
    const outcomes = { delivered: 0, retried: 0, failed: 0 };
    for (const delivery of deliveries) {
      const createdAt = Date.parse(delivery.createdAt);
      const body = JSON.parse(delivery.body) as { type: string; timestamp: string; data: { booking?: { id: number; status: string } } };
      expect(body.type).toBe(delivery.eventType);
      expect(body.timestamp).toBe(new Date(createdAt).toISOString());
      // A booking's event tells of it as the module's own builder does.
      if (body.data.booking) {
        const row = bookingOf.get(body.data.booking.id) as { id: number; startsAt: string; durationMinutes: number; topic: string; guideId: number; guideName: string; userId: number; menteeName: string };
        const facts = { ...row, status: body.data.booking.status, startsAt: new Date(row.startsAt), guide: { id: row.guideId, name: row.guideName }, mentee: { id: row.userId, name: row.menteeName } };
        expect(body.data).toEqual(bookingData(facts));
      }
      const attempts = attemptsOf.all(delivery.id) as Array<{ endpointId: number; eventType: string; attemptedAt: string; statusCode: number | null; delivered: number }>;
      const times = attempts.map((attempt) => Date.parse(attempt.attemptedAt));
      expect(attempts.every((attempt) => attempt.endpointId === delivery.endpointId && attempt.eventType === delivery.eventType)).toBe(true);
      expect(times[0]).toBeGreaterThan(createdAt);
      times.slice(1).forEach((at, k) => expect(at - times[k]).toBeGreaterThanOrEqual(Math.min(retryDelayMs(k + 1), createdAt + RETRY_FOR_MS - times[k])));
      expect(Date.parse(delivery.finishedAt)).toBe(times.at(-1));
      expect(times.at(-1)).toBeLessThan(Date.parse(NOW));
      // Nothing is left to send: delivered at a 2xx (the only one), or failed once a day of refusals had passed.
      const last = attempts.at(-1)!;
      if (delivery.status === "delivered") {
        expect(last.delivered).toBe(1);
        expect(last.statusCode).toBeGreaterThanOrEqual(200);
        expect(attempts.slice(0, -1).every((attempt) => !attempt.delivered)).toBe(true);
        outcomes[attempts.length === 1 ? "delivered" : "retried"]++;
      } else {
        expect(delivery.status).toBe("failed");
        expect(attempts.every((attempt) => !attempt.delivered)).toBe(true);
        expect(times.at(-1)).toBeGreaterThanOrEqual(createdAt + RETRY_FOR_MS);
        outcomes.failed++;
      }
    }
    expect(outcomes.delivered).toBeGreaterThan(deliveries.length * 0.85);
    expect(outcomes.retried).toBeGreaterThan(0);
    expect(outcomes.failed).toBeGreaterThan(0);
  });

  test("month totals count the bookings and succeeded payments of each month; a payout is the guide's earning at its fee", () => {
    const kept = db.prepare(`SELECT month, bookings, "revenueCents" FROM "MonthTotal" ORDER BY month`).all();
    const counted = db
      .prepare(
        `SELECT month, SUM(bookings) AS bookings, SUM("revenueCents") AS "revenueCents" FROM (
           SELECT substr("createdAt", 1, 7) AS month, 1 AS bookings, 0 AS "revenueCents" FROM "Booking"
           UNION ALL SELECT substr("createdAt", 1, 7), 0, "amountCents" - "refundedCents" FROM "Payment" WHERE status = 'succeeded'
         ) GROUP BY month ORDER BY month`,
      )
      .all();
    expect(kept).toEqual(counted);
    const payouts = db.prepare(`SELECT o."amountCents", o."feePercent", p."amountCents" AS paid, p."refundedCents" AS refunded FROM "Payout" o JOIN "Payment" p ON p.id = o."paymentId"`).all() as Array<{
      amountCents: number; feePercent: number; paid: number; refunded: number;
    }>;
    expect(payouts.length).toBe(count(`SELECT count(*) AS n FROM "Payment" WHERE status = 'succeeded'`));
    for (const payout of payouts) expect(payout.amountCents).toBe(earningOf(payout.paid, payout.refunded, payout.feePercent).netCents);
  });
});
