/**
 * The console's overview figures (GET /api/admin/dashboard/Stats and montlyBookingStats, the /admin/dashboard screen)
 * follow what people do through the app: bookings made, payments that succeed, fail or are refunded, bookings
 * cancelled, accounts deleted. Bookings and revenue per month are written by the bookings and payments domains in the
 * transaction of each change ("MonthTotal"), not by triggers; people are counted. Each test starts from an empty
 * database, so every figure is exact.
 */
import { beforeEach, describe, expect, test } from "vitest";
import "#app/jobs.server.ts";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { refundBooking } from "#app/modules/payments/refunds.server.ts";
import { freeTimes } from "#app/modules/schedule/schedule.server.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { hourOf } from "#app/modules/stats/hours.ts";
import { countBookingMade, monthOf } from "#app/modules/stats/month-totals.server.ts";
import { createPerson, postForm, send, signIn } from "#tests/app.ts";
import { completeStripeCheckout, expireStripeCheckout } from "#tests/mocks/stripe.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";
import { resetDatabase } from "#tests/setup/worker-db.ts";

const DAY = 86_400_000;
type Admin = Awaited<ReturnType<typeof signIn>>;

const stats = async (admin: Admin) => {
  const response = await send("/api/admin/dashboard/Stats", { token: admin.token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, number> }).data;
};
const monthly = async (admin: Admin) =>
  ((await (await send("/api/admin/dashboard/montlyBookingStats", { token: admin.token })).json()) as { data: Array<{ month: string; bookings: number }> }).data;

/** Starts of the guide's, an hour apart so none overlaps another, from a few days on. */
async function separateStarts(guideId: number, count: number) {
  const times = await freeTimes(guideId, { minutes: 60, from: new Date(Date.now() + 3 * DAY), to: new Date(Date.now() + 20 * DAY) });
  const starts: Date[] = [];
  for (const time of times) if (!starts.length || time.getTime() - starts.at(-1)!.getTime() >= 60 * 60_000) starts.push(time);
  expect(starts.length).toBeGreaterThanOrEqual(count);
  return starts.slice(0, count);
}

/** A mentee books a paid hour through the booking dialog, which holds the time and opens Checkout. */
async function book(guideId: number, startsAt: Date, mentee?: Awaited<ReturnType<typeof signIn>>) {
  const who = mentee ?? (await signIn("user"));
  const response = await postForm(`/mentor/${guideId}/book`, { minutes: "60", startsAt: startsAt.toISOString(), topic: "Leading through change" }, who.cookie);
  expect(response.status).toBe(302);
  const booking = await prisma.booking.findFirstOrThrow({ where: { guideId, startsAt }, include: { payments: true } });
  return { booking, sessionId: booking.payments[0].stripeCheckoutSessionId!, mentee: who };
}

/** Revenue as the payments say it: what succeeded, less what was refunded of it. */
async function countedRevenue() {
  const payments = await prisma.payment.findMany({ where: { status: "succeeded" }, select: { amountCents: true, refundedCents: true } });
  return payments.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);
}

describe("the overview's totals, kept by their domains", () => {
  let admin: Admin;
  let guide: Awaited<ReturnType<typeof createBookableGuide>>;
  beforeEach(async () => {
    await resetDatabase();
    admin = await signIn("admin");
    guide = await createBookableGuide();
  });

  test("bookings made, payments paid, failed and refunded, a booking cancelled and an account deleted: every figure exact", async () => {
    const [first, second, third] = await separateStarts(guide.id, 3);
    const paid = await book(guide.id, first);
    expect(await stats(admin)).toMatchObject({ activeUsers: 1, totalBookings: 1, bookingsThisMonth: 1, revenueCents: 0 });

    // Paid through Checkout: the revenue is the payment's.
    await completeStripeCheckout(paid.sessionId);
    expect(await stats(admin)).toMatchObject({ totalBookings: 1, revenueCents: 5000 });

    // A second booking whose Checkout runs out: one more booking, no money.
    const lapsed = await book(guide.id, second);
    await expireStripeCheckout(lapsed.sessionId);
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: lapsed.booking.id } })).status).toBe("expired");
    expect(await stats(admin)).toMatchObject({ totalBookings: 2, bookingsThisMonth: 2, revenueCents: 5000 });

    // Part of the first refunded by the admin (Stripe's refund event records it), then the booking cancelled: the rest
    // goes back in full, and the booking still counts as one made.
    await refundBooking(paid.booking.id, { amountCents: 1500, reason: "A shorter session" });
    expect(await stats(admin)).toMatchObject({ totalBookings: 2, revenueCents: 3500 });
    const later = await book(guide.id, third);
    await completeStripeCheckout(later.sessionId);
    const cancelled = await send(`/api/admin/cancel-booking/${paid.booking.id}`, {
      method: "POST",
      token: admin.token,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reason: "Duplicate booking" }),
    });
    expect(await cancelled.json()).toMatchObject({ booking: { status: "cancelled", refundedCents: 3500 } });

    // The third mentee's account deleted: one active mentee fewer; their booking and payment stay for the books.
    const deleted = await send(`/api/admin/delete-user-by-id/${later.mentee.person.id}`, { method: "DELETE", token: admin.token });
    expect(deleted.status).toBe(200);

    const { platformFeePercent } = await getPlatformSettings();
    // The API's shape as it was: every figure, and nothing else.
    expect(await stats(admin)).toEqual({
      activeUsers: 2,
      totalGuides: 1,
      verifiedGuides: 1,
      pendingGuideRequests: 0,
      totalBookings: 3,
      bookingsThisMonth: 3,
      revenueCents: 5000,
      openQueries: 0,
      platformFeePercent,
      platformFeeCents: Math.round((5000 * platformFeePercent) / 100),
    });
    expect(await prisma.booking.count()).toBe(3);
    expect(await countedRevenue()).toBe(5000);
    expect((await monthly(admin)).at(-1)).toEqual({ month: monthOf(new Date()), label: expect.any(String), bookings: 3 });

    // The screen shows them.
    const html = (await (await send("/admin/dashboard", { cookie: admin.cookie })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("$50.00");
    expect(html).toContain("3 this month");
    expect(html).toContain("Succeeded payments less refunds");
  });

  test("the guides' and mentees' figures count people as they are: inactive, unverified and deleted ones apart", async () => {
    await createPerson("user", { status: "inactive" });
    await createPerson("guide", { isVerified: false });
    const gone = await createPerson("guide");
    expect((await send(`/api/admin/delete-mentor-by-id/${gone.id}`, { method: "DELETE", token: admin.token })).status).toBe(200);
    await signIn("user");
    // The bookable guide of every test (verified) and the unverified one.
    expect(await stats(admin)).toMatchObject({ activeUsers: 1, totalGuides: 2, verifiedGuides: 1 });
  });

  test("twenty mentees booking at once, then paying at once: the month's bookings and revenue are exact", async () => {
    const starts = await separateStarts(guide.id, 20);
    const mentees = await Promise.all(starts.map(() => signIn("user")));
    await Promise.all(starts.map((startsAt, index) => book(guide.id, startsAt, mentees[index])));
    expect(await stats(admin)).toMatchObject({ totalBookings: 20, bookingsThisMonth: 20, revenueCents: 0 });

    const sessions = await prisma.payment.findMany({ select: { stripeCheckoutSessionId: true } });
    await Promise.all(sessions.map(({ stripeCheckoutSessionId }) => completeStripeCheckout(stripeCheckoutSessionId!)));
    expect(await prisma.payment.count({ where: { status: "succeeded" } })).toBe(20);
    expect(await stats(admin)).toMatchObject({ totalBookings: 20, bookingsThisMonth: 20, revenueCents: 20 * 5000 });
    expect((await monthly(admin)).at(-1)?.bookings).toBe(20);
  });

  test("figures in the thousands read with separators, as the lists' counts do ('12,345', not '12345')", async () => {
    const now = new Date();
    // The totals as the bookings domain keeps them at a marketplace's size: this month's and this hour's.
    await prisma.monthTotal.create({ data: { month: monthOf(now), bookings: 12_345 } });
    await prisma.hourTotal.create({ data: { hour: hourOf(now), made: 2_468, cancelledByMentee: 1_357 } });
    const html = (await (await send("/admin/dashboard", { cookie: admin.cookie })).text()).replaceAll("<!-- -->", "");
    const figures = html.slice(html.indexOf('aria-label="Key figures"'), html.indexOf('id="health-heading"'));
    expect(figures).toContain(">12,345</p>");
    expect(figures).toContain("12,345 this month");
    const health = html.slice(html.indexOf('id="health-heading"'), html.indexOf('id="monthly-bookings-heading"'));
    expect(health).toContain(">2,468</p>");
    expect(health).toContain(">1,357</p>");
    expect(health).toMatch(/Mentees <span class="tabular-nums">1,357<\/span>/);
    expect(html).toContain("Last 12 months · 12,345 bookings");
    expect(html).toContain("<td>12,345</td>");
    expect(html).not.toMatch(/>(12345|2468|1357)</);
  });

  test("the chart reads each month's bookings, twelve months, this one last, months without any as 0", async () => {
    const now = new Date();
    const monthsAgo = (months: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 10, 12));
    await transaction(async (tx) => {
      for (const createdAt of [monthsAgo(3), monthsAgo(3), monthsAgo(11), monthsAgo(12), now]) await countBookingMade(tx, { createdAt });
    });
    const chart = await monthly(admin);
    expect(chart.map((month) => month.month)).toEqual(Array.from({ length: 12 }, (_, index) => monthOf(monthsAgo(11 - index))));
    expect(chart.map((month) => month.bookings)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1]);
    // Every month counts in the total, the one past the chart too.
    expect(await stats(admin)).toMatchObject({ totalBookings: 5, bookingsThisMonth: 1 });
  });
});
