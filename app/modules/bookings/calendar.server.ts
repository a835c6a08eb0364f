import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { CalendarInvite } from "#app/lib/mail.server.ts";

export type InviteBooking = {
  id: number;
  topic: string;
  additionalNotes: string | null;
  startsAt: Date;
  durationMinutes: number;
  user: { name: string; email: string };
  guide: { name: string; email: string };
  meetingUrl: string | null;
};

/** What the invitation says where the meeting is when the guide has not set a link. */
export const NO_MEETING_LINK = "The guide will send a link";

/**
 * The booking's calendar invitation (.ics, RFC 5545): one event whose UID stays the booking's, so a reschedule
 * (a higher SEQUENCE) moves the event in the person's calendar and a cancellation (METHOD:CANCEL) removes it.
 * The guide hosts (ORGANIZER); both people attend. Times are UTC, which every calendar shows in its own zone.
 */
export function bookingInvite(booking: InviteBooking, { cancelled = false, now = new Date() } = {}): CalendarInvite {
  const method = cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: { company: "Ministry Mentors", product: "Bookings", language: "EN" }, method, name: "Ministry Mentors" });
  const where = booking.meetingUrl ?? NO_MEETING_LINK;
  const description = [
    `Mentoring session with ${booking.guide.name}.`,
    `Topic: ${booking.topic}`,
    booking.additionalNotes ? `Notes: ${booking.additionalNotes}` : null,
    `Meeting link: ${where}`,
  ]
    .filter(Boolean)
    .join("\n");
  calendar.createEvent({
    id: `booking-${booking.id}@ministry-mentors`,
    // Later versions of the same event win in the person's calendar: seconds since 2026 only ever grow.
    sequence: Math.max(0, Math.floor((now.getTime() - Date.UTC(2026, 0, 1)) / 1000)),
    stamp: now,
    start: booking.startsAt,
    end: new Date(booking.startsAt.getTime() + booking.durationMinutes * 60_000),
    summary: `Mentoring: ${booking.topic}`,
    description,
    location: where,
    url: booking.meetingUrl,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: booking.guide.name, email: booking.guide.email },
    attendees: [
      { name: booking.user.name, email: booking.user.email, role: ICalAttendeeRole.REQ, status: cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED },
      { name: booking.guide.name, email: booking.guide.email, role: ICalAttendeeRole.CHAIR, status: cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED },
    ],
  });
  return { filename: cancelled ? "cancelled.ics" : "invite.ics", method: cancelled ? "CANCEL" : "REQUEST", content: calendar.toString() };
}
