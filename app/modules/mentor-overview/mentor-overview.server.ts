import { prisma } from "#app/lib/db.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { earningsThisMonth } from "#app/modules/billing/billing.server.ts";

/** Sessions shown on the overview. */
export const UPCOMING_SHOWN = 5;

/**
 * The guide's overview: the next sessions (in their own time zone), this month's earnings after the platform's fee,
 * their rating, and what needs doing (requests to accept, sessions to mark completed, reviews awaiting a reply,
 * weekly hours not set). A guide's own data only.
 */
export async function mentorOverview(actor: SessionUser, now = new Date()) {
  if (actor.role !== "guide") throw notFound("This dashboard could not be found.");
  const guideId = actor.id;
  const [timeZone, profile, upcoming, requests, toComplete, unanswered, weeklyHours, earnings] = await Promise.all([
    timeZoneOf(guideId),
    prisma.guideProfile.findUnique({ where: { userId: guideId }, select: { ratingAverage: true, ratingCount: true, meetingUrl: true, bookingPaused: true } }),
    prisma.booking.findMany({
      where: { guideId, status: { in: ["confirmed", "requested"] }, startsAt: { gt: now } },
      orderBy: [{ startsAt: "asc" }, { id: "asc" }],
      take: UPCOMING_SHOWN,
      select: { id: true, topic: true, status: true, startsAt: true, durationMinutes: true, user: { select: { name: true } } },
    }),
    prisma.booking.count({ where: { guideId, status: "requested" } }),
    prisma.booking.count({ where: { guideId, status: "confirmed", startsAt: { lt: now } } }),
    prisma.review.count({ where: { guideId, mentorResponse: null, hiddenAt: null } }),
    prisma.availability.count({ where: { guideId } }),
    earningsThisMonth(actor, now),
  ]);
  return {
    name: actor.name,
    timeZone,
    upcoming: upcoming.map((booking) => ({
      id: booking.id,
      topic: booking.topic,
      status: booking.status,
      startsAt: booking.startsAt?.toISOString() ?? null,
      durationMinutes: booking.durationMinutes,
      menteeName: booking.user.name,
      joinUrl: booking.status === "confirmed" ? (profile?.meetingUrl ?? null) : null,
    })),
    earnings,
    rating: { average: profile?.ratingAverage ?? 0, count: profile?.ratingCount ?? 0 },
    todo: { requests, toComplete, unanswered, availabilitySet: weeklyHours > 0, bookingPaused: profile?.bookingPaused ?? false },
  };
}
