/**
 * Booking through the marketplace API with a personal access token: a mentee books a free time (a paid one answers the
 * Checkout URL, paid in test mode), a repeat with the same Idempotency-Key gets the first answer and books once, and
 * each side changes its bookings with the changes its screen offers (the mentee cancels, the guide accepts). Real
 * Requests through the built app against the real database.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createAccessToken } from "#app/modules/access-tokens/access-tokens.server.ts";
import type { TokenScope } from "#app/modules/access-tokens/scopes.ts";
import { actorOf, createPerson, postForm, send, signIn } from "#tests/app.ts";
import { createBookableGuide, freeStart } from "#tests/support/bookable-guide.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";

type Person = Awaited<ReturnType<typeof createPerson>>;

async function tokenOf(person: Person, scopes: TokenScope[]) {
  const { token } = await createAccessToken(actorOf(person), { name: "Tests", scopes, lifetime: 30 });
  return `Bearer ${token}`;
}

const post = (path: string, token: string, body: unknown, key?: string) =>
  send(path, { method: "POST", token, body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...(key ? { "Idempotency-Key": key } : {}) } });

describe("POST /api/v1/bookings", () => {
  let guide: Person;
  let mentee: Person;
  let token: string;

  beforeAll(async () => {
    guide = await createBookableGuide();
    mentee = await createPerson("user");
    token = await tokenOf(mentee, ["read", "book"]);
  });

  test("a paid session is held and answers its Checkout page, which the mentee pays in test mode", async () => {
    const startsAt = await freeStart(guide.id, 3);
    const response = await post("/api/v1/bookings", token, { guideId: guide.id, minutes: 60, startsAt: startsAt.toISOString(), topic: "Preaching in a season of grief" });
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { booking: { id: number; status: string; rateCents: number; startsAt: string }; checkoutUrl: string };
    expect(answer.booking).toMatchObject({ status: "held", rateCents: 5000, startsAt: startsAt.toISOString() });
    expect(answer.checkoutUrl).toMatch(/^\/checkout\/test\/cs_test_/);

    const cookie = (await commitSession(await createSession(mentee.id, "web"))).split(";")[0];
    expect((await postForm(answer.checkoutUrl, { intent: "pay" }, cookie)).status).toBe(302);
    const paid = await prisma.booking.findUniqueOrThrow({ where: { id: answer.booking.id } });
    expect(paid.paymentStatus).toBe("paid");
    expect(paid.status).toBe("confirmed");
    const listed = (await (await send("/api/v1/bookings", { token })).json()) as { bookings: { id: number; status: string }[] };
    expect(listed.bookings.find((row) => row.id === answer.booking.id)?.status).toBe("confirmed");
  });

  test("a repeat with the same Idempotency-Key answers the first answer and books once; the key with another body is refused", async () => {
    const startsAt = await freeStart(guide.id, 4);
    const body = { guideId: guide.id, minutes: 60, startsAt: startsAt.toISOString(), topic: "Board conflict" };
    const first = await post("/api/v1/bookings", token, body, "book-board-conflict-1");
    const again = await post("/api/v1/bookings", token, body, "book-board-conflict-1");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await prisma.booking.count({ where: { userId: mentee.id, topic: "Board conflict" } })).toBe(1);

    const other = await post("/api/v1/bookings", token, { ...body, topic: "Something else" }, "book-board-conflict-1");
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ message: "This Idempotency-Key was already used for a different request" });
    // Another token's same key is its own.
    const otherMentee = await createPerson("user");
    const fresh = await post("/api/v1/bookings", await tokenOf(otherMentee, ["book"]), { ...body, startsAt: (await freeStart(guide.id, 5)).toISOString() }, "book-board-conflict-1");
    expect(fresh.status).toBe(201);
    const tooLong = await post("/api/v1/bookings", token, body, "k".repeat(201));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ message: "Idempotency-Key must be 1 to 200 visible characters" });
  });

  test("a refusal is kept for its key too; bad bodies, missing scope and guides are refused with {message}", async () => {
    const taken = await freeStart(guide.id, 6);
    await post("/api/v1/bookings", token, { guideId: guide.id, minutes: 60, startsAt: taken.toISOString(), topic: "First" });
    const refused = await post("/api/v1/bookings", token, { guideId: guide.id, minutes: 60, startsAt: taken.toISOString(), topic: "Second" }, "second-try");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: "That time is no longer free. Please choose another." });
    const replayed = await post("/api/v1/bookings", token, { guideId: guide.id, minutes: 60, startsAt: taken.toISOString(), topic: "Second" }, "second-try");
    expect(replayed.status).toBe(409);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");

    const empty = await post("/api/v1/bookings", token, { guideId: guide.id, minutes: 60, startsAt: taken.toISOString(), topic: " " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: expect.stringContaining("Please tell your mentor what you would like to talk about") });
    expect((await send("/api/v1/bookings", { method: "POST", token, body: "not json", headers: { "Content-Type": "application/json" } })).status).toBe(400);

    const readOnly = await post("/api/v1/bookings", await tokenOf(mentee, ["read"]), { guideId: guide.id });
    expect(readOnly.status).toBe(403);
    expect(await readOnly.json()).toEqual({ message: 'This token lacks the "book" scope' });
    const asGuide = await post("/api/v1/bookings", await tokenOf(await createBookableGuide(), ["book"]), { guideId: guide.id, minutes: 60, startsAt: (await freeStart(guide.id, 7)).toISOString(), topic: "x" });
    expect(asGuide.status).toBe(403);
    expect(await asGuide.json()).toEqual({ message: "Sessions are booked by mentees. Sign in with a mentee account to book." });
    expect((await send("/api/v1/bookings", { method: "DELETE", token })).status).toBe(405);
  });
});

describe("POST /api/v1/bookings/{id}/{change}", () => {
  test("the mentee cancels their own booking; the guide accepts a request; nobody changes another's booking", async () => {
    const guide = await createBookableGuide({ reviewsRequests: true });
    const mentee = await createPerson("user");
    const menteeToken = await tokenOf(mentee, ["read", "book"]);
    const guideToken = await tokenOf(guide, ["read", "schedule"]);

    const free = await post("/api/v1/bookings", menteeToken, { guideId: guide.id, minutes: 60, startsAt: (await freeStart(guide.id, 3)).toISOString(), topic: "Calling", amountCents: 0, intro: false });
    // A priced guide's session is held for payment; make this one a request the guide answers.
    const { booking } = (await free.json()) as { booking: { id: number } };
    await prisma.booking.update({ where: { id: booking.id }, data: { status: "requested", rateCents: 0, paymentStatus: "unpaid", holdExpiresAt: null, answerBy: new Date(Date.now() + 86_400_000) } });

    // A mentee cannot accept, and a guide's change needs the schedule scope.
    expect((await post(`/api/v1/bookings/${booking.id}/accept`, menteeToken, {})).status).toBe(404);
    expect((await post(`/api/v1/bookings/${booking.id}/accept`, await tokenOf(guide, ["read", "book"]), {})).status).toBe(403);
    const accepted = await post(`/api/v1/bookings/${booking.id}/accept`, guideToken, {});
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ bookingId: booking.id, status: "confirmed" });

    const stranger = await tokenOf(await createPerson("user"), ["book"]);
    expect((await post(`/api/v1/bookings/${booking.id}/cancel`, stranger, {})).status).toBe(404);
    const longReason = await post(`/api/v1/bookings/${booking.id}/cancel`, menteeToken, { reason: "x".repeat(501) });
    expect(longReason.status).toBe(400);
    expect(await longReason.json()).toMatchObject({ message: expect.stringContaining("Reason must be at most 500 characters") });

    const cancelled = await post(`/api/v1/bookings/${booking.id}/cancel`, menteeToken, { reason: "A funeral that day" }, "cancel-once");
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ bookingId: booking.id, status: "cancelled" });
    // Retried after a lost answer: the same answer, not a refusal of a booking already cancelled.
    const retried = await post(`/api/v1/bookings/${booking.id}/cancel`, menteeToken, { reason: "A funeral that day" }, "cancel-once");
    expect(retried.status).toBe(200);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    const again = await post(`/api/v1/bookings/${booking.id}/cancel`, menteeToken, {});
    expect(again.status).toBe(409);
    expect((await send(`/api/v1/bookings/${booking.id}/cancel`, { token: menteeToken })).status).toBe(405);
  });

  test("an administrator's session token opens no part of /api/v1", async () => {
    const { token } = await signIn("admin");
    expect((await post("/api/v1/bookings/1/cancel", token, {})).status).toBe(401);
  });
});
