// A search matching more rows than SEARCH_TOTAL_CAP, or fewer: either way the rows and their order are the plain meaning
// of the search, whatever the sort, counted up to the cap.
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { SEARCH_TOTAL_CAP } from "#app/lib/list.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { listBookings } from "#app/modules/bookings/bookings.server.ts";
import { listGuides } from "#app/modules/guides/guides.server.ts";
import { listPayments } from "#app/modules/payments/payments.server.ts";
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

describe("people searched in lists of people", () => {
  test("users: a common word and a rare one, the same rows as the plain search", async () => {
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

  test("guides: only guides are found", async () => {
    const named = await createPerson("guide", { name: "Thaddeus Quince" });
    const { data, meta } = await listGuides(state("quince", "name", "asc"));
    expect(data.map((row) => row.id)).toEqual([named.id]);
    expect(meta.total).toBe(1);
  });
});

describe("a list narrowed to one person", () => {
  const firstName = async (id: number) => (await prisma.user.findUniqueOrThrow({ where: { id }, select: { name: true } })).name.split(" ")[0];

  test("a guide's own reviews: their own name finds them all, their mentee's name too, a matchless term none", async () => {
    const own = await listReviews(state(await firstName(guide.id), "createdAt", "desc"), {}, guide);
    expect(own.meta.total).toBeGreaterThanOrEqual(SEARCH_TOTAL_CAP);
    const mentee = await firstName((await prisma.review.findFirstOrThrow({ where: { guideId: guide.id } })).authorId);
    for (const term of [mentee, mentee.slice(0, 2)]) {
      expect((await listReviews(state(term, "createdAt", "desc"), {}, guide)).meta.total).toBeGreaterThanOrEqual(SEARCH_TOTAL_CAP);
    }
    expect((await listReviews(state("qxzjvq", "createdAt", "desc"), {}, guide)).meta.total).toBe(0);
  });
});
