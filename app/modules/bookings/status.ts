// Booking and payment states, shared by every screen and module (zod-free, safe in the browser bundle).
//
//   held       a paid booking waiting for Checkout; its time is held until holdExpiresAt, then it expires
//   requested  waiting for the guide to accept (guides who review requests); paid ones are already paid
//   confirmed  on the calendar
//   declined   the guide said no (a paid booking is refunded in full)
//   cancelled  by the mentee, the guide or an admin (refund per the policy)
//   expired    the hold ran out unpaid
//   completed / no_show  marked by the guide after the session
export const BOOKING_STATUSES = ["held", "requested", "confirmed", "declined", "cancelled", "expired", "completed", "no_show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** States whose time is taken on the guide's calendar. */
export const ACTIVE_BOOKING_STATUSES = ["held", "requested", "confirmed"] as const satisfies readonly BookingStatus[];

/** paymentStatus: unpaid (free, or not yet at Checkout), pending, paid, failed, refunded (in full or in part). */
export const PAYMENT_STATUSES = ["unpaid", "pending", "paid", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  held: "Awaiting payment",
  requested: "Awaiting guide",
  confirmed: "Confirmed",
  declined: "Declined",
  cancelled: "Cancelled",
  expired: "Expired",
  completed: "Completed",
  no_show: "No-show",
};
