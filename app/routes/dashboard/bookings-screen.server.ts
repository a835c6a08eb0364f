import { redirect } from "react-router";
import { backTo, HttpError } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { dataWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { bookingPlace } from "#app/modules/bookings/dashboard.server.ts";
import { bookingChangeSchema, type BookingChangeInput } from "#app/modules/bookings/dashboard-schema.ts";
import { answerProblem, reportProblem } from "#app/modules/bookings/problems.server.ts";
import { acceptBooking, acceptBookingCovenant, answerProposal, cancelBooking, declineBooking, markCompleted, markNoShow, proposeTime, rescheduleBooking, type ChangeOutcome } from "#app/modules/bookings/lifecycle.server.ts";
import { formatMoney } from "#app/lib/format.ts";

// The screen side of both dashboards' bookings screens (user/bookings.tsx, mentor/bookings.tsx): their action, the
// jump to a linked booking, and dialogs that say a refusal; the rules are the bookings module's.

/** The URL parameters of the bookings screens' dialogs (and a link's focused booking), dropped when a change is done. */
export const DIALOG_PARAMS = ["cancel", "reschedule", "propose", "decline", "report", "respond", "answer", "week", "booking", "booked"] as const;

type Intent = BookingChangeInput["intent"];
type Toast = { message: string; description: string };
/** One change a bookings screen offers: what it does (the lifecycle's rules) and the toast that says it is done. */
type Change<I extends Intent> = {
  make: (actor: SessionUser, input: Extract<BookingChangeInput, { intent: I }>) => Promise<ChangeOutcome | void>;
  toast: Toast | ((outcome: ChangeOutcome) => Toast);
};

const changes: { [I in Intent]: Change<I> } = {
  cancel: {
    make: (actor, input) => cancelBooking(actor, input.bookingId, input.reason),
    toast: (outcome) => ({
      message: "Booking cancelled",
      description: outcome.refundFailed
        ? "The session is cancelled. The refund could not be sent yet; our team will complete it."
        : outcome.refundedCents > 0
          ? `The session is cancelled and ${formatMoney(outcome.refundedCents)} is being refunded.`
          : "The session is cancelled.",
    }),
  },
  decline: {
    make: (actor, input) => declineBooking(actor, input.bookingId, input.reason),
    toast: (outcome) => ({
      message: "Request declined",
      description: outcome.refundedCents > 0 ? `The mentee is refunded ${formatMoney(outcome.refundedCents)} in full.` : "The mentee has been told.",
    }),
  },
  accept: {
    make: (actor, input) => acceptBooking(actor, input.bookingId, input.covenantVersion),
    toast: { message: "Request accepted", description: "The session is confirmed; you both have the calendar invitation." },
  },
  "accept-covenant": {
    make: async (actor, input) => {
      await acceptBookingCovenant(actor, input.bookingId, input.covenantVersion);
    },
    toast: { message: "Covenant accepted", description: "Your booking shows who has accepted it, and when." },
  },
  reschedule: {
    make: (actor, input) => rescheduleBooking(actor, input.bookingId, input.startsAt),
    toast: { message: "Session rescheduled", description: "Your mentor has the new time; the calendar invitation is updated." },
  },
  complete: {
    make: (actor, input) => markCompleted(actor, input.bookingId),
    toast: { message: "Session completed", description: "The mentee is invited to leave a review." },
  },
  noShow: {
    make: (actor, input) => markNoShow(actor, input.bookingId),
    toast: { message: "Marked as no-show", description: "The mentee has been told." },
  },
  report: {
    make: (actor, input) => reportProblem(actor, input.bookingId, { kind: input.kind, details: input.details }),
    toast: { message: "Problem reported", description: "Your mentor's payout is on hold while it is settled. We will let you know." },
  },
  "answer-problem": {
    make: (actor, input) => answerProblem(actor, input.bookingId, input.reply),
    toast: { message: "Answer sent", description: "The Ministry Mentors team will decide and let you both know." },
  },
  propose: {
    make: (actor, input) => proposeTime(actor, input.bookingId, input.startsAt, input.note),
    toast: { message: "New time proposed", description: "Your mentee can accept it or keep the current time. The session stays as it is until then." },
  },
  "accept-proposal": {
    make: (actor, input) => answerProposal(actor, input.bookingId, true),
    toast: { message: "Session moved", description: "Your mentor has been told; the calendar invitation is updated." },
  },
  "decline-proposal": {
    make: (actor, input) => answerProposal(actor, input.bookingId, false),
    toast: { message: "Current time kept", description: "Your mentor has been told. Your session stays as it was." },
  },
};

/** The changes each side makes (the mentee's and the guide's bookings screens, and /api/v1's booking changes). */
export const MENTEE_CHANGES = ["cancel", "reschedule", "report", "accept-proposal", "decline-proposal", "accept-covenant"] as const satisfies readonly Intent[];
export const GUIDE_CHANGES = ["accept", "accept-covenant", "decline", "cancel", "complete", "noShow", "answer-problem", "propose"] as const satisfies readonly Intent[];

/** Makes one change through the lifecycle (which checks again who may do what); some changes have no outcome to tell. */
export function makeBookingChange(actor: SessionUser, input: BookingChangeInput): Promise<ChangeOutcome | void> {
  // The table pairs each intent with its own input; TypeScript cannot follow that pairing through the lookup.
  return (changes[input.intent] as Change<Intent>).make(actor, input);
}

/**
 * The action of a bookings screen: reads the change asked for (`intent`, `bookingId`, …), lets the lifecycle make
 * it (which checks again who may do what), and redirects back to the list with a toast. A refusal answers with its
 * status (400, 403, 404, 409) and message, shown above the list and in a toast, so it reads the same without JavaScript.
 */
export async function bookingChangeAction(request: Request, actor: SessionUser, allowed: ReadonlyArray<Intent>) {
  const parsed = bookingChangeSchema.safeParse(Object.fromEntries(await request.formData()));
  const refuse = (status: number, message: string) => dataWithError({ error: message }, { message: "Action Failed", description: message }, { status });
  if (!parsed.success) {
    // Each field of a change says what it needs in a person's words ("Choose a new time"); only a post that names no
    // change this screen knows (a hand-made one) has none.
    const [issue] = parsed.error.issues;
    return refuse(400, issue.code === "invalid_union" || issue.path[0] === "intent" ? "That change is not available here." : issue.message);
  }
  const input = parsed.data;
  if (!allowed.includes(input.intent)) return refuse(400, "That change is not available here.");
  let outcome: ChangeOutcome | void;
  try {
    outcome = await makeBookingChange(actor, input);
  } catch (error) {
    if (error instanceof HttpError) return refuse(error.status, error.message);
    throw error;
  }
  const { toast: said } = changes[input.intent] as Change<Intent>;
  const toast = typeof said === "function" ? said(outcome!) : said;
  return redirectWithSuccess(backTo(request, DIALOG_PARAMS), toast);
}

/**
 * A link to a booking (`?booking=<id>`, from the bell, an e-mail or Checkout) brings it into view: when the URL names
 * no tab and no page, and the booking is on another tab or a later page than the first, this redirects to that tab
 * and page (with `#booking-<id>`, so the browser scrolls to it). Returns the id to highlight, or null.
 */
export async function focusBooking(actor: SessionUser, url: URL, limit: number, now = new Date()): Promise<number | null> {
  const bookingId = parseId(url.searchParams.get("booking"));
  if (bookingId === null) return null;
  if (url.searchParams.has("tab") || url.searchParams.has("page")) return bookingId;
  const place = await bookingPlace(actor, bookingId, limit, now);
  // Both dashboards open on Upcoming, page 1: a booking there needs no redirect.
  if (!place || (place.tab === "upcoming" && place.page === 1)) return bookingId;
  const target = new URL(url);
  target.searchParams.set("tab", place.tab);
  if (place.page > 1) target.searchParams.set("page", String(place.page));
  throw redirect(`${target.pathname}${target.search}#booking-${bookingId}`);
}

/** A dialog's own refusal (a booking that can no longer change, 409) is said inside it, not as a broken page. */
export async function dialogOrRefusal<T>(load: () => Promise<T>): Promise<T | { refusal: string }> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return { refusal: error.message };
    throw error;
  }
}
