import type { Tone } from "#app/components/ui/badge.tsx";
import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { paymentStatusLabel } from "./schema.ts";

/** A mentee's own payments (/user-dashboard/payments): newest first, 10 a page. */
export const menteePaymentSortColumns = ["date", "amount", "guideName"] as const;
export type MenteePaymentSort = (typeof menteePaymentSortColumns)[number];

export const menteePaymentListDefaults = {
  sortable: menteePaymentSortColumns,
  defaultSort: "date",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [10, 25, 50],
} as const satisfies ListDefaults<MenteePaymentSort>;

export const menteePaymentList = defineList({ defaults: menteePaymentListDefaults });

/**
 * A payment's status as its payer reads it: SPEC §4's labels (succeeded is Approved, pending Pending, failed Failed),
 * and a refund named as such: 'Refunded' in full, 'Partly refunded' otherwise.
 */
export function menteePaymentStatus(payment: { status: string; amountCents: number; refundedCents: number }): { label: string; tone: Tone } {
  if (payment.status === "succeeded" && payment.refundedCents > 0) {
    return payment.refundedCents >= payment.amountCents ? { label: "Refunded", tone: "grey" } : { label: "Partly refunded", tone: "amber" };
  }
  return paymentStatusLabel(payment.status);
}

/** The payment reference a receipt shows: the card provider's id, else our own. */
export const paymentReference = (payment: { id: number; stripePaymentIntentId: string | null; stripeCheckoutSessionId?: string | null }) =>
  payment.stripePaymentIntentId ?? payment.stripeCheckoutSessionId ?? `MM-${String(payment.id).padStart(6, "0")}`;
