import { backTo, HttpError, zodMessage } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { dataWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { bookingChangeSchema, type BookingChangeInput } from "./dashboard-schema.ts";
import { answerProblem, reportProblem } from "./problems.server.ts";
import { acceptBooking, answerProposal, cancelBooking, declineBooking, markCompleted, markNoShow, proposeTime, rescheduleBooking, type ChangeOutcome } from "./lifecycle.server.ts";
import { formatMoney } from "#app/lib/format.ts";

/** The URL parameters of the bookings screens' dialogs (and a link's focused booking), dropped when a change is done. */
export const DIALOG_PARAMS = ["cancel", "reschedule", "propose", "decline", "report", "respond", "answer", "week", "booking", "booked"] as const;

function successToast(input: BookingChangeInput, outcome: ChangeOutcome) {
  switch (input.intent) {
    case "cancel":
      return {
        message: "Booking cancelled",
        description: outcome.refundFailed
          ? "The session is cancelled. The refund could not be sent yet; our team will complete it."
          : outcome.refundedCents > 0
            ? `The session is cancelled and ${formatMoney(outcome.refundedCents)} is being refunded.`
            : "The session is cancelled.",
      };
    case "decline":
      return { message: "Request declined", description: outcome.refundedCents > 0 ? `The mentee is refunded ${formatMoney(outcome.refundedCents)} in full.` : "The mentee has been told." };
    case "accept":
      return { message: "Request accepted", description: "The session is confirmed; you both have the calendar invitation." };
    case "reschedule":
      return { message: "Session rescheduled", description: "Your mentor has the new time; the calendar invitation is updated." };
    case "complete":
      return { message: "Session completed", description: "The mentee is invited to leave a review." };
    case "noShow":
      return { message: "Marked as no-show", description: "The mentee has been told." };
    case "report":
      return { message: "Problem reported", description: "Your mentor's payout is on hold while it is settled. We will let you know." };
    case "answer-problem":
      return { message: "Answer sent", description: "The Ministry Mentors team will decide and let you both know." };
    case "propose":
      return { message: "New time proposed", description: "Your mentee can accept it or keep the current time. The session stays as it is until then." };
    case "accept-proposal":
      return { message: "Session moved", description: "Your mentor has been told; the calendar invitation is updated." };
    case "decline-proposal":
      return { message: "Current time kept", description: "Your mentor has been told. Your session stays as it was." };
  }
}

/**
 * The action of a bookings screen: reads the change asked for (`intent`, `bookingId`, …), lets the lifecycle make
 * it (which checks again who may do what), and redirects back to the list with a toast. A refusal answers with its
 * status (400, 403, 404, 409) and message, shown above the list and in a toast, so it reads the same without JavaScript.
 */
export async function bookingChangeAction(request: Request, actor: SessionUser, allowed: ReadonlyArray<BookingChangeInput["intent"]>) {
  const parsed = bookingChangeSchema.safeParse(Object.fromEntries(await request.formData()));
  const refuse = (status: number, message: string) => dataWithError({ error: message }, { message: "Action Failed", description: message }, { status });
  if (!parsed.success) return refuse(400, zodMessage(parsed.error));
  const input = parsed.data;
  if (!allowed.includes(input.intent)) return refuse(400, "That change is not available here.");
  let outcome: ChangeOutcome;
  try {
    switch (input.intent) {
      case "cancel":
        outcome = await cancelBooking(actor, input.bookingId, input.reason);
        break;
      case "decline":
        outcome = await declineBooking(actor, input.bookingId, input.reason);
        break;
      case "accept":
        outcome = await acceptBooking(actor, input.bookingId);
        break;
      case "reschedule":
        outcome = await rescheduleBooking(actor, input.bookingId, input.startsAt);
        break;
      case "complete":
        outcome = await markCompleted(actor, input.bookingId);
        break;
      case "noShow":
        outcome = await markNoShow(actor, input.bookingId);
        break;
      case "report":
        await reportProblem(actor, input.bookingId, { kind: input.kind, details: input.details });
        outcome = { bookingId: input.bookingId, status: "reported", refundedCents: 0, refundFailed: false };
        break;
      case "answer-problem":
        await answerProblem(actor, input.bookingId, input.reply);
        outcome = { bookingId: input.bookingId, status: "answered", refundedCents: 0, refundFailed: false };
        break;
      case "propose":
        outcome = await proposeTime(actor, input.bookingId, input.startsAt, input.note);
        break;
      case "accept-proposal":
      case "decline-proposal":
        outcome = await answerProposal(actor, input.bookingId, input.intent === "accept-proposal");
        break;
    }
  } catch (error) {
    if (error instanceof HttpError) return refuse(error.status, error.message);
    throw error;
  }
  return redirectWithSuccess(backTo(request, DIALOG_PARAMS), successToast(input, outcome));
}
