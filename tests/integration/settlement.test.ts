// Settlement: guides are paid through Stripe Connect (the local test-mode stand-in), a session's money is held until
// it is over and the dispute window has passed, then one transfer per session goes to the guide; refunds after it
// take the guide's share back; unanswered requests expire, sessions complete on their own, and a mentee whose mentor
// did not come can report it. Each behaviour through the built app and the real database, on both engines.
import { readFileSync } from "node:fs";
import { http, HttpResponse } from "msw";
import { describe, expect, test } from "vitest";
import "#app/jobs.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { createBooking } from "#app/modules/bookings/booking-flow.server.ts";
import { runBookingDeadlines } from "#app/modules/bookings/deadlines.server.ts";
import { mentorNoShowCount } from "#app/modules/bookings/problems.server.ts";
import { startCheckout } from "#app/modules/bookings/checkout.server.ts";
import { refundBooking } from "#app/modules/payments/refunds.server.ts";
import { PAYOUT_PAID_JOB, releaseDuePayouts, transferPayout } from "#app/modules/payments/payouts.server.ts";
import { deliverTestEventsTo } from "#app/modules/payments/stripe-test-mode.server.ts";
import { receiveStripeWebhook } from "#app/modules/payments/webhook.server.ts";
import { handleStripeEvent } from "#app/modules/bookings/checkout.server.ts";
import { sessionSpan, sessionStart } from "#app/modules/bookings/session-time.ts";
import { runDueJobs } from "#app/lib/jobs.server.ts";
import { freeTimes } from "#app/modules/schedule/schedule.server.ts";
import { createPerson, postForm, send, signIn } from "#tests/app.ts";
import { lastMailTo, mailTo } from "#tests/mocks/mail.ts";
import { server } from "#tests/mocks/server.ts";
import { completeStripeCheckout, postStripeEvent, STRIPE_API, stripeStore } from "#tests/mocks/stripe.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";
import { expectConsoleError } from "#tests/setup/console.ts";

const HOUR = 3_600_000;
const textOf = (html: string) => html.replaceAll("<!-- -->", "");
const page = async (path: string, cookie: string) => textOf(await (await send(path, { cookie })).text());

type Guide = Awaited<ReturnType<typeof createBookableGuide>>;

/** A browser session's cookie for someone who exists already. */
const cookieOf = async (personId: number) => (await commitSession(await createSession(personId, "web"))).split(";")[0];

/** A guide with their own sign-in (cookie), bookable as createBookableGuide makes them. */
async function guideWithSession(profile: Parameters<typeof createBookableGuide>[0] = {}) {
  const guide = await createBookableGuide(profile);
  return { guide, cookie: await cookieOf(guide.id) };
}

/** The guide connects payouts from Billing, through the local test-mode onboarding page, as a person would. */
async function connectPayouts(cookie: string) {
  const started = await postForm("/mentor-dashboard/billing", { intent: "connect-payouts" }, cookie);
  expect(started.status).toBe(302);
  const onboarding = started.headers.get("Location")!;
  expect(onboarding).toMatch(/^\/connect\/test\/acct_test_\w+\?link=acctlink_test_\w+$/);
  const form = await page(onboarding, cookie);
  expect(form).toContain("Test mode");
  expect(form).toContain("Set up payouts");
  const finished = await postForm(onboarding, { intent: "complete" }, cookie);
  expect(finished.status).toBe(302);
  expect(finished.headers.get("Location")).toBe("/mentor-dashboard/billing?payouts=return");
  const back = await send(finished.headers.get("Location")!, { cookie });
  expect(back.headers.get("Location")).toBe("/mentor-dashboard/billing");
  return onboarding.split("/").pop()!.split("?")[0];
}

let slot = 0;
/** A paid, confirmed session between a new mentee and `guide` (booked, checked out and paid in test mode). */
async function paidSession(guide: Guide, { topic = "Leading a staff through change" } = {}) {
  const mentee = await createPerson("user");
  const times = await freeTimes(guide.id, { minutes: 60, limit: 40 });
  const startsAt = times[(slot += 2) % times.length];
  const booking = await createBooking(mentee.id, { guideId: guide.id, minutes: 60, startsAt, topic, intro: false });
  const { url } = await startCheckout(booking.id);
  await completeStripeCheckout(url.split("/").pop()!);
  return { mentee, booking: await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } }) };
}

/** Time passes: the session started `hoursAgo` hours ago. */
async function movedToPast(bookingId: number, hoursAgo: number) {
  const startsAt = new Date(Date.now() - hoursAgo * HOUR);
  await prisma.booking.update({ where: { id: bookingId }, data: { startsAt } });
  return startsAt;
}

const payoutOf = (bookingId: number) => prisma.payout.findUniqueOrThrow({ where: { bookingId } });


describe("connecting payouts", () => {
  test("a guide connects payouts from Billing through the test-mode onboarding, and Billing shows the account active", async () => {
    const { guide, cookie } = await guideWithSession();
    const before = await page("/mentor-dashboard/billing", cookie);
    expect(before).toContain("Not connected");
    expect(before).toContain("Your earnings wait for you until you do.");
    const accountId = await connectPayouts(cookie);
    expect(await prisma.payoutAccount.findUniqueOrThrow({ where: { guideId: guide.id } })).toMatchObject({ stripeAccountId: accountId, status: "active", requirements: null });
    // The stand-in sent account.updated, signed, and the webhook applied it.
    expect(await prisma.paymentEvent.findFirst({ where: { type: "account.updated", outcome: "applied" } })).not.toBeNull();
    const after = await page("/mentor-dashboard/billing", cookie);
    expect(after).toContain("Active");
    expect(after).not.toContain("Set up payouts");
    // Asking again makes no second account.
    expect(await stripeStore.all("account")).toHaveLength(1);
  });

  test("an unfinished setup says what Stripe still needs, and nobody else may open a guide's onboarding page", async () => {
    const { guide, cookie } = await guideWithSession();
    const started = await postForm("/mentor-dashboard/billing", { intent: "connect-payouts" }, cookie);
    const onboarding = started.headers.get("Location")!;
    const stranger = await guideWithSession();
    expect((await send(onboarding, { cookie: stranger.cookie })).status).toBe(404);
    const mentee = await signIn("user");
    expect((await send(onboarding, { cookie: mentee.cookie })).status).toBe(302);
    const later = await postForm(onboarding, { intent: "restricted" }, cookie);
    expect(later.headers.get("Location")).toBe("/mentor-dashboard/billing?payouts=return");
    await send(later.headers.get("Location")!, { cookie });
    expect(await prisma.payoutAccount.findUniqueOrThrow({ where: { guideId: guide.id } })).toMatchObject({ status: "restricted" });
    const billing = await page("/mentor-dashboard/billing", cookie);
    expect(billing).toContain("Restricted");
    expect(billing).toContain("individual.verification.document");
    expect(billing).toContain("Update details");
  });
});

describe("payouts", () => {
  test("a paid session's money is held until the session is over, released after the dispute window, and transferred once", async () => {
    const { guide, cookie } = await guideWithSession();
    await connectPayouts(cookie);
    const { booking } = await paidSession(guide);
    expect(await payoutOf(booking.id)).toMatchObject({ status: "held", feePercent: 10, amountCents: 4500, overAt: null });
    expect(await page("/mentor-dashboard/billing", cookie)).toContain("Held until the session is over");

    const startsAt = await movedToPast(booking.id, 2);
    const completed = await postForm("/mentor-dashboard/bookings?tab=past", { intent: "complete", bookingId: String(booking.id) }, cookie);
    expect(completed.status).toBe(302);
    const releasing = await payoutOf(booking.id);
    expect(releasing.status).toBe("releasing");
    expect(releasing.overAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await page("/mentor-dashboard/billing", cookie)).toContain("Releasing on");

    // Before the window has passed, nothing goes.
    expect(await releaseDuePayouts(new Date(Date.now() + 47 * HOUR))).toEqual({});
    const due = new Date(releasing.overAt!.getTime() + 48 * HOUR + 60_000);
    // Two servers' sweeps and a direct attempt at once: one transfer.
    await Promise.all([releaseDuePayouts(due), releaseDuePayouts(due), transferPayout(releasing.id, due)]);
    const transfers = (await stripeStore.all("transfer")).filter((transfer) => (transfer.metadata as Record<string, string>).bookingId === String(booking.id));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amount: 4500, currency: "usd", transfer_group: `booking_${booking.id}` });
    const paid = await payoutOf(booking.id);
    expect(paid).toMatchObject({ status: "paid", stripeTransferId: transfers[0].id, amountCents: 4500 });
    expect(startsAt.getTime()).toBeLessThan(Date.now());
    const billing = await page("/mentor-dashboard/billing", cookie);
    expect(billing).toContain("Paid out on");
    expect(billing).toContain(transfers[0].id);
    // The month's statement names the transfer, and what it paid out is what the transfer carried.
    const month = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit" }).format(new Date()).slice(0, 7);
    const statement = await page(`/mentor-dashboard/billing/${month}`, cookie);
    expect(statement).toContain(transfers[0].id);
    expect(statement).toContain("$45.00 paid out");

    // Running again, or replaying the transfer's event, changes nothing.
    expect(await releaseDuePayouts(new Date(due.getTime() + HOUR))).toEqual({});
    const event = (await stripeStore.all("event")).find((each) => each.type === "transfer.created" && (each.data as { object: { id: string } }).object.id === transfers[0].id)!;
    expect(await (await postStripeEvent(event)).json()).toMatchObject({ outcome: "duplicate" });
    expect(await (await postStripeEvent({ ...event, id: `${event.id}_redelivered` })).json()).toMatchObject({ outcome: "applied" });
    expect((await stripeStore.all("transfer")).filter((transfer) => (transfer.metadata as Record<string, string>).bookingId === String(booking.id))).toHaveLength(1);
    expect((await payoutOf(booking.id)).stripeTransferId).toBe(transfers[0].id);
  });

  test("the guide is told once that a payout was sent, by e-mail and in the bell, however often the release and the transfer's event run", async () => {
    const { guide, cookie } = await guideWithSession();
    await connectPayouts(cookie);
    const { mentee, booking } = await paidSession(guide, { topic: "Preaching through Lent" });
    const startsAt = await movedToPast(booking.id, 2);
    await postForm("/mentor-dashboard/bookings?tab=past", { intent: "complete", bookingId: String(booking.id) }, cookie);
    const due = new Date(Date.now() + 49 * HOUR);
    const notices = async () => {
      await runDueJobs(new Date(), 100, [PAYOUT_PAID_JOB]);
      return (await mailTo(guide.email)).filter((mail) => mail.subject.startsWith("Payout sent"));
    };
    const bell = () => prisma.notification.findMany({ where: { userId: guide.id, kind: "payment" }, select: { title: true, body: true, href: true } });
    expect(await releaseDuePayouts(due)).toEqual({ paid: 1 });
    const payout = await payoutOf(booking.id);

    const sent = await notices();
    expect(sent.map((mail) => mail.subject)).toEqual([`Payout sent: $45.00 for your session with ${mentee.name}`]);
    // The amount after the platform's fee, the session in the guide's zone (as booking mails name it), the bank, Billing.
    expect(sent[0].text).toContain(`Hello ${guide.name},`);
    expect(sent[0].text).toContain("Amount sent: $45.00 (after the platform's fee)");
    expect(sent[0].text).toContain(`Session: with ${mentee.name}, ${sessionSpan(startsAt, 60, "America/New_York")}\nTopic: Preaching through Lent`);
    expect(sent[0].text).toContain(`Stripe reference: ${payout.stripeTransferId}`);
    expect(sent[0].text).toContain("Stripe sends it on to your bank in its daily payouts, usually within 2 days.");
    expect(sent[0].text).toContain("Your payouts:\n\nhttp://localhost:3000/mentor-dashboard/billing");
    expect(sent[0].html).toContain('href="http://localhost:3000/mentor-dashboard/billing"');
    expect(await bell()).toEqual([{ title: "Payout sent: $45.00", body: `For your session with ${mentee.name} on ${sessionStart(startsAt, "America/New_York")}.`, href: "/mentor-dashboard/billing" }]);

    // The sweep again, a direct attempt, and the transfer's event delivered again: nothing more.
    expect(await releaseDuePayouts(new Date(due.getTime() + HOUR))).toEqual({});
    expect(await transferPayout(payout.id, new Date(due.getTime() + HOUR))).toBe("skipped");
    const event = (await stripeStore.all("event")).find((each) => each.type === "transfer.created" && (each.data as { object: { id: string } }).object.id === payout.stripeTransferId)!;
    expect(await (await postStripeEvent({ ...event, id: `${event.id}_redelivered` })).json()).toMatchObject({ outcome: "applied" });
    expect(await notices()).toHaveLength(1);
    expect(await bell()).toHaveLength(1);
  });

  test("a payout recorded from the transfer's answer, before its event arrives, tells the guide once too", async () => {
    const { guide, cookie } = await guideWithSession();
    await connectPayouts(cookie);
    const { booking } = await paidSession(guide);
    await movedToPast(booking.id, 2);
    await postForm("/mentor-dashboard/bookings?tab=past", { intent: "complete", bookingId: String(booking.id) }, cookie);
    // Stripe's events are late: the stand-in keeps them until the transfer's answer has been recorded.
    const late: string[] = [];
    deliverTestEventsTo(async (request) => {
      late.push(await request.text());
      return new Response(null, { status: 200 });
    });
    try {
      expect(await releaseDuePayouts(new Date(Date.now() + 49 * HOUR))).toEqual({ paid: 1 });
    } finally {
      deliverTestEventsTo((request) => receiveStripeWebhook(request, handleStripeEvent));
    }
    const transferEvents = late.map((body) => JSON.parse(body) as { type: string; id: string }).filter((event) => event.type === "transfer.created");
    expect(transferEvents).toHaveLength(1);
    expect(await prisma.paymentEvent.findUnique({ where: { id: transferEvents[0].id } })).toBeNull();
    // Now the event arrives: the payout is recorded already, so it says nothing more.
    expect(await (await postStripeEvent(transferEvents[0] as never)).json()).toMatchObject({ outcome: "applied" });
    await runDueJobs(new Date(), 100, [PAYOUT_PAID_JOB]);
    expect((await mailTo(guide.email)).filter((mail) => mail.subject.startsWith("Payout sent: $45.00"))).toHaveLength(1);
    expect(await prisma.notification.count({ where: { userId: guide.id, kind: "payment" } })).toBe(1);
  });

  test("the dispute window the admin sets applies to every payout still waiting: set to 0, it goes at once", async () => {
    const { guide, cookie } = await guideWithSession();
    await connectPayouts(cookie);
    const { booking } = await paidSession(guide);
    await movedToPast(booking.id, 2);
    await postForm("/mentor-dashboard/bookings?tab=past", { intent: "complete", bookingId: String(booking.id) }, cookie);
    expect(await releaseDuePayouts()).toEqual({});
    const admin = await signIn("admin");
    const settings = await prisma.platformSettings.findUnique({ where: { id: 1 } });
    const saved = await postForm(
      "/admin/dashboard/settings",
      {
        supportEmail: "support@ministrymentors.example", platformFeePercent: "10", minimumNoticeHours: "24", cancellationWindowHours: "24", lateCancellationRefundPercent: "50",
        holdMinutes: "15", maxAdvanceDays: "90", disputeWindowHours: "0", requestExpiryHours: "48", autoCompleteHours: "24", maxHoldsPerGuide: "2", maxHoldsPerMentee: "3",
      },
      admin.cookie,
    );
    expect(saved.status).toBe(302);
    try {
      expect(await releaseDuePayouts()).toEqual({ paid: 1 });
    } finally {
      if (settings) await prisma.platformSettings.update({ where: { id: 1 }, data: settings });
      else await prisma.platformSettings.deleteMany();
    }
  });

  test("a refund after the transfer takes the guide's share of it back, in proportion", async () => {
    const { guide, cookie } = await guideWithSession();
    await connectPayouts(cookie);
    const { booking } = await paidSession(guide);
    await movedToPast(booking.id, 2);
    await postForm("/mentor-dashboard/bookings?tab=past", { intent: "complete", bookingId: String(booking.id) }, cookie);
    await releaseDuePayouts(new Date(Date.now() + 49 * HOUR));
    const payout = await payoutOf(booking.id);
    expect(payout.status).toBe("paid");

    await refundBooking(booking.id, { amountCents: 2000, reason: "Half the session was lost to a bad connection" });
    // $50 paid, $20 refunded: the guide should keep 90% of $30 = $27 of the $45 sent, so $18 comes back.
    const reversals = (await stripeStore.all("transfer_reversal")).filter((reversal) => reversal.transfer === payout.stripeTransferId);
    expect(reversals.map((reversal) => reversal.amount)).toEqual([1800]);
    expect((await payoutOf(booking.id)).reversedCents).toBe(1800);
    await refundBooking(booking.id, { reason: "The rest, as a courtesy" });
    const all = (await stripeStore.all("transfer_reversal")).filter((reversal) => reversal.transfer === payout.stripeTransferId);
    expect(all.map((reversal) => reversal.amount)).toEqual([1800, 2700]);
    expect(await payoutOf(booking.id)).toMatchObject({ reversedCents: 4500, status: "paid" });
  });

  test("a refund before release lowers the payout, and a full one leaves nothing to pay", async () => {
    const { guide } = await guideWithSession();
    const { booking } = await paidSession(guide);
    await refundBooking(booking.id, { amountCents: 1000, reason: "Goodwill" });
    expect(await payoutOf(booking.id)).toMatchObject({ status: "held", amountCents: 3600 });
    await refundBooking(booking.id, { reason: "Cancelled by agreement" });
    expect(await payoutOf(booking.id)).toMatchObject({ status: "cancelled", amountCents: 0 });
  });

  test("a guide without connected payouts is told plainly that earnings wait for them, and nothing is sent until they connect", async () => {
    const { guide, cookie } = await guideWithSession();
    const { booking } = await paidSession(guide);
    await movedToPast(booking.id, 2);
    await postForm("/mentor-dashboard/bookings?tab=past", { intent: "complete", bookingId: String(booking.id) }, cookie);
    const later = new Date(Date.now() + 49 * HOUR);
    expect(await releaseDuePayouts(later)).toEqual({});
    expect((await payoutOf(booking.id)).status).toBe("releasing");
    // Connecting releases what was waiting (its release time has passed by then).
    await prisma.payout.update({ where: { bookingId: booking.id }, data: { overAt: new Date(Date.now() - 49 * HOUR) } });
    const billing = await page("/mentor-dashboard/billing", cookie);
    expect(billing).toContain("On hold: payouts not connected");
    expect(billing).toContain("Waiting for your payouts setup");
    await connectPayouts(cookie);
    expect((await payoutOf(booking.id)).status).toBe("paid");
  });

  test("a transfer Stripe refuses is marked failed, shown to the admin, and tried again with a new key", async () => {
    const { guide, cookie } = await guideWithSession();
    await connectPayouts(cookie);
    const { booking } = await paidSession(guide);
    await movedToPast(booking.id, 2);
    await postForm("/mentor-dashboard/bookings?tab=past", { intent: "complete", bookingId: String(booking.id) }, cookie);
    server.use(http.post(`${STRIPE_API}/v1/transfers`, () => HttpResponse.json({ error: { type: "invalid_request_error", code: "balance_insufficient", message: "Insufficient funds in your Stripe balance." } }, { status: 400 }), { once: true }));
    expectConsoleError(/transfer refused: Insufficient funds/);
    const due = new Date(Date.now() + 49 * HOUR);
    expect(await releaseDuePayouts(due)).toEqual({ failed: 1 });
    const failed = await payoutOf(booking.id);
    expect(failed).toMatchObject({ status: "failed", failures: 1, lastError: "Insufficient funds in your Stripe balance." });
    const admin = await signIn("admin");
    const list = await page("/admin/dashboard/payouts?status=failed", admin.cookie);
    expect(list).toContain(`Booking #${booking.id}`);
    expect(list).toContain("Insufficient funds");
    // The next try, once its delay has passed, goes through.
    expect(await releaseDuePayouts(new Date(failed.retryAt!.getTime() - 1000))).toEqual({});
    expect(await releaseDuePayouts(new Date(failed.retryAt!.getTime() + 1000))).toEqual({ paid: 1 });
    expect((await payoutOf(booking.id)).status).toBe("paid");
  });

  test("the console's Payouts list and its JSON twin show each payout, filtered and sorted from the URL; only admins", async () => {
    const { guide, cookie } = await guideWithSession();
    await connectPayouts(cookie);
    const { booking } = await paidSession(guide, { topic: "Payouts list check" });
    const admin = await signIn("admin");
    const screen = await page(`/admin/dashboard/payouts?guideId=${guide.id}`, admin.cookie);
    expect(screen).toContain(`Booking #${booking.id}`);
    expect(screen).toContain("Held");
    const json = await (await send(`/api/admin/payouts?mentorId=${guide.id}&status=held&sortBy=amount&sortOrder=asc`, { token: admin.token })).json();
    expect(json.meta).toMatchObject({ page: 1, total: 1 });
    expect(json.data[0]).toMatchObject({ bookingId: booking.id, guideId: guide.id, status: "held", amountCents: 4500, feePercent: 10, accountActive: true });
    expect((await send("/api/admin/payouts?status=lost", { token: admin.token })).status).toBe(400);
    expect(await (await send("/api/admin/payouts?from=2026-13-40", { token: admin.token })).json()).toMatchObject({ message: expect.stringContaining("from must be a date") });
    const other = await signIn("guide");
    expect((await send("/admin/dashboard/payouts", { cookie: other.cookie })).status).toBe(302);
    expect((await send("/api/admin/payouts", { token: other.token })).status).toBe(403);
    // The booking's page shows its payout.
    const bookingPage = await page(`/admin/dashboard/viewBookingPage/${booking.id}`, admin.cookie);
    expect(bookingPage).toContain("Payout");
    expect(bookingPage).toContain("after the 10% platform fee");
  });
});

describe("no booking is left hanging", () => {
  test("a request the guide does not answer expires: refunded in full, the time freed, the mentee offered other times", async () => {
    const { guide } = await guideWithSession({ reviewsRequests: true });
    const { booking, mentee } = await paidSession(guide);
    expect(booking.status).toBe("requested");
    expect(booking.answerBy).not.toBeNull();
    expect(booking.answerBy!.getTime()).toBeLessThanOrEqual(Date.now() + 48 * HOUR + 60_000);
    // The guide's request e-mail and the mentee's page say when it expires… and nothing happens before then.
    expect((await runBookingDeadlines(new Date(booking.answerBy!.getTime() - 60_000))).expired).toBe(0);
    const outcome = await runBookingDeadlines(new Date(booking.answerBy!.getTime() + 1000));
    expect(outcome.expired).toBeGreaterThanOrEqual(1);
    const after = await prisma.booking.findUniqueOrThrow({ where: { id: booking.id }, include: { claims: true, payments: true } });
    expect(after).toMatchObject({ status: "expired", answerBy: null, paymentStatus: "refunded", cancelReason: "The mentor did not answer the request in time." });
    expect(after.claims).toHaveLength(0);
    expect(after.payments[0].refundedCents).toBe(5000);
    expect((await payoutOf(booking.id)).status).toBe("cancelled");
    const mail = await lastMailTo(mentee.email);
    expect(mail.subject).toBe(`Your request to ${guide.name} expired`);
    expect(mail.text).toContain("refunded in full");
    expect(mail.text).toMatch(new RegExp(`/mentor/${guide.id}/book\\?minutes=60&start=`));
  });

  test("a confirmed session completes on its own a day after it ended, asks for the review and starts the dispute window", async () => {
    const { guide } = await guideWithSession();
    const { booking, mentee } = await paidSession(guide);
    await movedToPast(booking.id, 23);
    expect((await runBookingDeadlines()).completed).toBe(0);
    await movedToPast(booking.id, 26);
    const now = new Date();
    expect((await runBookingDeadlines(now)).completed).toBeGreaterThanOrEqual(1);
    const after = await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(after.status).toBe("completed");
    expect(after.completedAt!.getTime()).toBe(now.getTime());
    const mail = await lastMailTo(mentee.email);
    expect(mail.subject).toBe(`How was your session with ${guide.name}?`);
    expect(mail.text).toContain(`/user-dashboard/bookings/${booking.id}/review`);
    // A link inside a sentence is tappable too.
    expect(mail.html).toContain(`Leave a review: <a href="http://localhost:3000/user-dashboard/bookings/${booking.id}/review"`);
    expect(await payoutOf(booking.id)).toMatchObject({ status: "releasing", overAt: now });
  });

  test("a no-show report holds the payout and is refunded in full when the mentor does not contest it", async () => {
    const { guide, cookie } = await guideWithSession();
    await connectPayouts(cookie);
    const { booking, mentee } = await paidSession(guide);
    await movedToPast(booking.id, 1);
    const menteeCookie = await cookieOf(mentee.id);
    const bookings = await page("/user-dashboard/bookings?tab=past", menteeCookie);
    expect(bookings).toContain("Report a problem");
    const reported = await postForm("/user-dashboard/bookings", { intent: "report", bookingId: String(booking.id), kind: "guide_absent", details: "I waited 30 minutes on the call and nobody came." }, menteeCookie);
    expect(reported.status).toBe(302);
    expect(await payoutOf(booking.id)).toMatchObject({ status: "on_hold" });
    expect((await lastMailTo(guide.email)).text).toContain("contest it from your bookings");
    // A second report is refused; the session does not complete on its own while the report is open.
    const again = await postForm("/user-dashboard/bookings", { intent: "report", bookingId: String(booking.id), kind: "other", details: "Again" }, menteeCookie);
    expect(again.status).toBe(409);
    await movedToPast(booking.id, 30);
    expect((await runBookingDeadlines()).completed).toBe(0);

    const report = await prisma.problemReport.findUniqueOrThrow({ where: { bookingId: booking.id } });
    expect((await runBookingDeadlines(new Date(report.contestBy.getTime() + 1000))).settled).toBe(1);
    const after = await prisma.booking.findUniqueOrThrow({ where: { id: booking.id }, include: { payments: true } });
    expect(after).toMatchObject({ status: "cancelled", paymentStatus: "refunded", cancelReason: "The mentor did not come to the session." });
    expect(after.payments[0].refundedCents).toBe(5000);
    expect(await prisma.problemReport.findUniqueOrThrow({ where: { bookingId: booking.id } })).toMatchObject({ status: "resolved", outcome: "refund_full", decidedById: null });
    expect(await payoutOf(booking.id)).toMatchObject({ status: "cancelled" });
    expect(await mentorNoShowCount(guide.id)).toBe(1);
    // Each reads it as their own, with the booking's link once.
    const settled = (await mailTo(mentee.email)).find((mail) => mail.subject === `Your report on your session with ${guide.name} is settled`)!;
    expect(settled.text).toContain(`${guide.name} did not contest the report in time. $50.00 is refunded to your card in full.`);
    expect(settled.text.split(`/user-dashboard/bookings?booking=${booking.id}`)).toHaveLength(2);
    const toGuide = (await mailTo(guide.email)).find((mail) => mail.subject === `${mentee.name}'s report on your session is settled`)!;
    expect(toGuide.text).toContain(`You did not contest the report in time. $50.00 is refunded to ${mentee.name}'s card in full.`);
    expect(toGuide.text.split(`/mentor-dashboard/bookings?booking=${booking.id}`)).toHaveLength(2);
    const admin = await signIn("admin");
    expect(await page(`/admin/dashboard/viewAddGuide/${guide.id}`, admin.cookie)).toMatch(/Missed sessions \(upheld reports\)<\/dt><dd[^>]*>1</);
  });

  test("a contested report goes to the admin, who refunds part; the rest is paid to the mentor", async () => {
    const { guide, cookie } = await guideWithSession();
    await connectPayouts(cookie);
    const { booking, mentee } = await paidSession(guide);
    await movedToPast(booking.id, 1);
    const menteeCookie = await cookieOf(mentee.id);
    await postForm("/user-dashboard/bookings", { intent: "report", bookingId: String(booking.id), kind: "guide_absent", details: "My mentor never joined." }, menteeCookie);
    const guidePage = await page("/mentor-dashboard/bookings?tab=past", cookie);
    expect(guidePage).toContain("Contest report");
    const contested = await postForm("/mentor-dashboard/bookings?tab=past", { intent: "answer-problem", bookingId: String(booking.id), reply: "I was on the call; the mentee's link was an old one." }, cookie);
    expect(contested.status).toBe(302);
    expect(await prisma.problemReport.findUniqueOrThrow({ where: { bookingId: booking.id } })).toMatchObject({ status: "review" });
    // A contested report waits for the admin, whatever the time.
    expect((await runBookingDeadlines(new Date(Date.now() + 100 * HOUR))).settled).toBe(0);

    const admin = await signIn("admin");
    const consolePage = await page(`/admin/dashboard/viewBookingPage/${booking.id}`, admin.cookie);
    expect(consolePage).toContain("Reported problem");
    expect(consolePage).toContain("I was on the call");
    const wrong = await postForm(`/admin/dashboard/viewBookingPage/${booking.id}`, { intent: "decide-problem", outcome: "refund_part", amount: "80.00" }, admin.cookie);
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("Enter an amount between $0.01 and $50.00.");
    const decided = await postForm(`/admin/dashboard/viewBookingPage/${booking.id}`, { intent: "decide-problem", outcome: "refund_part", amount: "20.00", note: "Both joined different links." }, admin.cookie);
    expect(decided.status).toBe(302);
    const after = await prisma.booking.findUniqueOrThrow({ where: { id: booking.id }, include: { payments: true } });
    expect(after.status).toBe("completed");
    expect(after.payments[0].refundedCents).toBe(2000);
    expect(await payoutOf(booking.id)).toMatchObject({ status: "releasing", amountCents: 2700 });
    // It releases the dispute window after the session ended.
    expect(await releaseDuePayouts(new Date(Date.now() + 47 * HOUR))).toEqual({});
    await releaseDuePayouts(new Date(Date.now() + 49 * HOUR));
    expect(await payoutOf(booking.id)).toMatchObject({ status: "paid", amountCents: 2700 });
    expect(await mentorNoShowCount(guide.id)).toBe(1);
    // The API twin refuses a report already settled.
    const api = await send(`/api/admin/problem-decision/${booking.id}`, { method: "POST", token: admin.token, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ outcome: "no_refund" }) });
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({ message: "This report has already been settled." });
  });

  test("a mentee may not report a session that has not started, nor someone else's", async () => {
    const { guide } = await guideWithSession();
    const { booking, mentee } = await paidSession(guide);
    const menteeCookie = await cookieOf(mentee.id);
    const early = await postForm("/user-dashboard/bookings", { intent: "report", bookingId: String(booking.id), kind: "guide_absent", details: "x" }, menteeCookie);
    expect(early.status).toBe(409);
    expect(textOf(await early.text())).toContain("You can report a problem once the session has started.");
    const stranger = await signIn("user");
    const theirs = await postForm("/user-dashboard/bookings", { intent: "report", bookingId: String(booking.id), kind: "guide_absent", details: "x" }, stranger.cookie);
    expect(theirs.status).toBe(404);
    const empty = await postForm("/user-dashboard/bookings", { intent: "report", bookingId: String(booking.id), kind: "guide_absent", details: "  " }, menteeCookie);
    expect(empty.status).toBe(400);
    expect(await prisma.problemReport.count({ where: { bookingId: booking.id } })).toBe(0);
  });
});

describe("the migration that brought payouts", () => {
  test("gives each paid session of before its payout: held ahead, releasing once over, nothing when refunded; and requests a deadline", async () => {
    const guide = await createPerson("guide");
    await prisma.guideProfile.create({ data: { userId: guide.id, noticeHours: 24 } });
    const mentee = await createPerson("user");
    const at = (hours: number) => new Date(Date.now() + hours * HOUR);
    const paid = async (status: string, startsAt: Date, { refundedCents = 0 } = {}) => {
      const booking = await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, topic: `Before payouts: ${status}`, rateCents: 6000, status, paymentStatus: refundedCents ? "refunded" : "paid", startsAt, durationMinutes: 60 } });
      await prisma.payment.create({ data: { bookingId: booking.id, userId: mentee.id, guideId: guide.id, amountCents: 6000, status: "succeeded", refundedCents, paidAt: at(-400) } });
      return booking;
    };
    const ahead = await paid("confirmed", at(72));
    const over = await paid("completed", at(-100));
    const refunded = await paid("cancelled", at(-50), { refundedCents: 6000 });
    const request = await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, topic: "Waiting", status: "requested", startsAt: at(100), durationMinutes: 60 } });

    const folder = dialect === "postgres" ? "migrations-postgres" : "migrations";
    const sql = readFileSync(`prisma/${folder}/20261128202844_settlement/migration.sql`, "utf8");
    const backfill = sql.slice(sql.indexOf("-- Every paid session of before payouts existed"));
    for (const statement of backfill.replace(/^--.*$/gm, "").split(";").map((each) => each.trim()).filter(Boolean)) await prisma.$executeRawUnsafe(statement);

    expect(await payoutOf(ahead.id)).toMatchObject({ status: "held", amountCents: 5400, feePercent: 10, overAt: null });
    expect(await payoutOf(over.id)).toMatchObject({ status: "releasing", amountCents: 5400, overAt: over.startsAt });
    expect(await payoutOf(refunded.id)).toMatchObject({ status: "cancelled", amountCents: 0 });
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: over.id } })).completedAt).toEqual(new Date(over.startsAt!.getTime() + HOUR));
    const deadline = (await prisma.booking.findUniqueOrThrow({ where: { id: request.id } })).answerBy!;
    expect(deadline.getTime()).toBe(Math.min(request.createdAt.getTime() + 48 * HOUR, request.startsAt!.getTime() - 24 * HOUR));
  });
});
