// A sponsored session pays its guide in full: the sponsor's covered part is a payment of the booking (source
// "sponsor"), so the guide's payout, earnings and statement carry the whole price, while the mentee's payments and
// receipts show only what they paid. Returned cover (a refunding cancellation, a problem's decision) lowers the
// payout in the same transaction, once. Through the built app and the real database, on both engines.
import { describe, expect, test } from "vitest";
import "#app/jobs.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { createBooking } from "#app/modules/bookings/booking-flow.server.ts";
import { startCheckout } from "#app/modules/bookings/checkout.server.ts";
import { cancelBooking } from "#app/modules/bookings/lifecycle.server.ts";
import { releaseDuePayouts } from "#app/modules/payments/payouts.server.ts";
import { activeSponsorship, createInvite, acceptInvite, foundSponsor, saveRules } from "#app/modules/sponsorship/sponsorship.server.ts";
import { actorOf, createPerson, postForm, send, signIn } from "#tests/app.ts";
import { completeStripeCheckout, stripeStore } from "#tests/mocks/stripe.ts";
import { createBookableGuide, freeStart } from "#tests/support/bookable-guide.ts";

const HOUR = 3_600_000;
const textOf = (html: string) => html.replaceAll("<!-- -->", "");
const cookieOf = async (personId: number) => (await commitSession(await createSession(personId, "web"))).split(";")[0];
const page = async (path: string, cookie: string) => textOf(await (await send(path, { cookie })).text());

/** A sponsor with a balance of $1,000 and a $300 budget per pastor per quarter, covering all but `copayPercent`. */
async function sponsorWith(copayPercent: number) {
  const admin = await createPerson("user", { organisation: "" });
  const organisation = await foundSponsor(actorOf(admin), { name: `Grace Church ${admin.id}`, kind: "church", city: "Portland", country: "USA" });
  await saveRules(actorOf(admin), organisation.id, { budget: 30_000, budgetPeriod: "quarter", ceiling: null, copayPercent, categories: [], guideIds: [] });
  await prisma.sponsorAccount.update({ where: { organisationId: organisation.id }, data: { balanceCents: 100_000 } });
  const pastor = await createPerson("user");
  const { link } = await createInvite(actorOf(admin), organisation.id, null);
  await acceptInvite(actorOf(pastor), link.split("/").pop()!, false);
  return { organisation, pastor };
}

const balanceOf = async (organisationId: number) => (await prisma.sponsorAccount.findUniqueOrThrow({ where: { organisationId } })).balanceCents;
const budgetLeftOf = async (pastorId: number) => (await activeSponsorship(pastorId))!.budgetLeftCents;
const payoutOf = (bookingId: number) => prisma.payout.findUniqueOrThrow({ where: { bookingId } });
const transfersOf = async (bookingId: number) => (await stripeStore.all("transfer")).filter((transfer) => (transfer.metadata as Record<string, string>).bookingId === String(bookingId));

/** A guide ($50 an hour, 10% platform fee) who connected payouts from Billing through the test-mode onboarding. */
async function connectedGuide() {
  const guide = await createBookableGuide();
  const cookie = await cookieOf(guide.id);
  const started = await postForm("/mentor-dashboard/billing", { intent: "connect-payouts" }, cookie);
  expect((await postForm(started.headers.get("Location")!, { intent: "complete" }, cookie)).status).toBe(302);
  expect(await prisma.payoutAccount.findUniqueOrThrow({ where: { guideId: guide.id } })).toMatchObject({ status: "active" });
  return { guide, cookie };
}

let day = 2;
/** A sponsored one-hour booking; with a co-pay, the pastor pays their share through the test-mode Checkout. */
async function sponsoredSession(guideId: number, pastorId: number, coveredCents: number) {
  const startsAt = await freeStart(guideId, (day += 1));
  const booking = await createBooking(pastorId, { guideId, minutes: 60, startsAt, topic: "Leading through a merger", intro: false, sponsorship: "use", sponsoredCents: coveredCents });
  if (coveredCents < 5000) {
    const { url } = await startCheckout(booking.id);
    await completeStripeCheckout(url.split("/").pop()!);
  }
  return prisma.booking.findUniqueOrThrow({ where: { id: booking.id } });
}

/** The session took place `hoursAgo` hours ago and the guide marked it completed. */
async function completedAgo(bookingId: number, guideCookie: string, hoursAgo = 2) {
  await prisma.booking.update({ where: { id: bookingId }, data: { startsAt: new Date(Date.now() - hoursAgo * HOUR) } });
  const completed = await postForm("/mentor-dashboard/bookings?tab=past", { intent: "complete", bookingId: String(bookingId) }, guideCookie);
  expect(completed.status).toBe(302);
}

describe("a sponsored session's payout", () => {
  test("with a co-pay: the pastor pays their share, and once the session is over and the window has passed, the transfer carries the whole price less the fee", async () => {
    const { guide, cookie } = await connectedGuide();
    const { organisation, pastor } = await sponsorWith(20);
    const booking = await sponsoredSession(guide.id, pastor.id, 4000);
    expect(booking).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    const payments = await prisma.payment.findMany({ where: { bookingId: booking.id }, orderBy: { id: "asc" } });
    expect(payments.map((payment) => [payment.source, payment.amountCents, payment.status])).toEqual([["sponsor", 4000, "succeeded"], ["card", 1000, "succeeded"]]);
    expect(await payoutOf(booking.id)).toMatchObject({ status: "held", amountCents: 4500 });

    await completedAgo(booking.id, cookie);
    await releaseDuePayouts(new Date(Date.now() + 49 * HOUR), { guideId: guide.id });
    expect((await transfersOf(booking.id)).map((transfer) => transfer.amount)).toEqual([4500]);
    expect(await payoutOf(booking.id)).toMatchObject({ status: "paid", amountCents: 4500 });
    // The sponsor's ledger is as it was: one session covered.
    expect((await prisma.sponsorLedgerEntry.findMany({ where: { organisationId: organisation.id, kind: { not: "funding" } } })).map((entry) => [entry.kind, entry.amountCents])).toEqual([["session", -4000]]);

    // The guide's earnings show the session once, at its whole price.
    const billing = await page("/mentor-dashboard/billing", cookie);
    expect(billing).toContain("$50.00");
    expect(billing).toContain("$40.00 covered by their sponsor");
    expect(billing).not.toContain("$10.00");

    // The console lists both payments of the session, the sponsor's marked as such.
    const admin = await signIn("admin");
    const json = await (await send(`/api/admin/getall/payments?guideId=${guide.id}`, { token: admin.token })).json();
    expect(json.data.map((row: { source: string; amountCents: number }) => [row.source, row.amountCents]).sort()).toEqual([["card", 1000], ["sponsor", 4000]]);
    expect(await page(`/admin/dashboard/all-transactions?guideId=${guide.id}`, admin.cookie)).toContain("Covered by the sponsor");
  });

  test("covered in full: no Checkout, and the payout for the whole price is held from the booking on", async () => {
    const { guide, cookie } = await connectedGuide();
    const { pastor } = await sponsorWith(0);
    const booking = await sponsoredSession(guide.id, pastor.id, 5000);
    expect(booking).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(await prisma.payment.findMany({ where: { bookingId: booking.id } })).toMatchObject([{ source: "sponsor", amountCents: 5000, status: "succeeded", stripePaymentIntentId: null }]);
    expect(await payoutOf(booking.id)).toMatchObject({ status: "held", amountCents: 4500, feePercent: 10 });

    await completedAgo(booking.id, cookie);
    await releaseDuePayouts(new Date(Date.now() + 49 * HOUR), { guideId: guide.id });
    expect((await transfersOf(booking.id)).map((transfer) => transfer.amount)).toEqual([4500]);
    const month = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit" }).format(new Date()).slice(0, 7);
    expect(await page(`/mentor-dashboard/billing/${month}`, cookie)).toContain("$45.00 paid out");
  });

  test("covered in full and cancelled by the guide: the sponsor gets it all back, and nothing is paid out", async () => {
    const { guide } = await connectedGuide();
    const { organisation, pastor } = await sponsorWith(0);
    const booking = await sponsoredSession(guide.id, pastor.id, 5000);
    expect(await balanceOf(organisation.id)).toBe(95_000);
    await cancelBooking(actorOf(guide), booking.id, "Called away to a funeral");
    expect(await balanceOf(organisation.id)).toBe(100_000);
    expect(await budgetLeftOf(pastor.id)).toBe(30_000);
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await payoutOf(booking.id)).toMatchObject({ status: "cancelled", amountCents: 0 });
  });

  test("a late cancellation refunding 50%: the sponsor gets half its part back, the pastor half theirs, and the payout is what is left", async () => {
    const { guide } = await connectedGuide();
    const { organisation, pastor } = await sponsorWith(20);
    const booking = await sponsoredSession(guide.id, pastor.id, 4000);
    expect(await balanceOf(organisation.id)).toBe(96_000);
    // Within the 24-hour cancellation window: the policy refunds 50%.
    await prisma.booking.update({ where: { id: booking.id }, data: { startsAt: new Date(Date.now() + 3 * HOUR) } });
    await cancelBooking(actorOf(pastor), booking.id, null);
    expect(await balanceOf(organisation.id)).toBe(98_000);
    expect(await budgetLeftOf(pastor.id)).toBe(28_000);
    const payments = await prisma.payment.findMany({ where: { bookingId: booking.id }, orderBy: { id: "asc" } });
    expect(payments.map((payment) => [payment.source, payment.refundedCents])).toEqual([["sponsor", 2000], ["card", 500]]);
    // $50 − $20 back to the sponsor − $5 to the pastor = $25, less the 10% fee.
    expect(await payoutOf(booking.id)).toMatchObject({ status: "releasing", amountCents: 2250 });
    await expect(cancelBooking(actorOf(pastor), booking.id, null)).rejects.toMatchObject({ status: 409 });
    expect(await balanceOf(organisation.id)).toBe(98_000);
  });
});

describe("a reported problem of a sponsored session", () => {
  async function reported(guideId: number, pastorId: number) {
    const booking = await sponsoredSession(guideId, pastorId, 4000);
    await prisma.booking.update({ where: { id: booking.id }, data: { startsAt: new Date(Date.now() - HOUR) } });
    const reportedNow = await postForm("/user-dashboard/bookings", { intent: "report", bookingId: String(booking.id), kind: "other", details: "The call kept dropping." }, await cookieOf(pastorId));
    expect(reportedNow.status).toBe(302);
    expect(await payoutOf(booking.id)).toMatchObject({ status: "on_hold" });
    return booking;
  }
  const decide = (bookingId: number, cookie: string, fields: Record<string, string>) => postForm(`/admin/dashboard/viewBookingPage/${bookingId}`, { intent: "decide-problem", ...fields }, cookie);
  const decideByApi = (bookingId: number, token: string, body: Record<string, unknown>) =>
    send(`/api/admin/problem-decision/${bookingId}`, { method: "POST", token, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  test("a partial refund of the session gives the sponsor and the pastor the same share back, once; the payout is the rest", async () => {
    const { guide } = await connectedGuide();
    const { organisation, pastor } = await sponsorWith(20);
    const booking = await reported(guide.id, pastor.id);
    const admin = await signIn("admin");
    // What can be refunded is the whole session, the sponsor's part too.
    const tooMuch = await decide(booking.id, admin.cookie, { outcome: "refund_part", amount: "60.00" });
    expect(tooMuch.status).toBe(400);
    expect(textOf(await tooMuch.text())).toContain("Enter an amount between $0.01 and $50.00.");

    expect((await decide(booking.id, admin.cookie, { outcome: "refund_part", amount: "25.00" })).status).toBe(302);
    // 50% of the session: $20 of the sponsor's $40, $5 of the pastor's $10.
    expect(await balanceOf(organisation.id)).toBe(98_000);
    expect(await budgetLeftOf(pastor.id)).toBe(28_000);
    const card = await prisma.payment.findFirstOrThrow({ where: { bookingId: booking.id, source: "card" } });
    expect(card.refundedCents).toBe(500);
    expect(await payoutOf(booking.id)).toMatchObject({ status: "releasing", amountCents: 2250 });

    // Deciding again moves nothing.
    expect((await decideByApi(booking.id, admin.token, { outcome: "refund_full" })).status).toBe(409);
    expect(await balanceOf(organisation.id)).toBe(98_000);
    expect(await budgetLeftOf(pastor.id)).toBe(28_000);
    expect((await prisma.payment.findFirstOrThrow({ where: { id: card.id } })).refundedCents).toBe(500);
    await releaseDuePayouts(new Date(Date.now() + 49 * HOUR), { guideId: guide.id });
    expect((await transfersOf(booking.id)).map((transfer) => transfer.amount)).toEqual([2250]);
  });

  test("a full refund gives the sponsor its whole part and the pastor what they paid; nothing is paid out", async () => {
    const { guide } = await connectedGuide();
    const { organisation, pastor } = await sponsorWith(20);
    const booking = await reported(guide.id, pastor.id);
    const admin = await signIn("admin");
    expect((await decide(booking.id, admin.cookie, { outcome: "refund_full" })).status).toBe(302);
    expect(await balanceOf(organisation.id)).toBe(100_000);
    expect(await budgetLeftOf(pastor.id)).toBe(30_000);
    expect((await prisma.payment.findFirstOrThrow({ where: { bookingId: booking.id, source: "card" } })).refundedCents).toBe(1000);
    expect(await payoutOf(booking.id)).toMatchObject({ status: "cancelled", amountCents: 0 });
    expect((await decideByApi(booking.id, admin.token, { outcome: "refund_full" })).status).toBe(409);
    expect(await balanceOf(organisation.id)).toBe(100_000);
    expect(await prisma.sponsorLedgerEntry.count({ where: { organisationId: organisation.id, kind: "returned" } })).toBe(1);
  });
});

describe("what the pastor sees", () => {
  test("their payments and receipts show only what they paid, never the sponsor's part", async () => {
    const { guide } = await connectedGuide();
    const { pastor } = await sponsorWith(20);
    const booking = await sponsoredSession(guide.id, pastor.id, 4000);
    const cookie = await cookieOf(pastor.id);
    const payments = await page("/user-dashboard/payments", cookie);
    expect(payments).toContain("$10.00");
    expect(payments).not.toContain("$40.00");
    expect(payments).not.toContain("$50.00");
    const sponsorPayment = await prisma.payment.findFirstOrThrow({ where: { bookingId: booking.id, source: "sponsor" } });
    expect((await send(`/user-dashboard/payments/${sponsorPayment.id}/receipt`, { cookie })).status).toBe(404);
    const card = await prisma.payment.findFirstOrThrow({ where: { bookingId: booking.id, source: "card" } });
    const receipt = await send(`/user-dashboard/payments/${card.id}/receipt`, { cookie });
    expect(receipt.status).toBe(200);
    const text = textOf(await receipt.text());
    expect(text).toContain("$10.00");
    expect(text).toContain("The rest of the session, $40.00, was covered by Grace Church");
  });
});
