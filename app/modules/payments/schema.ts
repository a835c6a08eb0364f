import { z } from "zod";
import { dollarsField } from "#app/lib/dollars.ts";
import type { Tone } from "#app/components/ui/badge.tsx";
import { dateRange } from "#app/lib/date-range.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { peopleFilterAliases, peopleFilters } from "#app/modules/users/schema.ts";
import { PAYOUT_STATUSES } from "./payout-status.ts";

export const paymentSortColumns = ["guideName", "userName", "amount", "status", "paidAt", "createdAt"] as const;
export type PaymentSort = (typeof paymentSortColumns)[number];

/** Console-wide payments (all transactions, GET /api/admin/getall/payments): newest payment first. */
export const paymentListDefaults = {
  sortable: paymentSortColumns,
  defaultSort: "paidAt",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<PaymentSort>;

/** A guide's payments (Guide Profile, Payment tab; GET /api/admin/transactions/guide/{id}): by guide name, 5 a page. */
export const guidePaymentListDefaults = {
  ...paymentListDefaults,
  defaultSort: "guideName",
  defaultOrder: "asc",
  defaultLimit: 5,
} as const satisfies ListDefaults<PaymentSort>;

/** A mentee's payments (User Profile, Payment tab; GET /api/admin/transactions/user/{id}): newest first, 5 a page. */
export const userPaymentListDefaults = {
  ...paymentListDefaults,
  defaultLimit: 5,
} as const satisfies ListDefaults<PaymentSort>;

export const paymentStatuses = ["succeeded", "pending", "failed"] as const;

export const paymentStatusFilterSchema = z
  .enum(paymentStatuses, { error: "status must be succeeded, pending or failed" })
  .optional();

/**
 * The Transactions screen and GET /api/admin/getall/payments (which says sortBy, sortOrder and mentorId); `from` and
 * `to` are the days paid.
 */
/** Which date of a payment a date range narrows: the day it was paid (the default) or the day of its latest refund (refunded payments only). */
export const paymentDates = ["paid", "refunded"] as const;
export type PaymentDate = (typeof paymentDates)[number];

export const paymentList = defineList({
  defaults: paymentListDefaults,
  filters: { status: paymentStatusFilterSchema, ...peopleFilters, date: z.enum(paymentDates, { error: "date must be paid or refunded" }).optional(), ...dateRange() },
  aliases: { sort: "sortBy", order: "sortOrder", ...peopleFilterAliases },
});

/** The Guide Profile's Payment tab and GET /api/admin/transactions/guide/{id}: the same list of that guide's payments. */
export const guidePaymentList = { ...paymentList, defaults: guidePaymentListDefaults };

/** The User Profile's Payment tab and GET /api/admin/transactions/user/{id}. */
export const userPaymentList = { ...paymentList, defaults: userPaymentListDefaults };

/** SPEC §4: succeeded is Approved (green), pending Pending (amber), failed Failed (red), anything else Unknown (red). */
export function paymentStatusLabel(status: string | null | undefined): { label: string; tone: Tone } {
  switch (status) {
    case "succeeded":
      return { label: "Approved", tone: "green" };
    case "pending":
      return { label: "Pending", tone: "amber" };
    case "failed":
      return { label: "Failed", tone: "red" };
    default:
      return { label: "Unknown", tone: "red" };
  }
}

/** The console's refund of a booking (admin booking page): dollars as typed, turned into cents. */
export const REFUND_MESSAGES = {
  amount: "Enter an amount in dollars, such as 25.00.",
  reason: "Please give a reason for the refund.",
  reasonLength: "Keep the reason under 500 characters.",
} as const;

export const refundSchema = z.object({
  intent: z.literal("refund"),
  amount: dollarsField({ invalid: REFUND_MESSAGES.amount, maxCents: 999_999_999 }),
  reason: z.string({ error: REFUND_MESSAGES.reason }).trim().min(1, REFUND_MESSAGES.reason).max(500, REFUND_MESSAGES.reasonLength),
});

/** How a Stripe event's handling reads on the booking page: applied green, ignored grey, refused red. */
export function paymentEventOutcome(outcome: string): { label: string; tone: Tone } {
  if (outcome === "applied") return { label: "Applied", tone: "green" };
  if (outcome === "refused") return { label: "Refused", tone: "red" };
  return { label: capitaliseWord(outcome), tone: "grey" };
}

const capitaliseWord = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text);

export const payoutSortColumns = ["createdAt", "releaseAt", "paidAt", "amount"] as const;
export type PayoutSort = (typeof payoutSortColumns)[number];

/**
 * The console's Payouts (and GET /api/admin/payouts): every paid session's money on its way to its guide, newest
 * first; by status, guide and the days the mentee paid (from, to).
 */
export const payoutList = defineList({
  defaults: { sortable: payoutSortColumns, defaultSort: "createdAt", defaultOrder: "desc", defaultLimit: 10, pageSizes: [5, 10, 25, 50] },
  filters: {
    status: z.enum(PAYOUT_STATUSES, { error: `status must be one of: ${PAYOUT_STATUSES.join(", ")}` }).optional(),
    guideId: peopleFilters.guideId,
    ...dateRange(),
  },
  aliases: { sort: "sortBy", order: "sortOrder", ...peopleFilterAliases },
});
