import { z } from "zod";
import type { Tone } from "#app/components/ui/badge.tsx";
import { capitalise } from "#app/lib/format.ts";
import { dateRange } from "#app/lib/date-range.ts";
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

/**
 * Which date of a booking a date range narrows: its session's (the default), the day it was booked, the day it ended
 * (completed, no-show or cancelled) or the day the guide answered the request.
 */
export const bookingDates = ["session", "booked", "ended", "answered"] as const;
export type BookingDate = (typeof bookingDates)[number];

/** How a booking ended: completed, a no-show, or cancelled (cancelled, declined, or a hold or request that ran out). */
export const bookingOutcomes = ["completed", "no_show", "cancelled"] as const;
export type BookingOutcome = (typeof bookingOutcomes)[number];
/** Who ended a booking that did not take place: its mentee, its guide, an admin, or the system (nobody: a deadline). */
export const bookingEnders = ["mentee", "guide", "admin", "system"] as const;
export type BookingEnder = (typeof bookingEnders)[number];

/**
 * The Bookings screen and GET /api/admin/get-allbookings (which says sortBy, sortOrder and mentorId); `from` and `to`
 * are days of the session, or with `date=booked` of the booking.
 */
export const bookingList = defineList({
  defaults: bookingListDefaults,
  filters: {
    paymentStatus: bookingPaymentStatusFilterSchema,
    ...peopleFilters,
    date: z.enum(bookingDates, { error: "date must be session, booked, ended or answered" }).optional(),
    ...dateRange(),
    outcome: z.enum(bookingOutcomes, { error: "outcome must be completed, no_show or cancelled" }).optional(),
    cancelledBy: z.enum(bookingEnders, { error: "cancelledBy must be mentee, guide, admin or system" }).optional(),
    /** `repeat=1`: the mentees' second bookings within 90 days. */
    repeat: z.literal("1", { error: "repeat must be 1" }).optional(),
  },
  aliases: { sort: "sortBy", order: "sortOrder", ...peopleFilterAliases },
});

/** A profile's Booking tab: the same list of that person's bookings, 5 a page. */
export const profileBookingList = { ...bookingList, defaults: profileBookingListDefaults };

const paymentTones: Partial<Record<string, Tone>> = { paid: "green", pending: "amber", failed: "red" };

/**
 * A booking's payment badge (SPEC §2), on every screen that shows one: paid green, pending amber, failed red; grey
 * 'N/A' when the booking is unpaid and free. Other statuses show capitalised in grey, except with `chargedOnly` (the
 * User Profile's Status column): there any unpaid or free booking is 'N/A' and a status other than those three is
 * 'Unknown'.
 */
export function bookingPaymentBadge(
  rateCents: number | null | undefined,
  paymentStatus: string | null | undefined,
  { chargedOnly = false }: { chargedOnly?: boolean } = {},
): { label: string; tone: Tone } {
  const status = paymentStatus ?? "";
  const notCharged = chargedOnly ? status === "unpaid" || !rateCents : status === "unpaid" && !rateCents;
  if (notCharged) return { label: "N/A", tone: "grey" };
  const tone = paymentTones[status];
  if (!tone && chargedOnly) return { label: "Unknown", tone: "grey" };
  return { label: capitalise(status) || "N/A", tone: tone ?? "grey" };
}
