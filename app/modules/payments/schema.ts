import { z } from "zod";
import type { Tone } from "#app/components/ui/badge.tsx";
import type { ListDefaults } from "#app/lib/list.ts";

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
