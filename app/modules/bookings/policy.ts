import { Prisma } from "#app/generated/prisma/client.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import { isPartyTo, partiesScope } from "#app/modules/accounts/policy.ts";
import { ACTIVE_BOOKING_STATUSES } from "./status.ts";

/** The bookings (alias `b`) `actor` may see: an admin all, a guide those with them, a user those they made. */
/** The columns of a record's mentee and guide. */
export const bookingParties = { user: Prisma.sql`b."userId"`, guide: Prisma.sql`b."guideId"` };
export const bookingScope = (actor: SessionUser) => partiesScope(actor, bookingParties);

export const canSeeBooking = (actor: SessionUser, booking: { userId: number; guideId: number }) => isPartyTo(actor, booking);

/** What a person can do to a booking after it exists (app/modules/bookings/lifecycle.server.ts). */
export type BookingChange = "cancel" | "reschedule" | "accept" | "decline" | "complete" | "noShow" | "propose" | "answerProposal";

/** A booking as the policy reads it: its people, state and time, and the time its guide proposed instead, if any. */
export type ChangeTarget = { userId: number; guideId: number; status: string; startsAt: Date | null; proposedStartsAt?: Date | null };

/** Why a change is refused while the booking is in its state (409), word for word on the screen and in the API. */
export const CHANGE_REFUSALS = {
  notActive: "This booking can no longer be changed.",
  started: "This session has already started.",
  notStarted: "You can mark a session only after it has started.",
  notRequested: "This booking is not waiting for your answer.",
  notConfirmed: "Only a confirmed session can be marked.",
  rescheduleWindow: (hours: number) => `Sessions can be rescheduled up to ${hours} hours before they start. Please cancel instead.`,
  rescheduleState: "Only a confirmed or requested session can be rescheduled.",
  timeTaken: "That time was just taken",
  timeNotFree: "That time is not free. Please choose another.",
  sameTime: "The session is already at that time.",
  changed: "This booking was changed meanwhile. Please reload and try again.",
  proposeState: "Only a confirmed session can be moved to another time.",
  notConfirmedYet: "This session is not confirmed yet.",
  noProposal: "There is no proposed time to answer.",
  proposalTaken: "That time is no longer free, so your session stays at its current time. Your mentor has been told.",
} as const;

/** Who may ask for each change at all (another person's booking is a 404 before this). */
const roleMay: Record<BookingChange, ReadonlyArray<SessionUser["role"]>> = {
  cancel: ["user", "guide", "admin"],
  reschedule: ["user"],
  accept: ["guide"],
  decline: ["guide"],
  complete: ["guide"],
  noShow: ["guide"],
  propose: ["guide"],
  answerProposal: ["user"],
};

const roleRefusals: Record<BookingChange, string> = {
  cancel: "You cannot cancel this booking.",
  reschedule: "Only the mentee can reschedule a session.",
  accept: "Only the guide can accept a request.",
  decline: "Only the guide can decline a request.",
  complete: "Only the guide can mark a session completed.",
  noShow: "Only the guide can mark a no-show.",
  propose: "Only the guide can propose another time.",
  answerProposal: "Only the mentee can answer a proposed time.",
};

/**
 * Whether `actor` may make `change` to `booking` now: null when allowed, else the refusal (404 when it is not
 * theirs, 403 when their role never may, 409 when the booking's state forbids it). The cancellation window for
 * reschedules is checked by the caller, which knows the settings.
 */
export function refuseChange(actor: SessionUser, booking: ChangeTarget, change: BookingChange, now: Date): HttpError | null {
  if (!canSeeBooking(actor, booking)) return notFound("Booking not found");
  if (!roleMay[change].includes(actor.role)) return new HttpError(403, roleRefusals[change]);
  const started = booking.startsAt !== null && booking.startsAt.getTime() <= now.getTime();
  switch (change) {
    case "cancel":
      if (!(ACTIVE_BOOKING_STATUSES as readonly string[]).includes(booking.status)) return new HttpError(409, CHANGE_REFUSALS.notActive);
      // An admin may still cancel a session that started (a dispute); its people may not.
      if (started && actor.role !== "admin") return new HttpError(409, CHANGE_REFUSALS.started);
      return null;
    case "reschedule":
      if (booking.status !== "confirmed" && booking.status !== "requested") return new HttpError(409, CHANGE_REFUSALS.rescheduleState);
      if (started) return new HttpError(409, CHANGE_REFUSALS.started);
      return null;
    case "accept":
    case "decline":
      if (booking.status !== "requested") return new HttpError(409, CHANGE_REFUSALS.notRequested);
      if (started) return new HttpError(409, CHANGE_REFUSALS.started);
      return null;
    case "complete":
    case "noShow":
      if (booking.status !== "confirmed") return new HttpError(409, CHANGE_REFUSALS.notConfirmed);
      if (!started) return new HttpError(409, CHANGE_REFUSALS.notStarted);
      return null;
    // The guide proposes another time for a confirmed session that has not started; its mentee accepts or keeps it.
    case "propose":
      if (booking.status !== "confirmed") return new HttpError(409, CHANGE_REFUSALS.proposeState);
      if (started) return new HttpError(409, CHANGE_REFUSALS.started);
      return null;
    case "answerProposal":
      if (booking.status !== "confirmed" || !booking.proposedStartsAt) return new HttpError(409, CHANGE_REFUSALS.noProposal);
      if (started) return new HttpError(409, CHANGE_REFUSALS.started);
      return null;
  }
}

/** The changes `actor` may make to `booking` now, for the buttons a screen shows (the server checks again). */
export function allowedChanges(actor: SessionUser, booking: ChangeTarget, now: Date): BookingChange[] {
  return (Object.keys(roleMay) as BookingChange[]).filter((change) => refuseChange(actor, booking, change, now) === null);
}

export type RefundRule = { cancellationWindowHours: number; lateCancellationRefundPercent: number };

/**
 * What a cancellation gives back, of `refundableCents` (what was paid and not yet refunded): a guide, an admin or a
 * decline always refund in full; the mentee in full up to the window before the start, later the policy's share.
 * The texts that state this rule to people are in modules/policies/policies.ts.
 */
export function refundFor(
  by: "user" | "guide" | "admin",
  booking: { startsAt: Date | null },
  refundableCents: number,
  rule: RefundRule,
  now: Date,
): { amountCents: number; percent: number; late: boolean } {
  if (refundableCents <= 0) return { amountCents: 0, percent: 0, late: false };
  const late = by === "user" && booking.startsAt !== null && booking.startsAt.getTime() - now.getTime() < rule.cancellationWindowHours * 3_600_000;
  const percent = late ? rule.lateCancellationRefundPercent : 100;
  return { amountCents: Math.floor((refundableCents * percent) / 100), percent, late };
}

const HOUR = 3_600_000;

/**
 * When a request must be answered: `requestExpiryHours` after it was made, or the guide's notice before its start,
 * whichever comes first. A request made (or paid for) close to that notice still gets an hour, never past its start.
 */
export function answerDeadline(startsAt: Date, noticeHours: number, requestExpiryHours: number, now: Date) {
  const deadline = Math.min(now.getTime() + requestExpiryHours * HOUR, startsAt.getTime() - noticeHours * HOUR);
  return new Date(deadline >= now.getTime() + HOUR ? deadline : Math.min(now.getTime() + HOUR, startsAt.getTime()));
}
