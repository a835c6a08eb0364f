import { notFound } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { Prisma } from "#app/generated/prisma/client.ts";
import { endsAfter } from "#app/lib/search/dialect.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { earningsThisMonth } from "#app/modules/billing/billing.server.ts";
import { joinPhase, joinWindow } from "#app/modules/bookings/join-window.ts";
import { covenantAwaited } from "#app/modules/covenant/covenant.server.ts";

/** Sessions shown on the overview. */
export const UPCOMING_SHOWN = 5;
const DAY = 24 * 3_600_000;

/**
 * The guide's overview: the next sessions (one under way included, to join until it ends), this month's earnings after the platform's fee,
 * their rating, and what needs doing (requests to accept, sessions to mark completed, sessions ahead whose covenant
 * they have not accepted, reviews awaiting a reply, weekly hours not set, new bookings paused, payouts not set up). A
 * guide's own data only.
 */
export async function mentorOverview(actor: SessionUser, now = new Date()) {
  if (actor.role !== "guide") throw notFound("This dashboard could not be found.");
  const guideId = actor.id;
  // Every guide's first screen: raw statements (see "Reading raw rows" in lib/sql.server.ts); the counts in one.
  const [timeZone, [summary], upcoming, earnings] = await Promise.all([
    timeZoneOf(guideId),
    queryRows(
      {
        // The profile's columns are null for a guide without a profile.
        ratingAverage: column.number,
        ratingCount: column.nullableInt,
        meetingUrl: column.nullableText,
        bookingPaused: column.bool,
        requests: column.int,
        toComplete: column.int,
        covenants: column.int,
        unanswered: column.int,
        weeklyHours: column.int,
        payoutStatus: column.nullableText,
      },
      Prisma.sql`
      SELECT p."ratingAverage", p."ratingCount", p."meetingUrl", p."bookingPaused",
        (SELECT COUNT(*) FROM "Booking" b WHERE b."guideId" = ${guideId} AND b.status = 'requested') AS requests,
        (SELECT COUNT(*) FROM "Booking" b WHERE b."guideId" = ${guideId} AND b.status = 'confirmed' AND b."startsAt" < ${now}) AS "toComplete",
        (SELECT COUNT(*) FROM "Booking" b WHERE b."guideId" = ${guideId} AND b.status = 'confirmed' AND b."startsAt" > ${now}
          AND ${covenantAwaited(guideId, Prisma.sql`b."userId"`)}) AS covenants,
        (SELECT COUNT(*) FROM "Review" r WHERE r."guideId" = ${guideId} AND r."mentorResponse" IS NULL AND r."hiddenAt" IS NULL) AS unanswered,
        (SELECT COUNT(*) FROM "Availability" a WHERE a."guideId" = ${guideId}) AS "weeklyHours",
        (SELECT pa.status FROM "PayoutAccount" pa WHERE pa."guideId" = ${guideId}) AS "payoutStatus"
      FROM (SELECT 1 AS one) x LEFT JOIN "GuideProfile" p ON p."userId" = ${guideId}`,
    ),
    queryRows(
      { id: column.int, topic: column.text, status: column.text, startsAt: column.date, durationMinutes: column.int, menteeName: column.text },
      Prisma.sql`
      SELECT b.id, b.topic, b.status, b."startsAt", b."durationMinutes", u.name AS "menteeName"
      FROM "Booking" b JOIN "User" u ON u.id = b."userId"
      WHERE b."guideId" = ${guideId} AND b.status IN ('confirmed', 'requested')
        AND b."startsAt" > ${new Date(now.getTime() - DAY)} AND ${endsAfter(Prisma.sql`b."startsAt"`, Prisma.sql`b."durationMinutes"`, now)}
      ORDER BY b."startsAt" ASC, b.id ASC LIMIT ${UPCOMING_SHOWN}`,
    ),
    earningsThisMonth(actor, now),
  ]);
  const profile = summary.ratingCount === null ? null : { ...summary, ratingCount: summary.ratingCount };
  return {
    name: actor.name,
    timeZone,
    upcoming: upcoming.map((booking) => {
      const startsAt = booking.startsAt.toISOString();
      const join = joinWindow(startsAt, booking.durationMinutes);
      return { ...booking, startsAt, joinUrl: booking.status === "confirmed" ? (profile?.meetingUrl ?? null) : null, join, joinPhase: joinPhase(join, now) };
    }),
    earnings,
    rating: { average: profile?.ratingAverage ?? 0, count: profile?.ratingCount ?? 0 },
    todo: {
      requests: summary.requests,
      toComplete: summary.toComplete,
      covenants: summary.covenants,
      unanswered: summary.unanswered,
      availabilitySet: summary.weeklyHours > 0,
      bookingPaused: profile?.bookingPaused ?? false,
      // No payouts account is "not_connected", as Billing says (payments/connect.server.ts).
      payouts: summary.payoutStatus ?? "not_connected",
    },
  };
}
