import type { Transaction } from "#app/lib/db.server.ts";

/**
 * The overview's bookings and revenue per calendar month ("MonthTotal"), written by the domain that makes each change,
 * in its own transaction: a booking made (bookings/booking-flow.server.ts) and a payment that succeeds or is refunded
 * (bookings/checkout.server.ts, where Stripe's events land). No product path deletes a booking or a payment: a deleted
 * account's stay for the books, and so do the totals.
 *
 * Each change is one atomic increment of one month's row (INSERT … ON CONFLICT DO UPDATE SET x = x + n), so two
 * writers never read and write back the same figure. Call it as the last write of the transaction: then a transaction
 * holds the month's row only while it commits and waits for nothing else meanwhile, so no two meet in opposite orders
 * (a deadlock on PostgreSQL).
 */

/** "YYYY-MM" (UTC) of the moment a booking or a payment was made: the month it counts in. */
export const monthOf = (moment: Date) => moment.toISOString().slice(0, 7);

async function addToMonth(tx: Transaction, month: string, bookings: number, revenueCents: number) {
  await tx.$executeRaw`
    INSERT INTO "MonthTotal" ("month", "bookings", "revenueCents") VALUES (${month}, ${bookings}, ${revenueCents})
    ON CONFLICT ("month") DO UPDATE SET
      "bookings" = "MonthTotal"."bookings" + excluded."bookings",
      "revenueCents" = "MonthTotal"."revenueCents" + excluded."revenueCents"`;
}

/** A booking was made: one more in the month of its createdAt. */
export function countBookingMade(tx: Transaction, booking: { createdAt: Date }) {
  return addToMonth(tx, monthOf(booking.createdAt), 1, 0);
}

/** What a payment adds to the revenue: its amount less its refunds once it succeeded, nothing before or otherwise. */
export type PaymentMoney = { status: string; amountCents: number; refundedCents: number; createdAt: Date };
export const revenueOf = (payment: PaymentMoney) => (payment.status === "succeeded" ? payment.amountCents - payment.refundedCents : 0);

/** A payment changed (succeeded, or a refund was recorded): the revenue of its month moves by the difference. */
export async function countPaymentChange(tx: Transaction, before: PaymentMoney, after: Omit<PaymentMoney, "createdAt">) {
  const change = revenueOf({ ...after, createdAt: before.createdAt }) - revenueOf(before);
  if (change !== 0) await addToMonth(tx, monthOf(before.createdAt), 0, change);
}
