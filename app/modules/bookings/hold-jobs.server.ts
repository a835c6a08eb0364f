import { cancelJobsByKeyPrefix } from "#app/lib/jobs.server.ts";

/**
 * The job that expires an unpaid hold (lifecycle.server.ts defines what it does), and its keys. A hold's job is keyed
 * by the booking and the moment it runs (`hold:<id>@<ISO>`): a hold looked at again later (extended) gets a job of
 * its own, while the first stays done. Cancelling "the hold's job" therefore cancels every open one of the booking.
 * A leaf module (no domain imports), so the booking flow, the lifecycle and the payments webhook can all use it.
 */
export const HOLD_EXPIRY_JOB = "booking.hold-expiry";

/** The key of the hold-expiry job of `bookingId` that runs at `runAt`. */
export const holdKey = (bookingId: number, runAt: Date) => `${holdKeyPrefix(bookingId)}${runAt.toISOString()}`;
const holdKeyPrefix = (bookingId: number) => `hold:${bookingId}@`;

/** Cancels the open hold-expiry jobs of `bookingId` (it was paid, cancelled or expired another way). */
export function cancelHoldExpiry(bookingId: number) {
  return cancelJobsByKeyPrefix(holdKeyPrefix(bookingId));
}
