// What a booking's state means for the person reading its card, in a plain sentence beside its badge ("Awaiting
// guide", "Expired"…): what happens next and until when. Zod-free and server-free: the bookings screens render it on
// the server and in the browser alike.
import { dateFormat } from "#app/lib/format.ts";
import { knownTimeZone } from "#app/lib/time-zones.ts";
import type { BookingStatus, PaymentStatus } from "./status.ts";

export type StateTextBooking = {
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  rateCents: number;
  startsAt: string;
  durationMinutes: number;
  holdExpiresAt: string | null;
  answerBy: string | null;
  endedBy: "you" | "other" | "team" | "deadline" | "hold" | null;
};

/** 'Tue, Dec 2, 3:00 PM CST': a deadline on the reader's clock, named as the session's time above it is. */
export const deadlineText = (value: string, timeZone: string) =>
  dateFormat({ weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone: knownTimeZone(timeZone) }).format(new Date(value));

/** The sentence that explains `booking`'s state to its mentee or its guide, at `now`. */
export function bookingStateText(booking: StateTextBooking, viewer: "mentee" | "guide", timeZone: string, now = new Date()) {
  const mentee = viewer === "mentee";
  const paid = booking.rateCents > 0 && (booking.paymentStatus === "paid" || booking.paymentStatus === "refunded");
  const ended = new Date(booking.startsAt).getTime() + booking.durationMinutes * 60_000 <= now.getTime();
  switch (booking.status) {
    case "held":
      return booking.holdExpiresAt
        ? `Your time is held until ${dateFormat({ timeZone: knownTimeZone(timeZone), hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(new Date(booking.holdExpiresAt))}. Pay before then to book it.`
        : "The time was held for your payment, which was not completed in time.";
    case "requested":
      if (!booking.answerBy) return mentee ? "Waiting for your mentor to accept." : "Accept or decline this request.";
      return mentee
        ? `Your mentor has until ${deadlineText(booking.answerBy, timeZone)} to accept. If they do not answer by then, the request expires${paid ? " and you are refunded in full" : ""}.`
        : `Accept or decline by ${deadlineText(booking.answerBy, timeZone)}. If you do not answer by then, the request expires${paid ? " and the mentee is refunded in full" : " and the time is freed"}.`;
    case "confirmed":
      if (!ended) return mentee ? "Your session is booked. Your mentor expects you then." : "The session is booked. Your mentee expects you then.";
      return mentee
        ? "The session has ended. It is marked completed soon, unless you report a problem."
        : "The session has ended. Mark it completed, or a no-show if the mentee did not come; otherwise it completes on its own.";
    case "declined":
      return mentee ? `Your mentor declined this request.${paid ? " You are refunded in full." : ""}` : "You declined this request.";
    case "cancelled":
      if (booking.endedBy === "you") return mentee ? "You cancelled this session." : "You cancelled this session; your mentee is refunded in full.";
      if (booking.endedBy === "other") return mentee ? `Your mentor cancelled this session.${paid ? " You are refunded in full." : ""}` : "Your mentee cancelled this session.";
      return `The Ministry Mentors team cancelled this session.${mentee && paid ? " You are refunded in full." : ""}`;
    case "expired":
      if (booking.endedBy === "hold") return "The payment was not completed in time, so the time was released.";
      return mentee
        ? `Your mentor did not answer in time, so the request expired.${paid ? " You are refunded in full." : ""}`
        : "You did not answer in time, so the request expired and the time was freed.";
    case "completed":
      return "The session took place and is complete.";
    case "no_show":
      return mentee ? "Your mentor marked that you did not come to this session." : "You marked that your mentee did not come to this session.";
  }
}
