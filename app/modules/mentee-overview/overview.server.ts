import { Prisma } from "#app/generated/prisma/client.ts";
import { HttpError } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { column, queryRows, type RowOf } from "#app/lib/sql.server.ts";
import { zoneTitle } from "#app/lib/time-zone-names.ts";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "#app/modules/bookings/status.ts";
import { unreadCount } from "#app/modules/messages/messages.server.ts";
import { joinWindow, type JoinWindow } from "#app/modules/bookings/join-window.ts";
import { covenantAwaited } from "#app/modules/covenant/covenant.server.ts";

/**
 * The mentee's Overview: the next session (with its join link in its join window, join-window.ts), unread messages,
 * what needs doing (holds to pay, a new covenant to accept before a session, reviews to leave, requests waiting, an
 * empty profile) and the sessions ahead.
 * Times are shown in the person's own time zone (Settings), naming it.
 */

const UPCOMING_LIMIT = 5;
const NEEDS_DOING_LIMIT = 5;

export type OverviewSession = {
  id: number;
  guideId: number;
  guideName: string;
  guideImageId: string | null;
  topic: string;
  status: BookingStatus;
  statusLabel: string;
  startsAt: string;
  durationMinutes: number;
};

export type NextSession = OverviewSession & {
  /** Confirmed sessions only; null when the guide has not set one. */
  meetingUrl: string | null;
  join: JoinWindow;
};

/** `startsAt`: the session's start (ISO), null while it has no time. */
export type Todo =
  | { kind: "review"; bookingId: number; guideName: string; startsAt: string | null }
  | { kind: "pay"; bookingId: number; guideName: string; startsAt: string | null; holdExpiresAt: string }
  | { kind: "covenant"; bookingId: number; guideName: string; startsAt: string | null }
  | { kind: "waiting"; bookingId: number; guideName: string; startsAt: string | null }
  /** What the profile lacks: sign-up asks for the job title, so it is usually only the bio. */
  | { kind: "profile"; missing: { title: boolean; bio: boolean } };

export type Overview = {
  name: string;
  timeZone: string;
  zone: string;
  next: NextSession | null;
  upcoming: OverviewSession[];
  unreadMessages: number;
  todos: Todo[];
};

/** A booking of the mentee's, with its guide. */
const bookingRow = {
  id: column.int,
  guideId: column.int,
  topic: column.text,
  status: column.text,
  startsAt: column.nullableDate,
  durationMinutes: column.int,
  holdExpiresAt: column.nullableDate,
  guideName: column.text,
  guideImageId: column.nullableText,
  meetingUrl: column.nullableText,
};
type Row = RowOf<typeof bookingRow>;

/**
 * The mentee's bookings that meet `where`, in `order`, at most `limit`, with their guide. Raw statements: the
 * overview is every mentee's first screen (see "Reading raw rows" in lib/sql.server.ts).
 */
function bookingsWhere(where: Prisma.Sql, order: Prisma.Sql, limit: number): Promise<Row[]> {
  return queryRows(
    bookingRow,
    Prisma.sql`
    SELECT b.id, b."guideId", b.topic, b.status, b."startsAt", b."durationMinutes", b."holdExpiresAt",
      g.name AS "guideName", g."imageId" AS "guideImageId", p."meetingUrl"
    FROM "Booking" b JOIN "User" g ON g.id = b."guideId" LEFT JOIN "GuideProfile" p ON p."userId" = b."guideId"
    WHERE ${where} ORDER BY ${order} LIMIT ${limit}`,
  );
}

export async function getMenteeOverview(actor: SessionUser, now = new Date()): Promise<Overview> {
  if (actor.role !== "user") throw new HttpError(403, "The overview is for mentees");
  const mine = Prisma.sql`b."userId" = ${actor.id}`;
  // A session still counts as "next" until it ends: a long one started less than 4 hours ago is looked at too.
  const recent = new Date(now.getTime() - 4 * 60 * 60_000);
  const [[person], ahead, unreadMessages, toReview, held, waiting, covenants] = await Promise.all([
    queryRows(
      { name: column.text, timeZone: column.nullableText, bio: column.nullableText, title: column.nullableText },
      Prisma.sql`SELECT name, "timeZone", bio, title FROM "User" WHERE id = ${actor.id}`,
    ),
    bookingsWhere(Prisma.sql`${mine} AND b.status IN ('confirmed', 'requested') AND b."startsAt" > ${recent}`, Prisma.sql`b."startsAt" ASC, b.id ASC`, UPCOMING_LIMIT + 3),
    unreadCount(actor),
    bookingsWhere(
      Prisma.sql`${mine} AND b.status = 'completed' AND NOT EXISTS (SELECT 1 FROM "Review" r WHERE r."bookingId" = b.id)`,
      Prisma.sql`b."startsAt" DESC, b.id DESC`,
      NEEDS_DOING_LIMIT,
    ),
    bookingsWhere(Prisma.sql`${mine} AND b.status = 'held' AND b."holdExpiresAt" > ${now}`, Prisma.sql`b."holdExpiresAt" ASC, b.id ASC`, NEEDS_DOING_LIMIT),
    bookingsWhere(Prisma.sql`${mine} AND b.status = 'requested' AND b."startsAt" > ${now}`, Prisma.sql`b."startsAt" ASC, b.id ASC`, NEEDS_DOING_LIMIT),
    bookingsWhere(
      Prisma.sql`${mine} AND b.status IN ('confirmed', 'requested') AND b."startsAt" > ${now} AND ${covenantAwaited(actor.id, Prisma.sql`b."guideId"`)}`,
      Prisma.sql`b."startsAt" ASC, b.id ASC`,
      NEEDS_DOING_LIMIT,
    ),
  ]);
  if (!person) throw new HttpError(404, "Not found");
  const zone = person.timeZone || "UTC";

  const toSession = (row: Row): OverviewSession => ({
    id: row.id,
    guideId: row.guideId,
    guideName: row.guideName,
    guideImageId: row.guideImageId,
    topic: row.topic,
    status: row.status as BookingStatus,
    statusLabel: BOOKING_STATUS_LABELS[row.status as BookingStatus] ?? row.status,
    startsAt: row.startsAt?.toISOString() ?? "",
    durationMinutes: row.durationMinutes,
  });
  const startsAt = (row: Row) => row.startsAt?.toISOString() ?? null;
  const notOver = ahead.filter((row) => row.startsAt && row.startsAt.getTime() + row.durationMinutes * 60_000 > now.getTime());
  const nextRow = notOver.find((row) => row.status === "confirmed") ?? null;
  const next: NextSession | null = nextRow?.startsAt
    ? {
        ...toSession(nextRow),
        meetingUrl: nextRow.meetingUrl,
        join: joinWindow(nextRow.startsAt, nextRow.durationMinutes),
      }
    : null;

  const todos: Todo[] = [
    ...held.map((row) => ({ kind: "pay" as const, bookingId: row.id, guideName: row.guideName, startsAt: startsAt(row), holdExpiresAt: row.holdExpiresAt!.toISOString() })),
    ...covenants.map((row) => ({ kind: "covenant" as const, bookingId: row.id, guideName: row.guideName, startsAt: startsAt(row) })),
    ...toReview.map((row) => ({ kind: "review" as const, bookingId: row.id, guideName: row.guideName, startsAt: startsAt(row) })),
    ...waiting.map((row) => ({ kind: "waiting" as const, bookingId: row.id, guideName: row.guideName, startsAt: startsAt(row) })),
    ...(!person.bio || !person.title ? [{ kind: "profile" as const, missing: { title: !person.title, bio: !person.bio } }] : []),
  ];

  return {
    name: person.name,
    timeZone: zone,
    zone: zoneTitle(zone),
    next,
    upcoming: notOver.slice(0, UPCOMING_LIMIT).map(toSession),
    unreadMessages,
    todos,
  };
}
