import { prisma, type Transaction } from "#app/lib/db.server.ts";
import { addToHours, refundChanges } from "#app/modules/stats/health-totals.server.ts";
import { countPaymentChange } from "#app/modules/stats/month-totals.server.ts";
import { applyRefundToPayout, openPayout } from "./payouts.server.ts";

/**
 * The covered part of a sponsored booking, recorded as one of the booking's payments (source "sponsor", no Stripe
 * ids), so that the guide's payout, earnings and statements and the console's payments and revenue count the whole
 * session, while the mentee's payments and receipts (their card payments only: policy.ts) never show it as theirs.
 * It moves with its SponsorCover, in the same transactions: made with it, succeeded when the booking is paid for,
 * failed or refunded when the cover is returned.
 */

const paymentSelect = { id: true, bookingId: true, amountCents: true, refundedCents: true, refundedAt: true, status: true, createdAt: true } as const;

/**
 * With the cover, in the booking's transaction: succeeded at once when it covers the whole price (no Checkout follows,
 * so the session's payout opens now), else pending until the mentee's share is paid.
 */
export async function recordSponsorPayment(
  tx: Transaction,
  booking: { id: number; userId: number; guideId: number },
  coveredCents: number,
  { paid, feePercent }: { paid: boolean; feePercent: number },
  now: Date,
) {
  const payment = await tx.payment.create({
    data: { bookingId: booking.id, userId: booking.userId, guideId: booking.guideId, amountCents: coveredCents, currency: "usd", source: "sponsor", status: paid ? "succeeded" : "pending", paidAt: paid ? now : null },
    select: paymentSelect,
  });
  if (!paid) return;
  await openPayout(tx, { id: payment.id, bookingId: booking.id, guideId: booking.guideId }, feePercent);
  await countPaymentChange(tx, { ...payment, status: "pending" }, payment);
}

/** In the transaction that records the mentee's share as paid: the sponsor's pending part succeeds with it. */
export async function succeedSponsorPayment(tx: Transaction, bookingId: number, now: Date) {
  const pending = await tx.payment.findFirst({ where: { bookingId, source: "sponsor", status: "pending" }, select: paymentSelect });
  if (!pending) return;
  const changed = await tx.payment.updateMany({ where: { id: pending.id, status: "pending" }, data: { status: "succeeded", paidAt: now } });
  if (changed.count === 1) await countPaymentChange(tx, pending, { ...pending, status: "succeeded" });
}

/**
 * In the transaction that returns `backCents` of the cover (returnCover, once): a part never paid for fails with its
 * booking; a paid one is refunded by that much and the session's payout carries less. Returns the payout to reverse
 * after the commit when it was sent already (reverseForRefunds), else null.
 */
export async function refundSponsorPayment(tx: Transaction, bookingId: number, backCents: number, now: Date): Promise<number | null> {
  const payment = await tx.payment.findFirst({ where: { bookingId, source: "sponsor", status: { in: ["pending", "succeeded"] } }, select: paymentSelect });
  if (!payment) return null;
  if (payment.status === "pending") {
    await tx.payment.updateMany({ where: { id: payment.id, status: "pending" }, data: { status: "failed" } });
    return null;
  }
  const refundedCents = Math.min(payment.amountCents, payment.refundedCents + backCents);
  if (refundedCents === payment.refundedCents) return null;
  await tx.payment.update({ where: { id: payment.id }, data: { refundedCents, refundedAt: now } });
  // A session its sponsor paid alone, given back in full, is refunded (the mentee's card refund says so for theirs).
  if (refundedCents >= payment.amountCents && !(await tx.payment.count({ where: { bookingId, source: "card", status: "succeeded" } }))) {
    await tx.booking.update({ where: { id: bookingId }, data: { paymentStatus: "refunded" } });
  }
  const reverse = await applyRefundToPayout(tx, bookingId);
  // Last, so the hour's and the month's rows are held only while this commits (stats/health-totals.server.ts).
  await addToHours(tx, refundChanges(payment, { refundedCents, refundedAt: now }));
  await countPaymentChange(tx, payment, { ...payment, refundedCents });
  return reverse;
}

/** What is left of a booking's sponsor payment to give back (0 for a booking paid privately, or whose cover came back). */
export async function sponsorPartLeft(bookingId: number) {
  const payment = await prisma.payment.findFirst({ where: { bookingId, source: "sponsor", status: "succeeded" }, select: { amountCents: true, refundedCents: true } });
  return payment ? payment.amountCents - payment.refundedCents : 0;
}
