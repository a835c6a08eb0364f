import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { setAccountPicture, setAccountStatus, softDeleteAccount } from "#app/modules/accounts/accounts.server.ts";
import { getBooking, listBookings } from "#app/modules/bookings/bookings.server.ts";
import { getGuide, updateGuide } from "#app/modules/guides/guides.server.ts";
import { listThreads, openConversation, sendMessage } from "#app/modules/messages/messages.server.ts";
import { canSeeMessage } from "#app/modules/messages/policy.ts";
import { listPayments } from "#app/modules/payments/payments.server.ts";
import { canSeePayment } from "#app/modules/payments/policy.ts";
import { getPublishedContent, listPublishedContent } from "#app/modules/published-content/published-content.server.ts";
import { answerQuery, deleteQuery, findQuery, listQueries } from "#app/modules/queries/queries.server.ts";
import { canReplyToReview, canSeeReview } from "#app/modules/reviews/policy.ts";
import { listReviews } from "#app/modules/reviews/reviews.server.ts";
import { getUser, updateUser } from "#app/modules/users/users.server.ts";
import { actorOf, createPerson } from "#tests/app.ts";

/** Every row of a list, newest first (the test's own rows are few). */
const all = <S extends string>(sort: S) => ({ page: 1, limit: 100, search: "", sort, order: "desc" as const });


let admin: SessionUser, guideA: SessionUser, guideB: SessionUser, userA: SessionUser, userB: SessionUser;
/** Records of A (userA with guideA) and of B (userB with guideB). */
let bookingA: number, bookingB: number, contentA: number, contentB: number, queryA: number, queryB: number;

beforeAll(async () => {
  [admin, guideA, guideB, userA, userB] = (
    await Promise.all([createPerson("admin"), createPerson("guide"), createPerson("guide"), createPerson("user"), createPerson("user")])
  ).map(actorOf);
  const records = async (user: SessionUser, guide: SessionUser) => {
    const booking = await prisma.booking.create({ data: { userId: user.id, guideId: guide.id, topic: "Church planting", rateCents: 5000 } });
    await prisma.payment.create({ data: { bookingId: booking.id, userId: user.id, guideId: guide.id, amountCents: 5000, status: "succeeded", paidAt: new Date() } });
    await prisma.review.create({ data: { bookingId: booking.id, authorId: user.id, guideId: guide.id, rating: 5, content: "Wise counsel" } });
    const content = await prisma.publishedContent.create({
      data: { guideId: guide.id, title: "On elders", url: "https://example.com/elders", type: "article", publishedDate: new Date() },
    });
    const query = await prisma.customerQuery.create({ data: { askerId: user.id, name: user.name, email: user.email, subject: "Refund", message: "Please" } });
    return { booking: booking.id, content: content.id, query: query.id };
  };
  const a = await records(userA, guideA);
  const b = await records(userB, guideB);
  [bookingA, contentA, queryA] = [a.booking, a.content, a.query];
  [bookingB, contentB, queryB] = [b.booking, b.content, b.query];
});

describe("bookings, payments and reviews are scoped to the acting person", () => {
  test("a guide lists only the bookings, payments and reviews with them", async () => {
    const bookings = await listBookings(all("createdAt"), {}, guideA);
    expect(bookings.data.map((b) => b.id)).toEqual([bookingA]);
    const payments = await listPayments(all("createdAt"), {}, guideA);
    expect(payments.data.map((p) => p.guideId)).toEqual([guideA.id]);
    const reviews = await listReviews(all("createdAt"), {}, guideA);
    expect(reviews.data.map((r) => r.guideId)).toEqual([guideA.id]);
  });

  test("a user lists only their own, even when filtering by someone else", async () => {
    expect((await listBookings(all("createdAt"), {}, userB)).data.map((b) => b.id)).toEqual([bookingB]);
    expect((await listPayments(all("createdAt"), {}, userB)).data.map((p) => p.userId)).toEqual([userB.id]);
    expect((await listReviews(all("createdAt"), {}, userB)).data.map((r) => r.userId)).toEqual([userB.id]);
    expect((await listBookings(all("createdAt"), { userId: userA.id }, userB)).meta.total).toBe(0);
    expect((await listPayments(all("createdAt"), { guideId: guideA.id }, userB)).meta.total).toBe(0);
  });

  test("an admin lists everyone's", async () => {
    const ids = (await listBookings(all("createdAt"), {}, admin)).data.map((b) => b.id);
    expect(ids).toEqual(expect.arrayContaining([bookingA, bookingB]));
    expect((await listPayments(all("createdAt"), { guideId: guideB.id }, admin)).meta.total).toBe(1);
    expect((await listReviews(all("createdAt"), { userId: userA.id }, admin)).meta.total).toBe(1);
  });

  test("another person's booking is a 404 like a missing one; its parties and an admin see it", async () => {
    for (const outsider of [userB, guideB]) {
      await expect(getBooking(bookingA, outsider)).rejects.toMatchObject({ status: 404, message: "Booking not found" });
    }
    for (const party of [userA, guideA, admin]) expect((await getBooking(bookingA, party)).id).toBe(bookingA);
  });

  test("one payment, review or message is its parties' (and a payment or review the admins')", () => {
    const everyone = () => [admin, userA, guideA, userB, guideB];
    expect(everyone().map((actor) => canSeePayment(actor, { userId: userA.id, guideId: guideA.id, source: "card" }))).toEqual([true, true, true, false, false]);
    // A sponsor's covered part of the mentee's booking is the guide's money, never the mentee's payment.
    expect(everyone().map((actor) => canSeePayment(actor, { userId: userA.id, guideId: guideA.id, source: "sponsor" }))).toEqual([true, false, true, false, false]);
    expect(everyone().map((actor) => canSeeReview(actor, { authorId: userA.id, guideId: guideA.id }))).toEqual([true, true, true, false, false]);
    expect(everyone().map((actor) => canSeeMessage(actor, { senderId: userA.id, recipientId: guideA.id }))).toEqual([false, true, true, false, false]);
  });

  test("only the reviewed guide (or an admin) may reply to a review", () => {
    const review = { authorId: userA.id, guideId: guideA.id };
    expect([admin, guideA, guideB, userA].map((actor) => canReplyToReview(actor, review))).toEqual([true, true, false, false]);
  });
});

describe("a guide's published content and profile", () => {
  test("a guide lists and opens only their own content; a user none", async () => {
    expect((await listPublishedContent(all("publishedDate"), {}, guideA)).data.map((c) => c.id)).toEqual([contentA]);
    expect((await listPublishedContent(all("publishedDate"), {}, userA)).meta.total).toBe(0);
    await expect(getPublishedContent(contentB, {}, guideA)).rejects.toMatchObject({ status: 404, message: "Published content not found" });
    expect((await getPublishedContent(contentB, {}, admin)).id).toBe(contentB);
  });

  test("a guide's profile is theirs and the admins'; anyone else gets 'Guide not found'", async () => {
    expect((await getGuide(guideA.id, guideA)).id).toBe(guideA.id);
    expect((await getGuide(guideA.id, admin)).id).toBe(guideA.id);
    for (const outsider of [guideB, userA]) {
      await expect(getGuide(guideA.id, outsider)).rejects.toMatchObject({ status: 404, message: "Guide not found" });
    }
    const input = { name: "Taken over", email: guideA.email } as unknown as Parameters<typeof updateGuide>[1];
    await expect(updateGuide(guideA.id, input, guideB)).rejects.toMatchObject({ status: 404, message: "Guide not found" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guideA.id } })).name).toBe(guideA.name);
  });
});

describe("a user's profile and account", () => {
  test("a user sees their own profile; another's is 'User not found'; an admin sees any", async () => {
    expect((await getUser(userA.id, userA)).id).toBe(userA.id);
    expect((await getUser(userA.id, admin)).id).toBe(userA.id);
    for (const outsider of [userB, guideA]) {
      await expect(getUser(userA.id, outsider)).rejects.toMatchObject({ status: 404, message: "User not found" });
    }
    const input = { name: "Taken over", specialties: [] } as unknown as Parameters<typeof updateUser>[1];
    await expect(updateUser(userA.id, input, userB)).rejects.toMatchObject({ status: 404, message: "User not found" });
  });

  test("someone else's picture is a 404 before anything is stored", async () => {
    const uploads = await prisma.upload.count();
    await expect(setAccountPicture("user", userA.id, new File(["x"], "a.png"), userB)).rejects.toMatchObject({ status: 404, message: "User not found" });
    expect(await prisma.upload.count()).toBe(uploads);
  });

  test("only an admin changes account status or deletes an account", async () => {
    await expect(setAccountStatus({ accountType: "user", id: userB.id, action: "inactive" }, userA)).rejects.toMatchObject({ status: 403 });
    await expect(softDeleteAccount("guide", guideB.id, guideA)).rejects.toMatchObject({ status: 403 });
    const stillThere = await prisma.user.findMany({ where: { id: { in: [userB.id, guideB.id] } }, select: { status: true, isDeleted: true } });
    expect(stillThere).toEqual([{ status: "active", isDeleted: false }, { status: "active", isDeleted: false }]);
  });
});

describe("support queries", () => {
  test("a person lists and opens only their own queries; an admin all", async () => {
    expect((await listQueries(all("createdAt"), userA)).data.map((q) => q.id)).toEqual([queryA]);
    expect(await findQuery(queryB, userA)).toBeNull();
    expect((await findQuery(queryB, admin))?.id).toBe(queryB);
    expect((await listQueries(all("createdAt"), admin)).data.map((q) => q.id)).toEqual(expect.arrayContaining([queryA, queryB]));
  });

  test("only an admin answers or deletes a query", async () => {
    await expect(answerQuery(queryA, "Self-answered", userA)).rejects.toMatchObject({ status: 403 });
    await expect(deleteQuery(queryB, userA)).rejects.toMatchObject({ status: 403 });
    expect(await prisma.customerQuery.count({ where: { id: { in: [queryA, queryB] }, answer: null } })).toBe(2);
  });
});

describe("messages", () => {
  test("a person's conversations are their own; they write only to the roles they may", async () => {
    await sendMessage(userA, { recipientId: guideA.id, body: "May I book you?" });
    await sendMessage(guideB, { recipientId: userB.id, body: "Welcome" });
    const threads = await listThreads(userA, { ...all("latest" as const), limit: 20 });
    expect(threads.data.map((t) => t.person.id)).toEqual([guideA.id]);
    expect((await openConversation(guideA, userA.id)).messages.map((m) => m.body)).toEqual(["May I book you?"]);
    await expect(sendMessage(userA, { recipientId: userB.id, body: "Hi" })).rejects.toMatchObject({ status: 404, message: "Recipient not found" });
    await expect(openConversation(userA, userB.id)).rejects.toMatchObject({ status: 404 });
  });
});
