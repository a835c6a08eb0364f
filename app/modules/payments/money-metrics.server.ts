import { counter } from "#app/lib/metrics.server.ts";

/**
 * Money moved, for /metrics: counted once per movement, after the change that records it has committed (the
 * Stripe events' `after` effects run only when an event was applied, so a redelivered event counts nothing).
 */
const payments = counter({ name: "payments_total", help: "Card payments recorded as succeeded, by currency", labelNames: ["currency"] as const });
const paidCents = counter({ name: "payments_amount_cents_total", help: "What recorded payments took, in cents, by currency", labelNames: ["currency"] as const });
const refunds = counter({ name: "refunds_total", help: "Refunds recorded (each growth of a payment's refunded total), by currency", labelNames: ["currency"] as const });
const refundedCents = counter({ name: "refunds_amount_cents_total", help: "What recorded refunds gave back, in cents, by currency", labelNames: ["currency"] as const });

/** The effect that counts a payment just recorded as succeeded. */
export const countPayment = (payment: { amountCents: number; currency: string }) => async () => {
  payments.inc({ currency: payment.currency });
  paidCents.inc({ currency: payment.currency }, payment.amountCents);
};

/** The effect that counts a refund just recorded: `addedCents` more of the payment given back. */
export const countRefund = (payment: { currency: string }, addedCents: number) => async () => {
  refunds.inc({ currency: payment.currency });
  refundedCents.inc({ currency: payment.currency }, addedCents);
};
