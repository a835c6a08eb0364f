// A search that matches more rows than SEARCH_TOTAL_CAP is answered by walking the list in its own order and testing
// each row (see SearchPlan in lib/sql.server.ts); one that matches fewer collects its matches from the indexes. Both
// plans must give the same rows in the same order as the plain meaning of the search, whatever the sort.
import { beforeAll, describe, expect, test } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { SEARCH_TOTAL_CAP } from "#app/lib/list.ts";
import type { SearchPlan } from "#app/lib/sql.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { partiesOf } from "#app/modules/accounts/policy.ts";
import { bookingTopicMatches, partiesMatch, peopleSearchRows, peopleTerm, personMatches } from "#app/modules/accounts/search.server.ts";
import { listBookings } from "#app/modules/bookings/bookings.server.ts";
import { listGuides } from "#app/modules/guides/guides.server.ts";
import { listPayments } from "#app/modules/payments/payments.server.ts";
import { reviewParties } from "#app/modules/reviews/policy.ts";
import { listReviews } from "#app/modules/reviews/reviews.server.ts";
import { listUsers } from "#app/modules/users/users.server.ts";
import { actorOf, createPerson, send, signIn } from "#tests/app.ts";

const MANY = SEARCH_TOTAL_CAP + 150;

type Made = { id: number; topic: string; rateCents: number; createdAt: Date };
let admin: SessionUser, guide: SessionUser;
let bookings: Made[] = [];


/** Topics: most say "Zephyr", every seventh says "Église" instead (a letter LIKE would not fold), every tenth neither. */
const topicOf = (index: number) =>
  index % 10 === 0 ? `Sermon outline ${index}` : index % 7 === 0 ? `Réunion de l'ÉGLISE ${index}` : `ZEPHYR planning ${index}`;

beforeAll(async () => {
  [admin, guide] = (await Promise.all([createPerson("admin"), createPerson("guide")])).map(actorOf);
  const mentee = await createPerson("user");
  const start = Date.UTC(2026, 0, 1);
  await prisma.booking.createMany({
    data: Array.from({ length: MANY * 2 }, (_, index) => ({
      userId: mentee.id,
      guideId: guide.id,
      topic: topicOf(index),
      // Rates repeat, so the order also leans on the id.
      rateCents: 1000 + ((index * 37) % 50) * 100,
      createdAt: new Date(start + ((index * 7919) % (MANY * 2)) * 60_000),
    })),
  });
  bookings = await prisma.booking.findMany({ where: { guideId: guide.id }, select: { id: true, topic: true, rateCents: true, createdAt: true } });
  await prisma.payment.createMany({
    data: bookings.map((booking) => ({
      bookingId: booking.id,
      userId: mentee.id,
      guideId: guide.id,
      amountCents: booking.rateCents,
      status: "succeeded",
      paidAt: booking.createdAt,
    })),
  });
  await prisma.review.createMany({
    data: bookings.map((booking) => ({ bookingId: booking.id, authorId: mentee.id, guideId: guide.id, rating: 5, content: "Helpful", createdAt: booking.createdAt })),
  });
});

const folded = (text: string) => text.toLocaleLowerCase("und");
/** What a search for `term` finds among the test's bookings, in an order (ties by id, the same way). */
function expected(term: string, key: (booking: Made) => number, order: "asc" | "desc") {
  const direction = order === "asc" ? 1 : -1;
  return bookings
    .filter((booking) => folded(booking.topic).includes(folded(term)))
    .sort((a, b) => direction * (key(a) - key(b) || a.id - b.id))
    .map((booking) => booking.id);
}

const state = <S extends string>(search: string, sort: S, order: "asc" | "desc", page = 1) => ({ page, limit: 10, search, sort, order });
const rate = (booking: Made) => booking.rateCents;
const created = (booking: Made) => booking.createdAt.getTime();

describe("a search matching more rows than the count's cap", () => {
  test.each([
    ["zephyr", "rateCents", "desc", 1],
    ["ZePhYr", "rateCents", "asc", 3],
    ["zephyr planning 1", "createdAt", "desc", 2],
    ["église", "createdAt", "asc", 1],
    ["ÉGLISE", "rateCents", "desc", 4],
  ] as const)("bookings: %s by %s %s, page %i, the same rows in the same order", async (term, sort, order, page) => {
    const key = sort === "rateCents" ? rate : created;
    const { data, meta } = await listBookings(state(term, sort === "rateCents" ? "rate" : "createdAt", order, page), { guideId: guide.id }, admin);
    const all = expected(term, key, order);
    expect(data.map((booking) => booking.id)).toEqual(all.slice((page - 1) * 10, page * 10));
    expect(meta.total).toBe(Math.min(all.length, SEARCH_TOTAL_CAP));
  });

  test("the whole list of every booking, walked: the test's rows come first by the newest creation date", async () => {
    // Nothing else in this database says "zephyr": the whole list answers as one guide's does.
    const { data, meta } = await listBookings(state("zephyr", "createdAt", "desc"), {}, admin);
    expect(meta).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(data.map((booking) => booking.id)).toEqual(expected("zephyr", created, "desc").slice(0, 10));
  });

  test("transactions and reviews find a payment or a review by its booking's topic, walked or collected", async () => {
    const payments = await listPayments(state("zephyr", "amount", "desc", 2), {}, admin);
    expect(payments.meta.totalCapped).toBe(true);
    expect(payments.data.map((payment) => payment.bookingId)).toEqual(expected("zephyr", rate, "desc").slice(10, 20));
    // A rare term (one booking) is collected through the indexes and still found.
    const rare = await listPayments(state("ZEPHYR planning 1001", "paidAt", "desc"), {}, admin);
    expect(rare.data.map((payment) => payment.bookingId)).toEqual(expected("ZEPHYR planning 1001", created, "desc"));

    const reviews = await listReviews(state("église", "createdAt", "desc"), { guideId: guide.id }, admin);
    expect(reviews.data.map((review) => review.bookingId)).toEqual(expected("église", created, "desc").slice(0, 10));
    const everyReview = await listReviews(state("zephyr", "createdAt", "asc"), {}, admin);
    expect(everyReview.meta.totalCapped).toBe(true);
    expect(everyReview.data.map((review) => review.bookingId)).toEqual(expected("zephyr", created, "asc").slice(0, 10));
  });

  test("a term with LIKE's wildcards matches them as written", async () => {
    const { data } = await listBookings(state("zephyr_planning", "createdAt", "desc"), { guideId: guide.id }, admin);
    expect(data).toEqual([]);
  });

  test("the JSON API and the screen show the same first page", async () => {
    const { cookie, token } = await signIn("admin");
    const api = await send(`/api/admin/get-allbookings?guideId=${guide.id}&search=zephyr&sort=rate&order=desc&limit=10`, { token });
    expect(api.status).toBe(200);
    const body = (await api.json()) as { bookings: { id: number }[] };
    expect(body.bookings.map((booking) => booking.id)).toEqual(expected("zephyr", rate, "desc").slice(0, 10));
    const screen = await send(`/admin/dashboard/bookings?search=zephyr&sort=rate&order=desc`, { cookie });
    expect(screen.status).toBe(200);
    expect((await screen.text()).replaceAll("<!-- -->", "")).toContain("of 1,000+");
  });
});

test("walking, each row looks its booking (and on PostgreSQL its person) up, instead of gathering every match first", async () => {
  const walk = Prisma.sql`${personMatches(Prisma.sql`p."userId"`, { text: "zephyr" }, "walk")} OR ${bookingTopicMatches(Prisma.sql`p."bookingId"`, "zephyr", "walk")}`;
  const query = Prisma.sql`SELECT p.id FROM "Payment" p WHERE ${walk} ORDER BY p.id DESC LIMIT 10`;
  if (dialect === "postgres") {
    // Left to itself PostgreSQL turns an EXISTS inside OR into a hashed subplan: every booking whose topic matches.
    const plan = await prisma.$queryRaw<Array<{ "QUERY PLAN": string }>>`EXPLAIN ${query}`;
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toMatch(/SubPlan/);
    expect(text).not.toMatch(/hashed SubPlan|Hash/);
  } else {
    const plan = await prisma.$queryRaw<Array<{ detail: string }>>`EXPLAIN QUERY PLAN ${query}`;
    expect(plan.map((row) => row.detail)).toContainEqual(expect.stringMatching(/^CORRELATED SCALAR SUBQUERY/));
  }
});

describe("people searched in lists of people", () => {
  test("users: a common word walks the name order and a rare one collects, with the same rows", async () => {
    await prisma.user.createMany({
      data: Array.from({ length: MANY }, (_, index) => ({
        name: `${index % 3 === 0 ? "Aurelian" : "Bartholomew"} Quince ${String(index).padStart(4, "0")}`,
        email: `quince.${index}@example.test`,
        updatedAt: new Date(),
      })),
    });
    const common = await listUsers(state("quince", "name", "desc", 2));
    expect(common.meta.totalCapped).toBe(true);
    const names = (await prisma.user.findMany({ where: { email: { endsWith: "@example.test", startsWith: "quince." } }, select: { name: true } }))
      .map((user) => user.name)
      .sort()
      .reverse();
    expect(common.data.map((user) => user.name)).toEqual(names.slice(10, 20));
    const rare = await listUsers(state("aurelian quince 000", "name", "asc"));
    expect(rare.data.map((user) => user.name)).toEqual(names.filter((name) => name.startsWith("Aurelian Quince 000")).reverse());
  });

  test("a people list's search is counted from the people index, stopping at the cap (SQLite)", async () => {
    if (dialect !== "sqlite") return expect(peopleSearchRows({ text: "quince" }, Prisma.sql`"User" u`, [])).toBeUndefined();
    const where = [Prisma.sql`u.role = 'user'`, Prisma.sql`u."isDeleted" = FALSE`];
    // As pageOf counts a search's rows: up to the cap.
    const countOf = (rows: Prisma.Sql) => Prisma.sql`SELECT COUNT(*) AS total FROM (SELECT 1 ${rows} LIMIT ${SEARCH_TOTAL_CAP + 1}) matches`;
    const count = countOf(peopleSearchRows({ text: "quince" }, Prisma.sql`"User" u`, where)!);
    const details = (await prisma.$queryRaw<Array<{ detail: string }>>`EXPLAIN QUERY PLAN ${count}`).map((row) => row.detail);
    // The index's matches (the quince people made above) are the outer loop, each looked up by id; no list of every
    // match is gathered first.
    expect(details.find((detail) => /^(SCAN|SEARCH)/.test(detail))).toMatch(/UserSearch VIRTUAL TABLE/);
    expect(details.some((detail) => /LIST SUBQUERY/.test(detail))).toBe(false);
    const [{ total }] = await prisma.$queryRaw<Array<{ total: unknown }>>(count);
    expect(Number(total)).toBe(SEARCH_TOTAL_CAP + 1);
    const [{ total: none }] = await prisma.$queryRaw<Array<{ total: unknown }>>(countOf(peopleSearchRows({ text: "qxzjvq" }, Prisma.sql`"User" u`, where)!));
    expect(Number(none)).toBe(0);
  });

  test("guides: each guide is tested, and only guides are found", async () => {
    const named = await createPerson("guide", { name: "Thaddeus Quince" });
    const { data, meta } = await listGuides(state("quince", "name", "asc"));
    expect(data.map((row) => row.id)).toEqual([named.id]);
    expect(meta.total).toBe(1);
  });
});

describe("a list narrowed to one person asks about that person once", () => {
  const firstName = async (id: number) => (await prisma.user.findUniqueOrThrow({ where: { id }, select: { name: true } })).name.split(" ")[0];

  test("that person's side is true when the search finds them, false otherwise", async () => {
    const found = async (term: string) => {
      const [row] = await prisma.$queryRaw<Array<{ hit: unknown }>>`SELECT CASE WHEN ${personMatches(guide.id, await peopleTerm(term))} THEN 1 ELSE 0 END AS hit`;
      return Number(row.hit) === 1;
    };
    const word = await firstName(guide.id);
    expect(await found(word)).toBe(true);
    expect(await found(word.slice(0, 2))).toBe(true);
    expect(await found("qxzjvq")).toBe(false);
  });

  test("a guide's own reviews: their own name finds them all, and only the mentees' side gathers the people found", async () => {
    const own = await listReviews(state(await firstName(guide.id), "createdAt", "desc"), {}, guide);
    expect(own.meta.total).toBeGreaterThanOrEqual(SEARCH_TOTAL_CAP);
    expect((await listReviews(state("qxzjvq", "createdAt", "desc"), {}, guide)).meta.total).toBe(0);

    const search = partiesMatch(reviewParties, partiesOf(guide, {}), { text: "zephyr" }, "collect");
    const query = Prisma.sql`SELECT r.id FROM "Review" r WHERE r."guideId" = ${guide.id} AND (${search}) ORDER BY r.id DESC LIMIT 10`;
    if (dialect === "postgres") {
      const plan = await prisma.$queryRaw<Array<{ "QUERY PLAN": string }>>`EXPLAIN ${query}`;
      // The guide's side is worked out once, before the scan.
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(/InitPlan/);
    } else {
      const details = (await prisma.$queryRaw<Array<{ detail: string }>>`EXPLAIN QUERY PLAN ${query}`).map((row) => row.detail);
      // One list of people found (the mentees' side); the guide's side is a lookup of one id.
      expect(details.filter((detail) => /^LIST SUBQUERY/.test(detail))).toHaveLength(1);
      expect(details).toContainEqual(expect.stringMatching(/^SCALAR SUBQUERY/));
    }
  });

  test("a list of few rows tests each row's person on their own, gathering no one from the people index (SQLite)", async () => {
    const reviewsFound = (term: string, plan: SearchPlan) => {
      const search = partiesMatch(reviewParties, { user: undefined }, { text: term }, plan);
      return Prisma.sql`SELECT r.id FROM "Review" r WHERE r."guideId" = ${guide.id} AND (${search}) ORDER BY r.id DESC LIMIT 10`;
    };
    const mentee = await firstName((await prisma.review.findFirstOrThrow({ where: { guideId: guide.id } })).authorId);
    for (const term of [mentee, mentee.slice(0, 2), "qxzjvq"]) {
      const [few, collected] = await Promise.all([prisma.$queryRaw(reviewsFound(term, "few")), prisma.$queryRaw(reviewsFound(term, "collect"))]);
      expect(few).toEqual(collected);
    }
    if (dialect === "postgres") return;
    const planOf = async (term: string) =>
      (await prisma.$queryRaw<Array<{ detail: string }>>`EXPLAIN QUERY PLAN ${reviewsFound(term, "few")}`).map((row) => row.detail).join("\n");
    // Each review's people are looked up by id and their names read; the index is not used.
    expect(await planOf("zephyr")).not.toMatch(/UserSearch|LIST SUBQUERY/);
    // Two letters find the start of a word: only the people index can answer that.
    expect(await planOf("ze")).toMatch(/UserWords/);
    // An accented term: LIKE would not fold É as the index does, so the index answers.
    expect(await planOf("Église")).toMatch(/UserSearch/);
  });
});
