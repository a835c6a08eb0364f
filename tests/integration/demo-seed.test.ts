// The demo marketplace (prisma/seed/demo.ts: the seed without SEED_SCALE) looks like a real community: everyone has a picture of
// their own, names are people's names as the console's forms take them, and each review is answered by a reply
// written for it, with no text said twice. Seeded into a SQLite file of this test's own, then read back.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guideFields } from "#app/modules/guides/schema.ts";
import { userFields } from "#app/modules/users/schema.ts";
import { reviewPair, THEMES } from "../../prisma/seed/reviews.ts";
import { createSqliteFile } from "../../scripts/seed-postgres.ts";

const file = path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data", `demo-seed-${process.env.VITEST_POOL_ID ?? "0"}.db`);
let db: Database.Database;

/** Runs the seed (`npm run db:seed`) into `target`, with `extra` in its environment. */
function seed(target: string, extra: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: `file:${target}` };
  for (const name of ["SEED_SCALE", "SEED_RESET", "DEMO_PASSWORD"]) delete env[name];
  execFileSync("npx", ["tsx", "prisma/seed/index.ts"], { env: { ...env, ...extra }, stdio: "pipe" });
}

const removeFile = (target: string) => {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
};

beforeAll(() => {
  mkdirSync(path.dirname(file), { recursive: true });
  removeFile(file);
  createSqliteFile(file);
  seed(file);
  db = new Database(file, { readonly: true });
}, 120_000);

afterAll(() => {
  db?.close();
  removeFile(file);
});

type Person = { id: number; role: string; name: string; bio: string | null; imageId: string | null };
const people = () => db.prepare(`SELECT id, role, name, bio, imageId FROM "User" ORDER BY id`).all() as Person[];

describe("the demo marketplace", () => {
  test("what a pastor is likely to type first on Find a Mentor finds someone", () => {
    const live = db.prepare(`SELECT count(*) AS n FROM "GuideProfile" WHERE "isLive" = 1 AND lower("searchText") LIKE ?`);
    for (const words of ["preaching", "leadership", "burnout", "youth", "church planting", "small group", "grief"]) {
      expect((live.get(`%${words}%`) as { n: number }).n, words).toBeGreaterThan(0);
    }
  });

  test("the overview's totals per month are the bookings made and the revenue of succeeded payments less refunds", () => {
    const kept = db.prepare(`SELECT month, bookings, revenueCents FROM "MonthTotal" ORDER BY month`).all();
    const counted = db
      .prepare(
        `SELECT month, SUM(bookings) AS bookings, SUM(revenueCents) AS revenueCents FROM (
           SELECT substr(createdAt, 1, 7) AS month, 1 AS bookings, 0 AS revenueCents FROM "Booking"
           UNION ALL SELECT substr(createdAt, 1, 7), 0, amountCents - refundedCents FROM "Payment" WHERE status = 'succeeded'
         ) GROUP BY month ORDER BY month`,
      )
      .all();
    expect(kept.length).toBeGreaterThan(1);
    expect(kept).toEqual(counted);
  });

  test("everyone's organisation is a record they are linked to, showing its name, and each keeps its member count", () => {
    expect(db.prepare(`SELECT COUNT(*) FROM "User" WHERE organisation IS NOT NULL AND "organisationId" IS NULL`).pluck().get()).toBe(0);
    const unlike = db.prepare(`SELECT COUNT(*) FROM "User" u JOIN "Organisation" o ON o.id = u."organisationId" WHERE u.organisation <> o.name`).pluck().get();
    expect(unlike).toBe(0);
    const counts = db.prepare(`SELECT o."memberCount" AS kept, (SELECT COUNT(*) FROM "User" u WHERE u."organisationId" = o.id) AS counted FROM "Organisation" o`).all() as Array<{ kept: number; counted: number }>;
    expect(counts.length).toBeGreaterThan(10);
    expect(counts.filter((row) => row.kept !== row.counted)).toEqual([]);
  });

  test("every mentor and mentee has a picture of their own, stored as an upload (WebP)", () => {
    const everyone = people().filter((person) => person.role !== "admin");
    expect(everyone.length).toBe(270);
    expect(everyone.filter((person) => !person.imageId)).toEqual([]);
    const pictures = db
      .prepare(`SELECT u.id, p.contentType, p.byteSize, p.data FROM "User" u JOIN "Upload" p ON p.id = u.imageId WHERE u.role <> 'admin'`)
      .all() as Array<{ id: number; contentType: string; byteSize: number; data: Buffer }>;
    expect(pictures).toHaveLength(everyone.length);
    for (const picture of pictures) {
      expect(picture.contentType).toBe("image/webp");
      expect(picture.data.subarray(0, 4).toString("latin1") + picture.data.subarray(8, 12).toString("latin1")).toBe("RIFFWEBP");
      expect(picture.byteSize).toBe(picture.data.byteLength);
    }
    // Each picture differs from every other one: no two people look alike.
    const looks = new Set(pictures.map((picture) => createHash("sha256").update(picture.data).digest("hex")));
    expect(looks.size).toBe(pictures.length);
  });

  test("names are people's names: no typos like a tripled letter, each once, as the console's forms take them", () => {
    const everyone = people();
    const names = everyone.map((person) => person.name);
    expect(names.filter((name) => /(\p{L})\1\1/iu.test(name))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    for (const person of everyone) {
      if (person.role === "user") expect(userFields.name.safeParse(person.name).success, person.name).toBe(true);
      if (person.role === "guide") {
        expect(guideFields.name.safeParse(person.name).success, person.name).toBe(true);
        expect(guideFields.bio.safeParse(person.bio).success, person.bio ?? "").toBe(true);
      }
    }
    // Varied as a congregation is: accents, and among the guides apostrophes and hyphens.
    expect(names.some((name) => /[À-ž]/.test(name))).toBe(true);
    expect(names.some((name) => name.includes("'")) || names.some((name) => name.includes("-"))).toBe(true);
    expect(names.filter((name) => name === "David Mitchell" || name === "Sarah Johnson")).toHaveLength(2);
  });

  test("each review and its reply are a pair written for that rating and topic, and no review or reply is said twice", () => {
    const reviews = db
      .prepare(
        `SELECT r.rating, r.content, r."mentorResponse" AS reply, b.topic, g.name AS mentor
         FROM "Review" r JOIN "Booking" b ON b.id = r."bookingId" JOIN "User" g ON g.id = r."guideId"`,
      )
      .all() as Array<{ rating: number; content: string; reply: string | null; topic: string; mentor: string }>;
    expect(reviews.length).toBeGreaterThan(100);
    const replies = reviews.flatMap((review) => (review.reply ? [review.reply] : []));
    expect(replies.length).toBeGreaterThan(30);
    expect(new Set(reviews.map((review) => review.content)).size).toBe(reviews.length);
    expect(new Set(replies).size).toBe(replies.length);
    for (const review of reviews) {
      const firstName = review.mentor.split(" ")[0];
      const pairs = THEMES[review.rating - 1].map((_, theme) => reviewPair(review.rating, theme, review.topic, firstName));
      const pair = pairs.find((candidate) => candidate.review === review.content);
      expect(pair, `${review.rating}★ ${review.content}`).toBeDefined();
      if (review.reply) expect(review.reply).toBe(pair!.reply);
    }
    // Low ratings are answered with an apology, never with thanks for kind words.
    for (const review of reviews.filter((review) => review.rating <= 2 && review.reply)) {
      expect(review.reply).toMatch(/sorry|fair|Thank you for telling me/);
      expect(review.reply).not.toMatch(/kind words|So glad|joy/);
    }
  });

  test("each pair that booked since the covenant was published accepted it: the mentee when booking, the mentor by three days later", () => {
    const published = db.prepare(`SELECT publishedAt FROM "CovenantVersion" WHERE version = 1`).pluck().get() as string;
    // When each pair first booked since then.
    const firsts = db
      .prepare(`SELECT userId, guideId, MIN(createdAt) AS madeAt FROM "Booking" WHERE createdAt >= ? GROUP BY userId, guideId`)
      .all(published) as Array<{ userId: number; guideId: number; madeAt: string }>;
    expect(firsts.length).toBeGreaterThan(100);
    const accepted = db.prepare(`SELECT acceptedAt FROM "CovenantAcceptance" WHERE personId = ? AND counterpartId = ? AND version = 1`).pluck();
    const awaited: number[] = [];
    for (const { userId, guideId, madeAt } of firsts) {
      expect(accepted.get(userId, guideId)).toBe(madeAt);
      const byGuide = accepted.get(guideId, userId) as string | undefined;
      if (byGuide === undefined) awaited.push(guideId);
      else expect(Date.parse(byGuide) - Date.parse(madeAt)).toBeLessThanOrEqual(3 * 86_400_000);
    }
    // A few sessions booked in the last days still ask their mentor, among them two of the demo mentor's.
    const demoGuide = db.prepare(`SELECT id FROM "User" WHERE email = 'guide@example.com'`).pluck().get() as number;
    expect(awaited.filter((guideId) => guideId === demoGuide).length).toBeGreaterThanOrEqual(1);
    expect(awaited.length).toBeLessThan(firsts.length / 4);
    // Nobody accepted toward someone they have not booked with since.
    expect(db.prepare(`SELECT COUNT(*) FROM "CovenantAcceptance"`).pluck().get()).toBe(firsts.length * 2 - awaited.length);
  });

  test("seeded again over itself (SEED_RESET=1), it holds the same rows", () => {
    const again = file.replace(/\.db$/, "-again.db");
    removeFile(again);
    copyFileSync(file, again);
    try {
      seed(again, { SEED_RESET: "1" });
      const copy = new Database(again, { readonly: true });
      const tables = db.prepare(`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations' ORDER BY name`).pluck().all() as string[];
      const counts = (of: Database.Database) => Object.fromEntries(tables.map((table) => [table, of.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get()]));
      expect(counts(copy)).toEqual(counts(db));
      copy.close();
    } finally {
      removeFile(again);
    }
  }, 120_000);
});
