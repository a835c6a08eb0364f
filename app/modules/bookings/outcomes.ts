import type { BookingEnder, BookingOutcome } from "./schema.ts";

/** The Bookings filters' choices of how a booking ended and who cancelled it (zod-free, for the screen). */
export const BOOKING_OUTCOME_OPTIONS: { value: BookingOutcome; label: string }[] = [
  { value: "completed", label: "Completed" },
  { value: "no_show", label: "No-show" },
  { value: "cancelled", label: "Cancelled" },
];
export const BOOKING_ENDER_OPTIONS: { value: BookingEnder; label: string }[] = [
  { value: "mentee", label: "Mentee" },
  { value: "guide", label: "Guide" },
  { value: "admin", label: "Admin" },
  { value: "system", label: "System" },
];
