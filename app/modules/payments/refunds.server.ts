import Stripe from "stripe";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/format.ts";
import { fieldError, HttpError } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { stripe } from "./stripe.server.ts";

// Asking Stripe to give a booking's money back, or to stop taking it. The records change when Stripe's events
// arrive (bookings/checkout.server.ts applies them).

export const PAYMENT_MESSAGES = {
  notAwaiting: "This booking is not waiting for payment.",
  holdEnded: "The time held for this booking has run out. Please choose a time again.",
  nothingToRefund: "This booking has no card payment to refund.",
  refundedInFull: "This booking has already been refunded in full.",
  refundAmount: (remainingCents: number) => `Enter an amount between $0.01 and ${formatMoney(remainingCents)}.`,
  stripeRefused: (message: string) => `Stripe did not make the refund: ${message}`,
  timeTaken: "The held time was booked by someone else before the payment arrived, so the payment was refunded in full.",
  timePassed: "The session had already begun when the payment arrived, so the payment was refunded in full.",
  cancelledBeforePayment: "The booking had ended before the payment arrived, so the payment was refunded in full.",
} as const;

/**
 * Ends the open Checkout Sessions of a booking (its hold ran out, or it was cancelled before payment). Stripe then
 * sends checkout.session.expired, which fails the pending Payment. Sessions that already ended are left alone.
 */
export async function cancelCheckout(bookingId: number) {
  const pending = await prisma.payment.findMany({ where: { bookingId, status: "pending", stripeCheckoutSessionId: { not: null } }, select: { stripeCheckoutSessionId: true } });
  for (const { stripeCheckoutSessionId } of pending) {
    try {
      await stripe().checkout.sessions.expire(stripeCheckoutSessionId!);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  }
}

/**
 * Refunds a paid booking, in full or in part (`amountCents`, default what remains). Only asks Stripe: the
 * records change when Stripe's charge.refunded event arrives. The idempotency key makes a repeated request (a
 * double click, a retry) one refund, while a later, separate refund of what remains is a new one.
 */
export async function refundBooking(bookingId: number, { amountCents, reason, requestedBy }: { amountCents?: number; reason: string; requestedBy?: SessionUser }) {
  const payment = await prisma.payment.findFirst({
    where: { bookingId, status: "succeeded", stripePaymentIntentId: { not: null } },
    orderBy: { id: "desc" },
    select: { id: true, amountCents: true, refundedCents: true, stripePaymentIntentId: true },
  });
  if (!payment?.stripePaymentIntentId) throw new HttpError(409, PAYMENT_MESSAGES.nothingToRefund);
  const remaining = payment.amountCents - payment.refundedCents;
  if (remaining <= 0) throw new HttpError(409, PAYMENT_MESSAGES.refundedInFull);
  const amount = amountCents ?? remaining;
  if (!Number.isInteger(amount) || amount <= 0 || amount > remaining) throw fieldError(400, "amount", PAYMENT_MESSAGES.refundAmount(remaining));
  try {
    const refund = await stripe().refunds.create(
      {
        payment_intent: payment.stripePaymentIntentId,
        amount,
        reason: "requested_by_customer",
        metadata: { bookingId: String(bookingId), paymentId: String(payment.id), reason: reason.slice(0, 500) },
      },
      { idempotencyKey: `refund:${payment.id}:${payment.refundedCents}:${amount}` },
    );
    // An admin's refund is audited once Stripe has taken it (the payment's own row changes with Stripe's event).
    if (requestedBy) {
      await transaction((tx) =>
        recordAudit(tx, requestedBy, {
          kind: "payment",
          id: payment.id,
          label: `Payment #${payment.id} of booking #${bookingId}`,
          action: "refund",
          before: { refundedCents: payment.refundedCents },
          after: { refundedCents: payment.refundedCents + amount, refundId: refund.id, reason },
        }),
      );
    }
    return { refundId: refund.id, amountCents: amount, status: refund.status };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw new HttpError(409, PAYMENT_MESSAGES.stripeRefused(error.message));
    throw error;
  }
}
