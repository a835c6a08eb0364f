import { prisma } from "#app/lib/db.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/format.ts";
import { notify } from "#app/modules/notifications/notifications.server.ts";
import { hours, requestExpiryNotice } from "#app/modules/policies/policies.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { bookingLink } from "./dashboard-schema.ts";
import { loadBooking, mailPerson, type LoadedBooking } from "./lifecycle.server.ts";
import { momentIn } from "./session-time.ts";

/**
 * A request waiting for the guide's answer (status "requested": a free booking of a guide who reviews requests, at
 * once; a paid one when its payment arrived). The guide gets "A request awaits your answer" with the session, the
 * mentee's topic and notes, the deadline and links that open the accept and decline dialogs; the mentee learns what
 * happens next, by e-mail and in the bell. Called once, after the commit that made the request (the booking flow, or
 * the payment's webhook event, whose effects run only when the event was applied); does nothing for any other state.
 */
export async function requestAwaitsAnswer(bookingId: number) {
  const [booking, deadline, settings] = await Promise.all([
    loadBooking(bookingId),
    prisma.booking.findUnique({ where: { id: bookingId }, select: { answerBy: true } }),
    getPlatformSettings(),
  ]);
  if (!booking?.startsAt || booking.status !== "requested") return;
  const request = booking as LoadedBooking & { startsAt: Date };
  const answerBy = deadline?.answerBy ?? null;
  /** The deadline in `zone`, named; null when the request has none of its own. */
  const due = (zone: string) => (answerBy ? momentIn(answerBy, zone) : null);
  const paidCents = booking.payments.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);
  const { user: mentee, guide } = booking;

  const guideDue = due(guide.timeZone);
  await mailPerson(request, guide, {
    subject: `A request from ${mentee.name} awaits your answer`,
    opening: [
      `${mentee.name} asks for a mentoring session with you${paidCents ? ` and has paid ${formatMoney(paidCents)}` : ""}.`,
      `Please accept or decline it ${guideDue ? `by ${guideDue}` : `within ${hours(settings.requestExpiryHours)}`}. If you do not answer by then, the request expires${paidCents ? ` and ${mentee.name} is refunded in full` : " and the time is freed"}.`,
    ].join(" "),
    closing: [
      booking.additionalNotes?.trim() ? `Notes from ${mentee.name}:\n${booking.additionalNotes.trim()}` : `${mentee.name} added no notes.`,
      "Accept the request:",
      siteUrl(`${bookingLink("guide", booking.id)}&answer=accept`),
      "Decline it:",
      siteUrl(`${bookingLink("guide", booking.id)}&answer=decline`),
    ].join("\n\n"),
  });
  await notify(guide.id, { kind: "booking", title: "A new session request is waiting for you", body: booking.topic, href: bookingLink("guide", booking.id) });

  const notice = requestExpiryNotice(settings, due(mentee.timeZone), paidCents > 0);
  await mailPerson(request, mentee, {
    subject: `Your request to ${guide.name} has been sent`,
    opening: `Your request for a mentoring session with ${guide.name} has been sent. ${notice}`,
  });
  await notify(mentee.id, { kind: "booking", title: `Request sent to ${guide.name}`, body: notice, href: bookingLink("user", booking.id) });
}
