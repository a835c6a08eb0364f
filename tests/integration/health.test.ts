/**
 * The overview's health figures (GET /api/admin/dashboard/health, the Health section of /admin/dashboard): what
 * happens to bookings and payments is counted in per-hour totals ("HourTotal") by the domain that makes each change,
 * in its transaction; a period is days of the admin's zone. Every figure links to the console list it counts, and that
 * list (through its JSON twin, which reads the same URL) shows as many rows as the figure says.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import "#app/jobs.server.ts";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { createBooking } from "#app/modules/bookings/booking-flow.server.ts";
import { decideProblem, reportProblem, settleUncontestedReports } from "#app/modules/bookings/problems.server.ts";
import { acceptBooking, cancelBooking, declineBooking, expireHold, markCompleted, markNoShow } from "#app/modules/bookings/lifecycle.server.ts";
import { refreshGuideSearch } from "#app/modules/guides/search-fields.server.ts";
import { refundBooking } from "#app/modules/payments/refunds.server.ts";
import { replyToReview, saveReview } from "#app/modules/reviews/reviews.server.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { addToHours, countBookingEnd, countBookingMadeInHour, refundChanges } from "#app/modules/stats/health-totals.server.ts";
import type { Figure, HealthReport as Report } from "#app/modules/stats/health.ts";
import { actorOf, createPerson, postForm, send, signIn } from "#tests/app.ts";
import { completeStripeCheckout, expireStripeCheckout } from "#tests/mocks/stripe.ts";
import { createBookableGuide, freeStart } from "#tests/support/bookable-guide.ts";
import { resetDatabase } from "#tests/setup/worker-db.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
type Admin = Awaited<ReturnType<typeof signIn>>;

async function health(admin: Admin, query = "") {
  const response = await send(`/api/admin/dashboard/health${query}`, { token: admin.token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Report }).data;
}

/** Each console screen a figure links to, and its JSON twin (which reads the same filters). */
const twins: Record<string, string> = {
  "/admin/dashboard/Bookings": "/api/admin/get-allbookings",
  "/admin/dashboard/all-transactions": "/api/admin/getall/payments",
  "/admin/dashboard/user-management/guide": "/api/admin/get-mentor-list",
  "/admin/dashboard/customer-queries": "/api/admin/get-all-queries",
  "/admin/dashboard/all-review": "/api/admin/all/reviews",
};

/** How many rows the list a figure links to shows. */
async function rowsOf(admin: Admin, href: string) {
  const url = new URL(href, "http://localhost");
  const api = twins[url.pathname];
  expect(api, `no twin for ${url.pathname}`).toBeDefined();
  const response = await send(`${api}${url.search}`, { token: admin.token });
  expect(response.status).toBe(200);
  return ((await response.json()) as { meta: { total: number } }).meta.total;
}

/** Every figure of the report with its link: each list shows as many rows as its figure. */
async function expectLinksAgree(admin: Admin, report: Report) {
  const figures: [string, Figure][] = [
    ["made", report.made],
    ["completed", report.completed],
    ["cancelled", report.cancelled],
    ...Object.entries(report.cancelled.by).map(([by, figure]) => [`cancelled by ${by}`, figure] as [string, Figure]),
    ["noShows", report.noShows],
    ["refunds", report.refunds],
    ["repeatMentees", report.repeatMentees],
    ["answerTime", report.answerTime],
    ["guidesWithoutFreeTime", report.guidesWithoutFreeTime],
    ["oldOpenQueries", report.oldOpenQueries],
    ["reviewsAwaitingReply", report.reviewsAwaitingReply],
  ];
  for (const [name, figure] of figures) expect({ [name]: await rowsOf(admin, figure.href) }).toEqual({ [name]: figure.count });
}

describe("the overview's health figures", () => {
  let admin: Admin;
  beforeEach(async () => {
    await resetDatabase();
    admin = await signIn("admin");
    await prisma.user.update({ where: { id: admin.person.id }, data: { timeZone: "America/Chicago" } });
  });

  test("a day of the admin's zone (Chicago): 00:00 to 23:59 counts, the hour before and after do not; every list agrees", async () => {
    // 2026-03-10 in Chicago (CDT, UTC-5) runs from 05:00Z to 05:00Z the next day.
    const inside = [new Date("2026-03-10T05:00:00Z"), new Date("2026-03-11T04:30:00Z")];
    const outside = [new Date("2026-03-10T04:59:00Z"), new Date("2026-03-11T05:30:00Z")];
    const guide = await createPerson("guide");
    const mentee = await createPerson("user");
    const other = await createPerson("admin");
    const base = { guideId: guide.id, userId: mentee.id, topic: "Boundaries", startsAt: new Date("2026-03-01T15:00:00Z"), createdAt: new Date("2026-02-01T12:00:00Z") };
    // Each kind of change at each instant, written as the domain writes it: the row, then its hour's count.
    const ends = [
      { status: "completed" },
      { status: "no_show" },
      { status: "cancelled", cancelledById: mentee.id },
      { status: "declined", cancelledById: guide.id },
      { status: "cancelled", cancelledById: other.id },
      { status: "expired", cancelledById: null },
    ];
    const answers = new Map([[inside[0], 100], [inside[1], 900], [outside[0], 5], [outside[1], 99_999]]);
    await transaction(async (tx) => {
      for (const at of [...inside, ...outside]) {
        await tx.booking.create({ data: { ...base, createdAt: at, isRepeat: true } });
        await countBookingMadeInHour(tx, { createdAt: at, isRepeat: true });
        for (const end of ends) {
          const booking = await tx.booking.create({ data: { ...base, ...end, endedAt: at } });
          await countBookingEnd(tx, { ...booking, endedAt: at });
        }
        await tx.booking.create({ data: { ...base, status: "confirmed", answeredAt: at, answerSeconds: answers.get(at) } });
        const payment = await tx.payment.create({ data: { userId: mentee.id, guideId: guide.id, amountCents: 5000, status: "succeeded", refundedCents: 1200, refundedAt: at } });
        await addToHours(tx, refundChanges({ refundedCents: 0, refundedAt: null }, { refundedCents: payment.refundedCents, refundedAt: at }));
      }
      // Two more answers inside: 100, 300, 900 and 2000 seconds, a median of 600.
      for (const seconds of [300, 2000]) await tx.booking.create({ data: { ...base, status: "confirmed", answeredAt: inside[0], answerSeconds: seconds } });
    });

    const report = await health(admin, "?from=2026-03-10&to=2026-03-10");
    expect(report.period).toEqual({ from: "2026-03-10", to: "2026-03-10" });
    expect(report.made.count).toBe(2);
    expect(report.repeatMentees.count).toBe(2);
    expect(report.completed.count).toBe(2);
    expect(report.noShows.count).toBe(2);
    expect(report.cancelled.count).toBe(8);
    expect(Object.fromEntries(Object.entries(report.cancelled.by).map(([by, figure]) => [by, figure.count]))).toEqual({ mentee: 2, guide: 2, admin: 2, system: 2 });
    expect(report.refunds).toMatchObject({ count: 2, cents: 2400 });
    expect(report.answerTime).toMatchObject({ count: 4, medianSeconds: 600 });
    await expectLinksAgree(admin, report);

    // The same instants read from UTC: the hour before midnight in Chicago is the 10th there, not here.
    await prisma.user.update({ where: { id: admin.person.id }, data: { timeZone: "UTC" } });
    const utc = await health(admin, "?from=2026-03-10&to=2026-03-10");
    expect(utc.made.count).toBe(2); // 04:59Z and 05:00Z; 04:30Z on the 11th and 05:30Z are the 11th
    await expectLinksAgree(admin, utc);
  });

  test("what people do through the app, counted as they do it: made, repeat, cancelled by each, answered, completed, no-show, expired, refunded", async () => {
    const guide = await createBookableGuide();
    await prisma.sessionOption.updateMany({ where: { guideId: guide.id }, data: { priceCents: 0 } });
    const reviewer = await createBookableGuide({ reviewsRequests: true });
    await prisma.sessionOption.updateMany({ where: { guideId: reviewer.id }, data: { priceCents: 0 } });
    const [first, second, third, fourth] = await Promise.all([1, 2, 3, 4].map(() => createPerson("user")));
    const book = (menteeId: number, guideId: number, startsAt: Date) => createBooking(menteeId, { guideId, minutes: 60, startsAt, topic: "Health check", intro: false });

    // The first mentee books three times: the second is their second within 90 days, the third is not.
    const made = [];
    for (let skip = 0; skip < 3; skip++) made.push(await book(first.id, guide.id, await freeStart(guide.id, 3 + skip)));
    expect((await prisma.booking.findMany({ where: { userId: first.id }, orderBy: { id: "asc" } })).map((booking) => booking.isRepeat)).toEqual([false, true, false]);
    // Cancelled by the mentee, by the guide and by an admin.
    await cancelBooking(actorOf(first), made[0].id, null);
    await cancelBooking(actorOf(guide), made[1].id, "Called away");
    await cancelBooking(actorOf(admin.person), made[2].id, "Duplicate");

    // Three requests, answered after 10, 20 (declined: the guide's cancellation) and 40 minutes: a median of 20.
    const requests = [];
    for (const [index, mentee] of [second, third, fourth].entries()) requests.push(await book(mentee.id, reviewer.id, await freeStart(reviewer.id, 3 + index)));
    expect(requests.every((request) => request.status === "requested")).toBe(true);
    const asked = Date.now();
    await acceptBooking(actorOf(reviewer), requests[0].id, undefined, new Date(asked + 10 * MINUTE));
    await declineBooking(actorOf(reviewer), requests[1].id, null, new Date(asked + 20 * MINUTE));
    await acceptBooking(actorOf(reviewer), requests[2].id, undefined, new Date(asked + 40 * MINUTE));

    // Two sessions that have started, booked long before the period: completed, and a no-show.
    const started = (topic: string) =>
      prisma.booking.create({ data: { userId: second.id, guideId: guide.id, topic, status: "confirmed", startsAt: new Date(Date.now() - 2 * HOUR), createdAt: new Date(Date.now() - 40 * DAY) } });
    await markCompleted(actorOf(guide), (await started("Came")).id);
    await markNoShow(actorOf(guide), (await started("Missed")).id);

    // A paid hold that runs out (the system's), and a paid booking refunded twice: one payment, $20 back.
    const paidGuide = await createBookableGuide();
    const payer = await signIn("user");
    const paidBooking = async (startsAt: Date) => {
      expect((await postForm(`/mentor/${paidGuide.id}/book`, { minutes: "60", startsAt: startsAt.toISOString(), topic: "Paid session" }, payer.cookie)).status).toBe(302);
      return prisma.booking.findFirstOrThrow({ where: { guideId: paidGuide.id, startsAt }, include: { payments: true } });
    };
    const lapsed = await paidBooking(await freeStart(paidGuide.id, 3));
    expect(await expireHold(lapsed.id, new Date(lapsed.holdExpiresAt!.getTime() + 1000))).toBe(true);
    const refunded = await paidBooking(await freeStart(paidGuide.id, 5));
    await completeStripeCheckout(refunded.payments[0].stripeCheckoutSessionId!);
    await refundBooking(refunded.id, { amountCents: 1500, reason: "A shorter session" });
    await refundBooking(refunded.id, { amountCents: 500, reason: "And a little more" });

    const report = await health(admin);
    expect(report.made.count).toBe(8); // three, three requests, two paid (the two started sessions were made before)
    expect(report.repeatMentees.count).toBe(1); // the first mentee's second (the payer's lapsed hold was no booking)
    expect(report.completed.count).toBe(1);
    expect(report.noShows.count).toBe(1);
    expect(report.cancelled.count).toBe(5);
    expect(Object.fromEntries(Object.entries(report.cancelled.by).map(([by, figure]) => [by, figure.count]))).toEqual({ mentee: 1, guide: 2, admin: 1, system: 1 });
    expect(report.refunds).toMatchObject({ count: 1, cents: 2000 });
    expect(report.answerTime.count).toBe(3);
    expect(Math.abs(report.answerTime.medianSeconds! - 20 * 60)).toBeLessThanOrEqual(30);
    await expectLinksAgree(admin, report);

    // The screen shows them, and links the cancellations to the filtered bookings.
    const html = (await (await send("/admin/dashboard", { cookie: admin.cookie })).text()).replaceAll("<!-- -->", "").replaceAll("&amp;", "&");
    expect(html).toContain("Health");
    expect(html).toContain("$20.00");
    expect(html).toContain(report.cancelled.href);
    expect(report.cancelled.href).toContain("outcome=cancelled");
  });

  test("a hold that ran out is the system's cancellation until its payment arrives in time: then it lives again and counts no more", async () => {
    const guide = await createBookableGuide();
    const payer = await signIn("user");
    const startsAt = await freeStart(guide.id, 3);
    expect((await postForm(`/mentor/${guide.id}/book`, { minutes: "60", startsAt: startsAt.toISOString(), topic: "Late payment" }, payer.cookie)).status).toBe(302);
    const booking = await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id, startsAt }, include: { payments: true } });
    expect(await expireHold(booking.id, new Date(booking.holdExpiresAt!.getTime() + 1000))).toBe(true);
    expect((await health(admin)).cancelled.by.system.count).toBe(1);

    await completeStripeCheckout(booking.payments[0].stripeCheckoutSessionId!);
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ status: "confirmed", endedAt: null });
    expect((await health(admin)).cancelled.count).toBe(0);

    // Another whose Checkout Stripe lets run out: the payment fails and the booking expires, the system's too.
    const other = await freeStart(guide.id, 5);
    expect((await postForm(`/mentor/${guide.id}/book`, { minutes: "60", startsAt: other.toISOString(), topic: "Never paid" }, payer.cookie)).status).toBe(302);
    const unpaid = await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id, startsAt: other }, include: { payments: true } });
    await expireStripeCheckout(unpaid.payments[0].stripeCheckoutSessionId!);
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: unpaid.id } })).toMatchObject({ status: "expired" });
    const report = await health(admin);
    expect(report.cancelled.by.system.count).toBe(1);
    expect(report.made.count).toBe(2);
    await expectLinksAgree(admin, report);
  });

  test("a reported mentor who did not come: cancelled by the admin who decides so, by the system when nobody contests; another report settled completes the session", async () => {
    await prisma.user.update({ where: { id: admin.person.id }, data: { timeZone: "UTC" } });
    const guide = await createBookableGuide();
    const mentee = await createPerson("user");
    const started = (minutesAgo: number) =>
      prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, topic: "Reported", status: "confirmed", startsAt: new Date(Date.now() - minutesAgo * MINUTE), createdAt: new Date(Date.now() - 40 * DAY) } });
    const [decided, uncontested, other] = [await started(120), await started(200), await started(280)];
    for (const booking of [decided, uncontested]) await reportProblem(actorOf(mentee), booking.id, { kind: "guide_absent", details: "Never joined the call" });
    await reportProblem(actorOf(mentee), other.id, { kind: "other", details: "The sound kept dropping" });
    await decideProblem(actorOf(admin.person), decided.id, { outcome: "refund_full" });
    await decideProblem(actorOf(admin.person), other.id, { outcome: "no_refund" });
    // Nobody contests the other no-show within the dispute window: the rule settles it then.
    const { disputeWindowHours } = await getPlatformSettings();
    const later = new Date(Date.now() + (disputeWindowHours + 1) * HOUR);
    expect(await settleUncontestedReports(later)).toBe(1);

    const day = (date: Date) => date.toISOString().slice(0, 10);
    const report = await health(admin, `?from=${day(new Date())}&to=${day(later)}`);
    expect(report.cancelled.count).toBe(2);
    expect(Object.fromEntries(Object.entries(report.cancelled.by).map(([by, figure]) => [by, figure.count]))).toEqual({ mentee: 0, guide: 0, admin: 1, system: 1 });
    expect(report.completed.count).toBe(1);
    await expectLinksAgree(admin, report);
  });

  test("the migration's backfill of a database that had no totals gives what the domains keep: the same hours and repeats", async () => {
    const guide = await createBookableGuide();
    await prisma.sessionOption.updateMany({ where: { guideId: guide.id }, data: { priceCents: 0 } });
    const mentee = await createPerson("user");
    const made = [];
    for (const days of [3, 4, 5]) made.push(await createBooking(mentee.id, { guideId: guide.id, minutes: 60, startsAt: await freeStart(guide.id, days), topic: "Backfill", intro: false }));
    await cancelBooking(actorOf(mentee), made[0].id, null);
    await cancelBooking(actorOf(admin.person), made[2].id, "Duplicate");
    const paidGuide = await createBookableGuide();
    const payer = await signIn("user");
    const startsAt = await freeStart(paidGuide.id, 3);
    await postForm(`/mentor/${paidGuide.id}/book`, { minutes: "60", startsAt: startsAt.toISOString(), topic: "Paid" }, payer.cookie);
    const paid = await prisma.booking.findFirstOrThrow({ where: { guideId: paidGuide.id }, include: { payments: true } });
    await completeStripeCheckout(paid.payments[0].stripeCheckoutSessionId!);
    await refundBooking(paid.id, { amountCents: 700, reason: "Part" });

    const hours = () => prisma.hourTotal.findMany({ orderBy: { hour: "asc" } });
    const repeats = () => prisma.booking.findMany({ orderBy: { id: "asc" }, select: { id: true, isRepeat: true } });
    const [kept, keptRepeats] = [await hours(), await repeats()];
    expect(kept.some((hour) => hour.made > 0 && hour.repeats > 0 && hour.cancelledByAdmin > 0 && hour.refunds > 0)).toBe(true);

    // What the migration found on a database from before: no totals, no repeat marks.
    await prisma.hourTotal.deleteMany();
    await prisma.booking.updateMany({ data: { isRepeat: false } });
    const folder = dialect === "postgres" ? "migrations-postgres" : "migrations";
    const dir = readdirSync(path.join("prisma", folder)).find((name) => name.endsWith("_health_totals"))!;
    const sql = readFileSync(path.join("prisma", folder, dir, "migration.sql"), "utf8");
    const backfill = sql.slice(sql.indexOf("-- The bookings that had already ended"));
    for (const statement of backfill.split(/;\s*\n/).map((text) => text.replace(/^--.*$/gm, "").trim()).filter(Boolean)) await prisma.$executeRawUnsafe(statement);
    expect(await repeats()).toEqual(keptRepeats);
    expect(await hours()).toEqual(kept);
  });

  test("what waits now: live guides without free time in 14 days, open queries older than 2 days, reviews without a reply", async () => {
    const now = Date.now();
    const guides = await Promise.all([null, now + 20 * DAY, now + DAY].map(async (nextFree) => {
      const guide = await createBookableGuide();
      await prisma.guideProfile.update({ where: { userId: guide.id }, data: { nextFreeAt: nextFree === null ? null : new Date(nextFree) } });
      return guide;
    }));
    // Their search fields, as the guides module writes them when an account or profile changes: approved, so live.
    await transaction((tx) => refreshGuideSearch(tx, guides.map((guide) => guide.id)));
    expect((await prisma.guideProfile.findMany({ where: { userId: { in: guides.map((guide) => guide.id) } } })).every((profile) => profile.isLive)).toBe(true);
    // A guide who is not live (not approved) counts nowhere, however booked up.
    const pending = await createPerson("guide", { isVerified: false });
    await prisma.guideProfile.create({ data: { userId: pending.id } });

    const query = (daysAgo: number, answered: boolean) =>
      prisma.customerQuery.create({
        data: { name: "Asker", email: "asker@test.example", subject: "Help", message: "Please", createdAt: new Date(now - daysAgo * DAY), ...(answered ? { answer: "Done", answeredAt: new Date() } : {}) },
      });
    await Promise.all([query(3, false), query(2.5, false), query(1, false), query(5, true)]);

    // Three reviews of completed sessions, written by their mentee; the guide replies to one.
    const mentee = await createPerson("user");
    const reviewed = [];
    for (const daysAgo of [3, 4, 5]) {
      const booking = await prisma.booking.create({ data: { userId: mentee.id, guideId: guides[0].id, topic: "Reviewed", status: "completed", createdAt: new Date(now - 40 * DAY), startsAt: new Date(now - daysAgo * DAY), completedAt: new Date(now - daysAgo * DAY + HOUR) } });
      await saveReview(booking.id, { intent: "create", rating: 5, content: "A wise and patient mentor." }, actorOf(mentee));
      reviewed.push(await prisma.review.findUniqueOrThrow({ where: { bookingId: booking.id } }));
    }
    expect((await health(admin)).reviewsAwaitingReply.count).toBe(3);
    await replyToReview(reviewed[0].id, "Thank you for your kind words.", actorOf(guides[0]));

    const report = await health(admin);
    expect(report.guidesWithoutFreeTime.count).toBe(2);
    expect(report.oldOpenQueries.count).toBe(2);
    expect(report.reviewsAwaitingReply.count).toBe(2);
    await expectLinksAgree(admin, report);
  });

  test("the period: the last 7 days by default, a day that is not one or a to before its from is a 400; the screen drops them", async () => {
    const report = await health(admin);
    const days = (Date.parse(`${report.period.to}T00:00:00Z`) - Date.parse(`${report.period.from}T00:00:00Z`)) / DAY;
    expect(days).toBe(6);
    for (const [query, message] of [
      ["?from=2026-02-30", "from must be a date such as 2026-11-28"],
      ["?from=2026-03-10&to=2026-03-01", "to must be the same day as from or later"],
    ]) {
      const response = await send(`/api/admin/dashboard/health${query}`, { token: admin.token });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    }
    const screen = await send("/admin/dashboard?from=2026-02-30&to=nope", { cookie: admin.cookie });
    expect(screen.status).toBe(200);
  });

  test("a period with no answered request says so, not 'Over 0 requests'", async () => {
    const html = (await (await send("/admin/dashboard?from=2001-01-01&to=2001-01-07", { cookie: admin.cookie })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("No request was accepted or declined in the period");
    expect(html).not.toContain("Over 0 requests");
  });
});
