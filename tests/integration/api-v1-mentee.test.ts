/**
 * The marketplace API's mentee side with a personal access token, through the same domain functions as the screens:
 * a mentor's profile and free times (a time it lists is booked through POST /api/v1/bookings), the mentee's payments
 * and receipts, writing and changing a review and the guide's reply, and each side's reviews. Each call's refusals:
 * no token 401, a scope missing 403, another person's record 404, bad input 400 with its message, and a write repeated
 * with the same Idempotency-Key answers the first answer and writes once. Real Requests through the built app.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createAccessToken } from "#app/modules/access-tokens/access-tokens.server.ts";
import type { TokenScope } from "#app/modules/access-tokens/scopes.ts";
import { reviewMessages } from "#app/modules/reviews/schema.ts";
import { actorOf, createPerson, send } from "#tests/app.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";

type Person = Awaited<ReturnType<typeof createPerson>>;

async function tokenOf(person: Person, scopes: TokenScope[]) {
  const { token } = await createAccessToken(actorOf(person), { name: "Tests", scopes, lifetime: 30 });
  return `Bearer ${token}`;
}

const write = (method: "POST" | "PATCH", path: string, token: string, body: unknown, key?: string) =>
  send(path, { method, token, body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...(key ? { "Idempotency-Key": key } : {}) } });

const read = async <T = Record<string, unknown>>(path: string, token?: string) => {
  const response = await send(path, { token });
  return { status: response.status, body: (await response.json()) as T };
};

const NO_TOKEN = { message: "Authentication token is missing" };
const lacks = (scope: TokenScope) => ({ message: `This token lacks the "${scope}" scope` });

/** A session of the mentee's with the guide, completed (reviewable) unless `status` says otherwise. */
const session = (mentee: Person, guide: Person, topic: string, status = "completed") =>
  prisma.booking.create({
    data: { userId: mentee.id, guideId: guide.id, startsAt: new Date(Date.UTC(2026, 0, 12, 15)), topic, rateCents: 5000, status, paymentStatus: "paid" },
    select: { id: true },
  });

describe("GET /api/v1/mentors/{id} and /times", () => {
  let guide: Person;
  let mentee: Person;
  let token: string;

  beforeAll(async () => {
    guide = await createBookableGuide();
    mentee = await createPerson("user");
    token = await tokenOf(mentee, ["read", "book"]);
  });

  test("a mentor's profile as their page shows it; anyone who is not a live mentor is a 404", async () => {
    const { status, body } = await read<{ id: number; name: string; lengths: unknown[]; freeTimes: { startsAt: string; durationMinutes: number }[]; reviews: { page: number } }>(`/api/v1/mentors/${guide.id}`, token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: guide.id, name: guide.name, lengths: [{ minutes: 60, priceCents: 5000 }], reviews: { page: 1 } });
    expect(body.freeTimes.length).toBeGreaterThan(0);
    expect(body.freeTimes[0].durationMinutes).toBe(60);

    expect(await read(`/api/v1/mentors/${mentee.id}`, token)).toEqual({ status: 404, body: { message: "This mentor's profile could not be found." } });
    expect((await read(`/api/v1/mentors/${guide.id}?reviewsPage=`, token)).status).toBe(200);
    expect(await read(`/api/v1/mentors/${guide.id}?reviewsPage=abc`, token)).toMatchObject({ status: 400, body: { message: "Invalid reviewsPage: expected a positive whole number" } });
    expect(await read(`/api/v1/mentors/x1`, token)).toEqual({ status: 400, body: { message: "Invalid id: expected a positive whole number" } });
    expect(await read(`/api/v1/mentors/${guide.id}`)).toEqual({ status: 401, body: NO_TOKEN });
    expect(await read(`/api/v1/mentors/${guide.id}`, await tokenOf(mentee, ["book"]))).toEqual({ status: 403, body: lacks("read") });
  });

  test("free times as the booking dialog lists them: a listed time books through POST /api/v1/bookings, then is gone", async () => {
    type Week = { minutes: number; intro: boolean; lengths: unknown[]; week: { key: string; next: string | null }; days: { key: string; times: string[] }[] };
    const { status, body } = await read<Week>(`/api/v1/mentors/${guide.id}/times`, token);
    expect(status).toBe(200);
    expect(body).toMatchObject({ minutes: 60, intro: false, lengths: [{ minutes: 60, priceCents: 5000, intro: false }] });
    const next = await read<Week>(`/api/v1/mentors/${guide.id}/times?week=${body.week.next}&minutes=60`, token);
    expect(next.body.week.key).toBe(body.week.next);
    const start = next.body.days[0].times[0];
    expect(next.body.days.every((day) => day.key >= body.week.next!)).toBe(true);

    const booked = await write("POST", "/api/v1/bookings", token, { guideId: guide.id, minutes: 60, startsAt: start, topic: "Leading volunteers" });
    expect(booked.status).toBe(201);
    const after = await read<Week>(`/api/v1/mentors/${guide.id}/times?week=${body.week.next}`, token);
    expect(after.body.days.flatMap((day) => day.times)).not.toContain(start);
  });

  test("the free introduction is offered while the mentee may have it; lengths not offered are refused", async () => {
    await prisma.guideProfile.update({ where: { userId: guide.id }, data: { freeIntroMinutes: 20 } });
    const intro = await read<{ minutes: number; intro: boolean; lengths: unknown[] }>(`/api/v1/mentors/${guide.id}/times?intro=1`, token);
    expect(intro).toMatchObject({ status: 200, body: { minutes: 20, intro: true, lengths: [{ minutes: 20, priceCents: 0, intro: true }, { minutes: 60, priceCents: 5000, intro: false }] } });
    await prisma.guideProfile.update({ where: { userId: guide.id }, data: { freeIntroMinutes: null } });

    expect(await read(`/api/v1/mentors/${guide.id}/times?intro=1`, token)).toEqual({
      status: 400,
      body: { message: "The free introductory session is not available", errors: { intro: ["The free introductory session is not available"] } },
    });
    expect(await read(`/api/v1/mentors/${guide.id}/times?minutes=45`, token)).toMatchObject({ status: 400, body: { message: "This mentor does not offer that session length" } });
    expect(await read(`/api/v1/mentors/${guide.id}/times?minutes=abc`, token)).toMatchObject({ status: 400, body: { message: "Invalid minutes: expected a session length in minutes" } });
    expect(await read(`/api/v1/mentors/${guide.id}/times?week=soon`, token)).toMatchObject({ status: 400, body: { message: "week must be a day, YYYY-MM-DD" } });
    expect(await read(`/api/v1/mentors/${mentee.id}/times`, token)).toEqual({ status: 404, body: { message: "This mentor's profile could not be found." } });
    expect((await read(`/api/v1/mentors/${guide.id}/times`)).status).toBe(401);
    expect((await read(`/api/v1/mentors/${guide.id}/times`, await tokenOf(mentee, ["book"]))).status).toBe(403);
  });
});

describe("GET /api/v1/payments and /payments/{id}/receipt", () => {
  test("the mentee's own payments as their screen lists them, and each one's receipt; nobody else's", async () => {
    const guide = await createBookableGuide();
    const mentee = await createPerson("user");
    const other = await createPerson("user");
    const token = await tokenOf(mentee, ["read"]);
    const pay = async (payer: Person, topic: string, amountCents: number, paidAt: Date) => {
      const booking = await session(payer, guide, topic);
      return prisma.payment.create({ data: { bookingId: booking.id, userId: payer.id, guideId: guide.id, amountCents, status: "succeeded", paidAt }, select: { id: true } });
    };
    const older = await pay(mentee, "Sabbath rest", 9500, new Date("2026-02-01T12:00:00Z"));
    const newer = await pay(mentee, "Elder board", 5000, new Date("2026-03-01T12:00:00Z"));
    const theirs = await pay(other, "Not yours", 7000, new Date("2026-03-02T12:00:00Z"));

    type Page = { payments: { id: number; topic: string; amountCents: number; guideName: string }[]; meta: { total: number; page: number; limit: number } };
    const listed = await read<Page>("/api/v1/payments", token);
    expect(listed.status).toBe(200);
    expect(listed.body.payments.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(listed.body.meta).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(listed.body.payments[0]).toMatchObject({ topic: "Elder board", amountCents: 5000, guideName: guide.name });
    expect((await read<Page>("/api/v1/payments?sort=amount&order=desc", token)).body.payments.map((row) => row.id)).toEqual([older.id, newer.id]);
    expect((await read<Page>("/api/v1/payments?search=sabbath", token)).body.payments.map((row) => row.id)).toEqual([older.id]);
    expect((await read<Page>("/api/v1/payments?limit=1&page=2", token)).body).toMatchObject({ payments: [{ id: older.id }], meta: { total: 2, page: 2 } });
    expect(await read("/api/v1/payments?sort=topic", token)).toMatchObject({ status: 400, body: { message: expect.stringContaining("sort") } });
    expect(await read("/api/v1/payments?page=0", token)).toMatchObject({ status: 400 });
    expect(await read("/api/v1/payments")).toEqual({ status: 401, body: NO_TOKEN });
    expect(await read("/api/v1/payments", await tokenOf(mentee, ["book"]))).toEqual({ status: 403, body: lacks("read") });
    expect(await read("/api/v1/payments", await tokenOf(guide, ["read"]))).toEqual({ status: 403, body: { message: "Only mentees have a payment history here" } });

    const receipt = await read<Record<string, unknown>>(`/api/v1/payments/${newer.id}/receipt`, token);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ id: newer.id, status: "succeeded", amountCents: 5000, reference: `MM-${String(newer.id).padStart(6, "0")}`, payer: { name: mentee.name }, guide: { id: guide.id }, booking: { topic: "Elder board" } });
    expect(await read(`/api/v1/payments/${theirs.id}/receipt`, token)).toEqual({ status: 404, body: { message: "Receipt not found" } });
    expect(await read(`/api/v1/payments/abc/receipt`, token)).toEqual({ status: 400, body: { message: "Invalid id: expected a positive whole number" } });
    expect((await read(`/api/v1/payments/${newer.id}/receipt`)).status).toBe(401);
    expect((await read(`/api/v1/payments/${newer.id}/receipt`, await tokenOf(mentee, ["book"]))).status).toBe(403);
  });
});

describe("reviews: the mentee writes and changes theirs, the guide replies, each lists their own", () => {
  let guide: Person;
  let mentee: Person;
  let menteeToken: string;
  let guideToken: string;

  beforeAll(async () => {
    guide = await createBookableGuide();
    mentee = await createPerson("user");
    menteeToken = await tokenOf(mentee, ["read", "book"]);
    guideToken = await tokenOf(guide, ["read", "schedule"]);
  });

  test("a review of a completed session is written once (a repeated key replays it), changed within the window, and the guide's rating follows", async () => {
    const { id } = await session(mentee, guide, "Preaching through grief");
    expect((await read<{ mode: string }>(`/api/v1/bookings/${id}/review`, menteeToken)).body.mode).toBe("create");

    const body = { rating: 5, content: "Wise, patient and practical counsel." };
    const first = await write("POST", `/api/v1/bookings/${id}/review`, menteeToken, body, "review-once");
    expect(first.status).toBe(201);
    const answer = (await first.json()) as { mode: string; review: { rating: number; content: string }; editableUntil: string };
    expect(answer).toMatchObject({ mode: "update", review: { rating: 5, content: body.content } });
    const again = await write("POST", `/api/v1/bookings/${id}/review`, menteeToken, body, "review-once");
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(answer);
    expect(await prisma.review.count({ where: { bookingId: id } })).toBe(1);
    expect(await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.id }, select: { ratingAverage: true, ratingCount: true } })).toEqual({ ratingAverage: 5, ratingCount: 1 });

    const second = await write("POST", `/api/v1/bookings/${id}/review`, menteeToken, body);
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ message: reviewMessages.alreadyReviewed });

    const changed = await write("PATCH", `/api/v1/bookings/${id}/review`, menteeToken, { rating: 4, content: "Wise and practical; we ran out of time." });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ mode: "update", review: { rating: 4, editedAt: expect.any(String) } });
    expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.id }, select: { ratingAverage: true } })).ratingAverage).toBe(4);

    // Past the 14 days the review is read-only.
    await prisma.review.updateMany({ where: { bookingId: id }, data: { createdAt: new Date(Date.now() - 15 * 86_400_000) } });
    const late = await write("PATCH", `/api/v1/bookings/${id}/review`, menteeToken, { rating: 1, content: "Changed my mind much later." });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ message: reviewMessages.editWindowOver });
    expect((await prisma.review.findFirstOrThrow({ where: { bookingId: id } })).rating).toBe(4);
  });

  test("refusals: a session not completed, no review to change, bad input, another's booking, a missing scope", async () => {
    const upcoming = await session(mentee, guide, "Not yet", "confirmed");
    const notYet = await write("POST", `/api/v1/bookings/${upcoming.id}/review`, menteeToken, { rating: 5, content: "Too early to say anything." });
    expect(notYet.status).toBe(409);
    expect(await notYet.json()).toEqual({ message: reviewMessages.notCompleted });

    const { id } = await session(mentee, guide, "Staff hiring");
    const nothing = await write("PATCH", `/api/v1/bookings/${id}/review`, menteeToken, { rating: 5, content: "Nothing to change yet here." });
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toEqual({ message: reviewMessages.noReviewYet });

    const badRating = await write("POST", `/api/v1/bookings/${id}/review`, menteeToken, { rating: 7, content: "Seven stars out of five." });
    expect(badRating.status).toBe(400);
    expect(await badRating.json()).toMatchObject({ message: reviewMessages.ratingRequired, errors: { rating: [reviewMessages.ratingRequired] } });
    const short = await write("POST", `/api/v1/bookings/${id}/review`, menteeToken, { rating: 4, content: "Good." });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ message: reviewMessages.contentLength });
    expect((await send(`/api/v1/bookings/${id}/review`, { method: "POST", token: menteeToken, body: "[1]", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect(await prisma.review.count({ where: { bookingId: id } })).toBe(0);

    const stranger = await tokenOf(await createPerson("user"), ["read", "book"]);
    const theirs = await write("POST", `/api/v1/bookings/${id}/review`, stranger, { rating: 1, content: "I was never in this session." });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ message: reviewMessages.bookingNotFound });
    expect(await read(`/api/v1/bookings/${id}/review`, stranger)).toEqual({ status: 404, body: { message: reviewMessages.bookingNotFound } });
    // The guide of the session does not write its review either.
    expect((await write("POST", `/api/v1/bookings/${id}/review`, await tokenOf(guide, ["book"]), { rating: 5, content: "Reviewing myself, kindly." })).status).toBe(404);

    const readOnly = await write("POST", `/api/v1/bookings/${id}/review`, await tokenOf(mentee, ["read"]), { rating: 5, content: "Read-only tokens cannot write." });
    expect(readOnly.status).toBe(403);
    expect(await readOnly.json()).toEqual(lacks("book"));
    expect((await write("POST", `/api/v1/bookings/${id}/review`, "", { rating: 5, content: "No token at all here." })).status).toBe(401);
    expect((await send(`/api/v1/bookings/${id}/review`, { method: "DELETE", token: menteeToken })).status).toBe(405);
  });

  test("the guide replies once (a repeated key replays it); the lists show each side's own reviews", async () => {
    const { id } = await session(mentee, guide, "Church planting");
    await write("POST", `/api/v1/bookings/${id}/review`, menteeToken, { rating: 5, content: "Clear next steps for our plant." });
    const review = await prisma.review.findFirstOrThrow({ where: { bookingId: id }, select: { id: true } });

    type Page = { reviews: { id: number; mentorResponse: string | null; guideId: number; userId: number }[]; meta: { total: number } };
    const awaiting = await read<Page>("/api/v1/reviews?reply=awaiting", guideToken);
    expect(awaiting.status).toBe(200);
    expect(awaiting.body.reviews.map((row) => row.id)).toContain(review.id);
    expect(awaiting.body.reviews.every((row) => row.guideId === guide.id)).toBe(true);

    const empty = await write("POST", `/api/v1/reviews/${review.id}/reply`, guideToken, { response: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: reviewMessages.replyRequired });
    const long = await write("POST", `/api/v1/reviews/${review.id}/reply`, guideToken, { response: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ message: reviewMessages.replyLength });
    const otherGuide = await tokenOf(await createBookableGuide(), ["schedule"]);
    const notTheirs = await write("POST", `/api/v1/reviews/${review.id}/reply`, otherGuide, { response: "Not my review." });
    expect(notTheirs.status).toBe(404);
    expect(await notTheirs.json()).toEqual({ message: reviewMessages.reviewNotFound });
    expect((await write("POST", `/api/v1/reviews/${review.id}/reply`, await tokenOf(mentee, ["schedule"]), { response: "Answering myself." })).status).toBe(404);
    const noScope = await write("POST", `/api/v1/reviews/${review.id}/reply`, await tokenOf(guide, ["read", "book"]), { response: "Thank you!" });
    expect(noScope.status).toBe(403);
    expect(await noScope.json()).toEqual(lacks("schedule"));

    const replied = await write("POST", `/api/v1/reviews/${review.id}/reply`, guideToken, { response: "Thank you, it was a joy." }, "reply-once");
    expect(replied.status).toBe(200);
    const answer = await replied.json();
    expect(answer).toMatchObject({ reviewId: review.id, mentorResponse: "Thank you, it was a joy." });
    const replay = await write("POST", `/api/v1/reviews/${review.id}/reply`, guideToken, { response: "Thank you, it was a joy." }, "reply-once");
    expect(replay.status).toBe(200);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replay.json()).toEqual(answer);
    const twice = await write("POST", `/api/v1/reviews/${review.id}/reply`, guideToken, { response: "And again." });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ message: reviewMessages.alreadyReplied });
    expect((await prisma.review.findUniqueOrThrow({ where: { id: review.id } })).mentorResponse).toBe("Thank you, it was a joy.");

    expect((await read<Page>("/api/v1/reviews?reply=awaiting", guideToken)).body.reviews.map((row) => row.id)).not.toContain(review.id);
    const written = await read<Page>("/api/v1/reviews", menteeToken);
    expect(written.body.reviews.find((row) => row.id === review.id)).toMatchObject({ mentorResponse: "Thank you, it was a joy." });
    expect(written.body.reviews.every((row) => row.userId === mentee.id)).toBe(true);
    expect((await read<Page>("/api/v1/reviews", await tokenOf(await createPerson("user"), ["read"]))).body).toMatchObject({ reviews: [], meta: { total: 0 } });
    expect(await read("/api/v1/reviews?reply=maybe", guideToken)).toMatchObject({ status: 400, body: { message: "reply must be awaiting or replied" } });
    expect(await read("/api/v1/reviews")).toEqual({ status: 401, body: NO_TOKEN });
    expect(await read("/api/v1/reviews", await tokenOf(guide, ["schedule"]))).toEqual({ status: 403, body: lacks("read") });
  });
});
