import { z } from "zod";
import type { Tone } from "#app/components/ui/badge.tsx";
import { capitalise } from "#app/lib/format.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { peopleFilterAliases, peopleFilters } from "#app/modules/users/schema.ts";

export const bookingSortColumns = [
  "id",
  "rate",
  "paymentStatus",
  "userName",
  "userEmail",
  "guideName",
  "guideEmail",
  "topic",
  "status",
  "slotDate",
  "createdAt",
] as const;
export type BookingSort = (typeof bookingSortColumns)[number];

/** Console-wide bookings (GET /api/admin/get-allbookings): newest booking first, 10 a page. */
export const bookingListDefaults = {
  sortable: bookingSortColumns,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<BookingSort>;

/** A profile's Booking tab: 5 a page. */
export const profileBookingListDefaults = { ...bookingListDefaults, defaultLimit: 5 } as const satisfies ListDefaults<BookingSort>;

export const bookingPaymentStatuses = ["paid", "pending", "failed", "unpaid"] as const;

export const bookingPaymentStatusFilterSchema = z
  .enum(bookingPaymentStatuses, { error: "paymentStatus must be paid, pending, failed or unpaid" })
  .optional();

/** The Bookings screen and GET /api/admin/get-allbookings (which says sortBy, sortOrder and mentorId). */
export const bookingList = defineList({
  defaults: bookingListDefaults,
  filters: { paymentStatus: bookingPaymentStatusFilterSchema, ...peopleFilters },
  aliases: { sort: "sortBy", order: "sortOrder", ...peopleFilterAliases },
});

/** A profile's Booking tab: the same list of that person's bookings, 5 a page. */
export const profileBookingList = { ...bookingList, defaults: profileBookingListDefaults };

/**
 * The payment-status badge of the guide's booking table (SPEC §2): grey 'N/A' when the rate is 0 and the
 * booking is unpaid; otherwise the capitalised status: paid green, pending amber, failed red, other grey.
 */
export function bookingPaymentBadge(rateCents: number | null | undefined, paymentStatus: string | null | undefined): { label: string; tone: Tone } {
  const status = paymentStatus ?? "";
  if (!rateCents && status === "unpaid") return { label: "N/A", tone: "grey" };
  const tone: Tone = status === "paid" ? "green" : status === "pending" ? "amber" : status === "failed" ? "red" : "grey";
  return { label: capitalise(status) || "N/A", tone };
}

/**
 * The status of the user profile's booking table (SPEC §2): Paid, Pending, Failed; N/A when unpaid or the
 * rate is 0 or missing; Unknown for anything else.
 */
export function bookingStatusLabel(paymentStatus: string | null | undefined, rateCents: number | null | undefined): { label: string; tone: Tone } {
  if (paymentStatus === "unpaid" || !rateCents) return { label: "N/A", tone: "grey" };
  switch (paymentStatus) {
    case "paid":
      return { label: "Paid", tone: "green" };
    case "pending":
      return { label: "Pending", tone: "amber" };
    case "failed":
      return { label: "Failed", tone: "red" };
    default:
      return { label: "Unknown", tone: "grey" };
  }
}
