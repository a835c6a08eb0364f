import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { prisma } from "#app/lib/db.server.ts";
import { env, siteUrl } from "#app/lib/env.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { bookingLink } from "#app/modules/bookings/dashboard-schema.ts";
import { NO_MEETING_LINK } from "#app/modules/bookings/calendar.server.ts";

// A person's private calendar feed: their upcoming and recent sessions at a secret address a calendar app
// subscribes to (webcal://…/calendar/<key>.ics). The key is `<feed id>-<HMAC of the id and a nonce>`, so the
// database alone does not give it away; a new nonce revokes every copy of the old address at once.

/** How far back the feed reaches: recent sessions stay visible for a while after they happen. */
const RECENT_DAYS = 60;
/** A feed never carries more than this many sessions (the soonest first from the window's start). */
const MOST_SESSIONS = 500;
/** Sessions a calendar shows: confirmed ones and those that took place (a request not yet accepted is on no calendar). */
const SHOWN_STATUSES = ["confirmed", "completed", "no_show"];

const signature = (id: number, nonce: string) =>
  createHmac("sha256", env().SESSION_SECRET).update(`calendar-feed:${id}:${nonce}`).digest("base64url");
const keyOf = (feed: { id: number; nonce: string }) => `${feed.id}-${signature(feed.id, feed.nonce)}`;

export type CalendarFeedView = { httpsUrl: string; webcalUrl: string; showTopics: boolean; lastReadAt: string | null } | null;

function viewOf(feed: { id: number; nonce: string; showTopics: boolean; lastReadAt: Date | null } | null): CalendarFeedView {
  if (!feed) return null;
  const httpsUrl = siteUrl(`/calendar/${keyOf(feed)}.ics`);
  return { httpsUrl, webcalUrl: httpsUrl.replace(/^https?:/, "webcal:"), showTopics: feed.showTopics, lastReadAt: feed.lastReadAt?.toISOString() ?? null };
}

const feedSelect = { id: true, nonce: true, showTopics: true, lastReadAt: true } as const;

/** The person's own feed, or null when they have none. */
export async function calendarFeedOf(actor: SessionUser): Promise<CalendarFeedView> {
  return viewOf(await prisma.calendarFeed.findUnique({ where: { userId: actor.id }, select: feedSelect }));
}

/** Makes the person's feed address, or a new one in place of the old (which stops working at once). */
export async function renewCalendarFeed(actor: SessionUser): Promise<CalendarFeedView> {
  const nonce = randomBytes(16).toString("base64url");
  const feed = await prisma.calendarFeed.upsert({
    where: { userId: actor.id },
    create: { userId: actor.id, nonce },
    update: { nonce, lastReadAt: null },
    select: feedSelect,
  });
  return viewOf(feed);
}

export async function showTopicsInFeed(actor: SessionUser, showTopics: boolean): Promise<CalendarFeedView> {
  const updated = await prisma.calendarFeed.updateMany({ where: { userId: actor.id }, data: { showTopics } });
  if (updated.count === 0) throw notFound("You have no calendar feed yet.");
  return calendarFeedOf(actor);
}

/** Turns the feed off: the address stops working and nothing is kept. */
export async function turnOffCalendarFeed(actor: SessionUser) {
  await prisma.calendarFeed.deleteMany({ where: { userId: actor.id } });
}

/** The feed at this key, or the same 404 for a key that is malformed, revoked or never was. */
async function feedAt(key: string) {
  const match = /^(\d{1,10})-([A-Za-z0-9_-]{43})$/.exec(key);
  const feed = match ? await prisma.calendarFeed.findUnique({ where: { id: Number(match[1]) }, select: { ...feedSelect, userId: true } }) : null;
  const given = Buffer.from(match?.[2] ?? "");
  const expected = Buffer.from(feed ? signature(feed.id, feed.nonce) : "");
  if (!feed || given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound("Calendar feed not found");
  return feed;
}

/**
 * The calendar (RFC 5545, METHOD:PUBLISH) at a feed key: the person's sessions as mentee and as guide from
 * RECENT_DAYS ago on. Each event keeps the UID of the booking's e-mailed invitation, so a calendar holding both
 * shows one event, moved on reschedule; a cancelled session leaves the feed and so the subscribed calendar.
 */
export async function calendarAt(key: string, now = new Date()) {
  const feed = await feedAt(key);
  const person = await prisma.user.findUnique({ where: { id: feed.userId }, select: { id: true, name: true, isDeleted: true, status: true } });
  if (!person || person.isDeleted || person.status !== "active") throw notFound("Calendar feed not found");
  const bookings = await prisma.booking.findMany({
    where: {
      OR: [{ userId: person.id }, { guideId: person.id }],
      status: { in: SHOWN_STATUSES },
      startsAt: { gte: new Date(now.getTime() - RECENT_DAYS * 86_400_000) },
    },
    orderBy: { startsAt: "asc" },
    take: MOST_SESSIONS,
    select: {
      id: true, userId: true, guideId: true, status: true, topic: true, startsAt: true, durationMinutes: true, updatedAt: true,
      user: { select: { name: true } },
      guide: { select: { name: true, guideProfile: { select: { meetingUrl: true } } } },
    },
  });
  await prisma.calendarFeed.update({ where: { id: feed.id }, data: { lastReadAt: now } });

  const calendar = ical({
    prodId: { company: "Ministry Mentors", product: "Calendar feed", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    name: "Ministry Mentors sessions",
    // Calendar apps poll a subscription at their own pace; this asks for about an hour.
    ttl: 60 * 60,
  });
  for (const booking of bookings) {
    if (!booking.startsAt) continue;
    const asGuide = booking.guideId === person.id;
    const other = asGuide ? booking.user.name : booking.guide.name;
    const meetingUrl = booking.guide.guideProfile?.meetingUrl?.trim() || null;
    const title = feed.showTopics ? `Mentoring: ${booking.topic}` : `Mentoring session with ${other}`;
    calendar.createEvent({
      id: `booking-${booking.id}@ministry-mentors`,
      sequence: Math.max(0, Math.floor((booking.updatedAt.getTime() - Date.UTC(2026, 0, 1)) / 1000)),
      stamp: booking.updatedAt,
      start: booking.startsAt,
      end: new Date(booking.startsAt.getTime() + booking.durationMinutes * 60_000),
      summary: title,
      description: [
        `Mentoring session with ${other}.`,
        feed.showTopics ? `Topic: ${booking.topic}` : null,
        `Meeting link: ${meetingUrl ?? NO_MEETING_LINK}`,
        `Manage it: ${siteUrl(bookingLink(asGuide ? "guide" : "user", booking.id))}`,
      ]
        .filter(Boolean)
        .join("\n"),
      location: meetingUrl ?? NO_MEETING_LINK,
      url: meetingUrl,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
