/**
 * The admin cancels a booking from the console's booking page (and its API twin, POST /api/admin/cancel-booking/{id}):
 * the lifecycle's cancellation, as a guide's: a full refund of what was paid through the Stripe test-mode stand-in,
 * both people told in the bell and by e-mail, the time freed and the guide's next free time refreshed. Only while the
 * booking can still be cancelled; only for administrators.
 */
import { beforeAll, describe, expect, test } from "vitest";
import "#app/jobs.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { freeTimes, refreshNextFreeAt } from "#app/modules/schedule/schedule.server.ts";
import { createPerson, postForm, send, signIn } from "#tests/app.ts";
import { lastMailTo } from "#tests/mocks/mail.ts";
import { stripeRequests } from "#tests/mocks/stripe.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";

const DAY = 86_400_000;
type Person = Awaited<ReturnType<typeof createPerson>>;

/** A paid booking as the booking flow and the payment leave it: claims, a succeeded Payment with its PaymentIntent. */
async function paidBooking(guide: Person, mentee: Person, startsAt: Date, status = "confirmed") {
  const booking = await prisma.booking.create({
    data: { userId: mentee.id, guideId: guide.id, topic: "Shepherding a church plant", rateCents: 5000, paymentStatus: "paid", status, startsAt, durationMinutes: 60 },
  });
  if (status === "confirmed") {
    await prisma.timeClaim.createMany({ data: blocksFor(startsAt, 60, 0).map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: booking.id })) });
  }
  await prisma.payment.create({
    data: { bookingId: booking.id, userId: mentee.id, guideId: guide.id, amountCents: 5000, status: "succeeded", stripePaymentIntentId: `pi_test_admin_cancel_${booking.id}_${Date.now()}`, paidAt: new Date() },
  });
  return booking;
}

const refundRequests = () => stripeRequests.filter((request) => request.method === "POST" && request.path === "/v1/refunds");
const nextFreeAt = async (guideId: number) => (await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guideId } })).nextFreeAt;

describe("the admin cancels a booking", () => {
  let admin: Awaited<ReturnType<typeof signIn>>;
  let guide: Person;
  let mentee: Person;
  beforeAll(async () => {
    admin = await signIn("admin");
    guide = await createBookableGuide();
    mentee = await createPerson("user");
  });

  test("from the booking page: a full refund, the time freed and offered again, both people told", async () => {
    // The guide's soonest free time, booked: the next free time moves on.
    const [startsAt] = await freeTimes(guide.id, { minutes: 60, limit: 1 });
    const booking = await paidBooking(guide, mentee, startsAt);
    await refreshNextFreeAt([guide.id]);
    expect((await nextFreeAt(guide.id))?.getTime()).not.toBe(startsAt.getTime());

    const page = await (await send(adminLinks.bookingProfile(booking.id), { cookie: admin.cookie })).text();
    expect(page).toContain("Cancel booking");
    const dialog = await (await send(`${adminLinks.bookingProfile(booking.id)}?cancel=1`, { cookie: admin.cookie })).text();
    expect(dialog).toContain("Cancel this booking?");
    expect(dialog).toContain("$50.00 is refunded to the mentee&#x27;s card in full.");
    expect(dialog).toContain("Reason (optional, shown to both)");

    const response = await postForm(`${adminLinks.bookingProfile(booking.id)}?cancel=1`, { intent: "cancel", reason: "The guide is in hospital" }, admin.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(adminLinks.bookingProfile(booking.id));
    const cookie = [admin.cookie, ...response.headers.getSetCookie().map((value) => value.split(";")[0])].join("; ");
    const landing = await (await send(adminLinks.bookingProfile(booking.id), { cookie })).text();
    expect(landing).toContain("Booking cancelled");
    expect(landing).toContain("$50.00 is being refunded to the mentee&#x27;s card. The mentee and the guide have been told.");
    // A cancelled booking offers no Cancel any more.
    expect(landing).not.toContain(">Cancel booking<");

    const after = await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(after).toMatchObject({ status: "cancelled", cancelledById: admin.person.id, cancelReason: "The guide is in hospital" });
    expect(await prisma.timeClaim.count({ where: { bookingId: booking.id } })).toBe(0);
    expect(refundRequests()).toHaveLength(1);
    expect(refundRequests()[0].body).toMatchObject({ amount: "5000", payment_intent: expect.stringContaining("pi_test_admin_cancel_") });
    // Refreshed after the commit: the freed time is the soonest again.
    expect((await nextFreeAt(guide.id))?.getTime()).toBe(startsAt.getTime());

    for (const [person, href] of [
      [mentee, `/user-dashboard/bookings?booking=${booking.id}`],
      [guide, `/mentor-dashboard/bookings?booking=${booking.id}`],
    ] as const) {
      const mail = await lastMailTo(person.email);
      expect(mail.subject).toBe(`The Ministry Mentors team cancelled your session with ${person === mentee ? guide.name : mentee.name}`);
      expect(mail.text).toContain("The Ministry Mentors team cancelled your mentoring session");
      expect(mail.text).toContain("Reason given: The guide is in hospital");
      expect(mail.text).toContain(href);
      const notification = await prisma.notification.findFirstOrThrow({ where: { userId: person.id, title: "The Ministry Mentors team cancelled your session" } });
      expect(notification.href).toBe(href);
    }
    expect((await lastMailTo(mentee.email)).text).toContain("You will be refunded $50.00 to your card");
  });

  test("the API twin cancels with the same path and answers JSON; a free request needs no refund", async () => {
    const [, startsAt] = await freeTimes(guide.id, { minutes: 60, limit: 2, from: new Date(Date.now() + 3 * DAY) });
    const booking = await paidBooking(guide, mentee, startsAt);
    const response = await send(`/api/admin/cancel-booking/${booking.id}`, {
      method: "POST",
      token: admin.token,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "Duplicate booking" }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Booking cancelled", booking: { id: booking.id, status: "cancelled", refundedCents: 5000, refundFailed: false } });
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ status: "cancelled", cancelReason: "Duplicate booking" });
    expect(await prisma.timeClaim.count({ where: { bookingId: booking.id } })).toBe(0);
    expect(refundRequests()[0].body).toMatchObject({ amount: "5000" });

    const request = await prisma.booking.create({
      data: { userId: mentee.id, guideId: guide.id, topic: "A free request", rateCents: 0, paymentStatus: "unpaid", status: "requested", startsAt: new Date(startsAt.getTime() + DAY), durationMinutes: 60 },
    });
    const free = await send(`/api/admin/cancel-booking/${request.id}`, { method: "POST", token: admin.token, headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(await free.json()).toMatchObject({ booking: { status: "cancelled", refundedCents: 0 } });
    expect(refundRequests()).toHaveLength(1);
    // A bad reason is a 400 with its message.
    const tooLong = await send(`/api/admin/cancel-booking/${request.id}`, { method: "POST", token: admin.token, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ reason: "x".repeat(501) }) });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).message).toBe("Reason must be at most 500 characters");
  });

  test("a completed booking cannot be cancelled: no Cancel on its page, a 4xx with the reason from the form and the API", async () => {
    const booking = await paidBooking(guide, mentee, new Date(Date.now() - 2 * DAY), "completed");
    const page = await (await send(`${adminLinks.bookingProfile(booking.id)}?cancel=1`, { cookie: admin.cookie })).text();
    expect(page).not.toContain("Cancel booking");
    expect(page).not.toContain("Cancel this booking?");

    const form = await postForm(adminLinks.bookingProfile(booking.id), { intent: "cancel" }, admin.cookie);
    expect(form.status).toBe(400);
    const html = await form.text();
    expect(html).toContain("Cancel Failed");
    expect(html).toContain("This booking can no longer be changed.");

    const api = await send(`/api/admin/cancel-booking/${booking.id}`, { method: "POST", token: admin.token, headers: { "Content-Type": "application/json" }, body: "{}" });
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ message: "This booking can no longer be changed." });
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("completed");
    expect(refundRequests()).toHaveLength(0);
  });

  test("no one but an administrator may cancel here: the booking stays as it was", async () => {
    const [startsAt] = await freeTimes(guide.id, { minutes: 60, limit: 1, from: new Date(Date.now() + 9 * DAY) });
    const booking = await paidBooking(guide, mentee, startsAt);
    const guideSession = await signIn("guide");
    const userSession = await signIn("user");
    for (const session of [guideSession, userSession]) {
      const form = await postForm(adminLinks.bookingProfile(booking.id), { intent: "cancel" }, session.cookie);
      expect(form.status).not.toBe(200);
      expect(form.headers.get("Location") ?? "").not.toContain("viewBookingPage");
      const api = await send(`/api/admin/cancel-booking/${booking.id}`, { method: "POST", token: session.token, headers: { "Content-Type": "application/json" }, body: "{}" });
      expect(api.status).toBe(403);
    }
    // Signed out: 401.
    expect((await send(`/api/admin/cancel-booking/${booking.id}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status).toBe(401);
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("confirmed");
    expect(refundRequests()).toHaveLength(0);
  });
});
