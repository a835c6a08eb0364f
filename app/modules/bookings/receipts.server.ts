import { prisma } from "#app/lib/db.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { capitalise, formatMoney } from "#app/lib/format.ts";
import { defineJob } from "#app/lib/jobs.server.ts";
import { mentorLinks, userLinks } from "#app/lib/links.ts";
import { mailLayout, sendMail } from "#app/lib/mail.server.ts";
import { notify } from "#app/modules/notifications/notifications.server.ts";
import { PAYOUT_PAID_JOB } from "#app/modules/payments/payouts.server.ts";
import { stripe } from "#app/modules/payments/stripe.server.ts";
import { momentIn, sessionSpan, sessionStart } from "./session-time.ts";
import { paymentReference } from "#app/modules/payments/mentee-payments.ts";

/**
 * The e-mails about money. The mentee's: a receipt after each payment and a notice after each refund, both sent from
 * the `after` effects of the webhook's events (checkout.server.ts), which run only when an event changed something,
 * so a redelivered event sends nothing again. The guide's: a notice when a session's payout was sent, from the job the
 * payout's recording queued (payments/payouts.server.ts), once. Never called inside a transaction; like receipts,
 * they go whatever the person's notification settings.
 */

async function paymentFacts(paymentId: number) {
  return prisma.payment.findUnique({
    where: { id: paymentId },
    select: {
      id: true,
      amountCents: true,
      refundedCents: true,
      paidAt: true,
      stripePaymentIntentId: true,
      stripeCheckoutSessionId: true,
      user: { select: { name: true, email: true, timeZone: true } },
      guide: { select: { name: true } },
      booking: { select: { id: true, topic: true, startsAt: true, durationMinutes: true } },
    },
  });
}
type PaymentFacts = NonNullable<Awaited<ReturnType<typeof paymentFacts>>>;

const brands: Record<string, string> = { amex: "American Express", diners: "Diners Club", discover: "Discover", jcb: "JCB", mastercard: "Mastercard", unionpay: "UnionPay", visa: "Visa" };

/**
 * The card as Stripe describes the payment's charge ("Visa card ending in 4242"), or just "card" when Stripe does not
 * say (the local stand-in does not) or cannot be asked just now: the card's name is a courtesy, the receipt goes out
 * either way.
 */
async function cardOf(intentId: string | null) {
  if (!intentId) return "card";
  const intent = await stripe()
    .paymentIntents.retrieve(intentId, { expand: ["latest_charge"] })
    .catch(() => null);
  const charge = intent?.latest_charge;
  const card = charge && typeof charge === "object" ? charge.payment_method_details?.card : null;
  if (!card?.last4) return "card";
  const brand = brands[card.brand ?? ""];
  return `${brand ? `${brand} card` : "Card"} ending in ${card.last4}`;
}

/** The session a payment was for, as both e-mails and the printable receipt name it, in the mentee's own time zone. */
function bookingLines(payment: PaymentFacts) {
  const { booking } = payment;
  const item = `Mentoring session with ${payment.guide.name}`;
  if (!booking) return [item];
  return [
    item,
    `Topic: ${booking.topic}`,
    ...(booking.startsAt ? [`When: ${sessionSpan(booking.startsAt, booking.durationMinutes, payment.user.timeZone)}`] : []),
  ];
}

const receiptLink = (paymentId: number) => siteUrl(userLinks.receipt(paymentId));

/** The receipt for a payment that has just succeeded: amount, card, Stripe's reference, the booking and the printable receipt. */
export async function sendPaymentReceipt(paymentId: number) {
  const payment = await paymentFacts(paymentId);
  if (!payment) return;
  const paidAt = payment.paidAt ?? new Date();
  const card = await cardOf(payment.stripePaymentIntentId);
  const paragraphs = [
    `Hello ${payment.user.name},`,
    `Thank you for your payment for your mentoring session with ${payment.guide.name}. This is your receipt.`,
    [
      `Amount paid: ${formatMoney(payment.amountCents)}`,
      `Paid with: ${card}`,
      `Paid on: ${momentIn(paidAt, payment.user.timeZone)}`,
      `Stripe reference: ${paymentReference(payment)}`,
    ].join("\n"),
    bookingLines(payment).join("\n"),
    "Your printable receipt:",
    receiptLink(payment.id),
  ];
  await sendMail({ to: payment.user.email, subject: `Receipt for your payment of ${formatMoney(payment.amountCents)}`, text: paragraphs.join("\n\n") });
}

/**
 * The notice of a refund that has just been recorded: what came back now (`refundedNowCents`), what was refunded in
 * all and what remains paid, Stripe's reference and the receipt, which shows the refund.
 */
export async function sendRefundNotice(paymentId: number, refundedNowCents: number) {
  const payment = await paymentFacts(paymentId);
  if (!payment || refundedNowCents <= 0) return;
  const remaining = payment.amountCents - payment.refundedCents;
  const paragraphs = [
    `Hello ${payment.user.name},`,
    `We have refunded ${formatMoney(refundedNowCents)} of your payment for your mentoring session with ${payment.guide.name}. It goes back to the card you paid with; your bank may take 5 to 10 business days to show it.`,
    [
      `Refunded now: ${formatMoney(refundedNowCents)}`,
      `Refunded in all: ${formatMoney(payment.refundedCents)} of the ${formatMoney(payment.amountCents)} you paid`,
      remaining > 0 ? `Remaining payment: ${formatMoney(remaining)}` : "Remaining payment: none (refunded in full)",
      `Stripe reference: ${paymentReference(payment)}`,
    ].join("\n"),
    bookingLines(payment).join("\n"),
    "Your receipt, with the refund:",
    receiptLink(payment.id),
  ];
  await sendMail({ to: payment.user.email, subject: `Refund of ${formatMoney(refundedNowCents)} for your session with ${payment.guide.name}`, text: paragraphs.join("\n\n") });
}

/**
 * When the money should reach the guide's bank, as Stripe's payout schedule of their account says; Stripe's usual
 * schedule when it does not say (or cannot be asked just now: the notice goes out either way).
 */
async function bankArrivalOf(accountId: string | null) {
  const usual = "Stripe sends it on to your bank on its usual schedule.";
  if (!accountId) return usual;
  const account = await stripe()
    .accounts.retrieve(accountId)
    .catch(() => null);
  const schedule = account?.settings?.payouts?.schedule;
  if (schedule?.interval === "daily" && schedule.delay_days) return `Stripe sends it on to your bank in its daily payouts, usually within ${schedule.delay_days} days.`;
  if (schedule?.interval === "weekly" && schedule.weekly_anchor) return `Stripe sends it on to your bank in its weekly payout, on a ${capitalise(schedule.weekly_anchor)}.`;
  if (schedule?.interval === "monthly" && schedule.monthly_anchor) return `Stripe sends it on to your bank in its monthly payout, on day ${schedule.monthly_anchor} of the month.`;
  if (schedule?.interval === "manual") return "It stays in your Stripe balance until you pay it out to your bank from Stripe.";
  return usual;
}

/** The guide's notice of a payout just sent: the amount after the platform's fee, the session, when it reaches the bank, and Billing. */
export async function sendPayoutNotice(payoutId: number) {
  const payout = await prisma.payout.findUnique({
    where: { id: payoutId },
    select: {
      id: true, status: true, amountCents: true, paidAt: true, stripeTransferId: true,
      guide: { select: { id: true, name: true, email: true, timeZone: true, isDeleted: true, payoutAccount: { select: { stripeAccountId: true } } } },
      booking: { select: { topic: true, startsAt: true, durationMinutes: true, user: { select: { name: true } } } },
    },
  });
  if (!payout || payout.status !== "paid" || payout.guide.isDeleted) return;
  const { guide, booking } = payout;
  const amount = formatMoney(payout.amountCents);
  const withMentee = `your session with ${booking.user.name}`;
  await notify(guide.id, {
    kind: "payment",
    title: `Payout sent: ${amount}`,
    body: booking.startsAt ? `For ${withMentee} on ${sessionStart(booking.startsAt, guide.timeZone)}.` : `For ${withMentee}.`,
    href: mentorLinks.billing,
  });
  const paragraphs = [
    `Hello ${guide.name},`,
    `We have sent you ${amount} for ${withMentee}.`,
    [
      `Amount sent: ${amount} (after the platform's fee)`,
      `Session: with ${booking.user.name}${booking.startsAt ? `, ${sessionSpan(booking.startsAt, booking.durationMinutes, guide.timeZone)}` : ""}`,
      `Topic: ${booking.topic}`,
      `Sent on: ${momentIn(payout.paidAt ?? new Date(), guide.timeZone)}`,
      ...(payout.stripeTransferId ? [`Stripe reference: ${payout.stripeTransferId}`] : []),
    ].join("\n"),
    await bankArrivalOf(guide.payoutAccount?.stripeAccountId ?? null),
    "Your payouts:",
    siteUrl(mentorLinks.billing),
  ];
  await sendMail({ to: guide.email, subject: `Payout sent: ${amount} for ${withMentee}`, text: paragraphs.join("\n\n"), html: mailLayout({ paragraphs }), logLine: `payout notice #${payout.id}` });
}

defineJob(PAYOUT_PAID_JOB, (payload) => sendPayoutNotice(Number(payload.payoutId)));
