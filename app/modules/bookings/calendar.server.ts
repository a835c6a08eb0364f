import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { env } from "#app/lib/env.server.ts";
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

/** What a calendar shows of a session: its title, times, description and place (the meeting link). */
export type CalendarEvent = { title: string; start: Date; end: Date; description: string; location: string };

type EventBooking = Pick<InviteBooking, "topic" | "additionalNotes" | "startsAt" | "durationMinutes" | "meetingUrl"> & { guide: { name: string } };

/** The session as an event, the same in the invitation, the .ics download and the "add event" links. */
export function calendarEvent(booking: EventBooking): CalendarEvent {
  const location = booking.meetingUrl ?? NO_MEETING_LINK;
  const description = [
    `Mentoring session with ${booking.guide.name}.`,
    `Topic: ${booking.topic}`,
    booking.additionalNotes ? `Notes: ${booking.additionalNotes}` : null,
    `Meeting link: ${location}`,
  ]
    .filter(Boolean)
    .join("\n");
  return {
    title: `Mentoring: ${booking.topic}`,
    start: booking.startsAt,
    end: new Date(booking.startsAt.getTime() + booking.durationMinutes * 60_000),
    description,
    location,
  };
}

/** 20261202T150000Z: a UTC time as Google Calendar's `dates` takes it. */
const googleTime = (date: Date) => date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/**
 * The documented "add event" links of Google Calendar (calendar/render?action=TEMPLATE) and Outlook on the web
 * (deeplink/compose with rru=addevent): title, UTC start and end, details and the meeting link, filled in for the
 * person to save.
 */
export function addEventLinks(event: CalendarEvent) {
  const google = new URLSearchParams({
    action: "TEMPLATE",
    text: event.title,
    dates: `${googleTime(event.start)}/${googleTime(event.end)}`,
    details: event.description,
    location: event.location,
  });
  const outlook = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: event.title,
    startdt: event.start.toISOString().replace(/\.\d{3}/, ""),
    enddt: event.end.toISOString().replace(/\.\d{3}/, ""),
    body: event.description,
    location: event.location,
  });
  return {
    google: `https://calendar.google.com/calendar/render?${google}`,
    outlook: `https://outlook.live.com/calendar/0/deeplink/compose?${outlook}`,
  };
}

/**
 * The booking's calendar invitation (.ics, RFC 5545): one event whose UID stays the booking's, so a reschedule
 * (a higher SEQUENCE) moves the event in the person's calendar and a cancellation (METHOD:CANCEL) removes it.
 * It is addressed to its `reader` alone (the one ATTENDEE), from the product (ORGANIZER: MAIL_FROM), so neither person
 * learns the other's e-mail address, which no screen shows them. Times are UTC, which every calendar shows in its own zone.
 * `now` is when this version was made: its DTSTAMP, and its SEQUENCE (seconds since 2026, which only ever grow).
 */
export function bookingInvite(booking: InviteBooking, reader: { name: string; email: string }, { cancelled = false, now = new Date() } = {}): CalendarInvite {
  const from = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(env().MAIL_FROM);
  const method = cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: { company: "Ministry Mentors", product: "Bookings", language: "EN" }, method, name: "Ministry Mentors" });
  const event = calendarEvent(booking);
  calendar.createEvent({
    id: `booking-${booking.id}@ministry-mentors`,
    // Later versions of the same event win in the person's calendar: seconds since 2026 only ever grow.
    sequence: Math.max(0, Math.floor((now.getTime() - Date.UTC(2026, 0, 1)) / 1000)),
    stamp: now,
    start: event.start,
    end: event.end,
    summary: event.title,
    description: event.description,
    location: event.location,
    url: booking.meetingUrl,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: from ? { name: from[1] || "Ministry Mentors", email: from[2] } : { name: "Ministry Mentors", email: env().MAIL_FROM.trim() },
    attendees: [{ name: reader.name, email: reader.email, role: ICalAttendeeRole.REQ, status: cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED }],
  });
  return { filename: cancelled ? "cancelled.ics" : "invite.ics", method: cancelled ? "CANCEL" : "REQUEST", content: calendar.toString() };
}
