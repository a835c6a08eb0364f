import { prisma } from "#app/lib/db.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { formatWhenIn, zoneLabelAt } from "#app/modules/bookings/session-time.ts";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "#app/modules/bookings/status.ts";
import { JOIN_OPENS_MINUTES } from "./overview.ts";

/**
 * The mentee's Overview: the next session (with its join link from 15 minutes before it starts), unread messages,
 * what needs doing (reviews to leave, holds to pay, requests waiting, an empty profile) and the sessions ahead.
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
  /** The start in the person's zone, e.g. "Tuesday, November 24, 2026 at 10:00 AM". */
  when: string;
};

export type NextSession = OverviewSession & {
  /** Confirmed sessions only; null when the guide has not set one. */
  meetingUrl: string | null;
  joinOpensAt: string;
  endsAt: string;
};

export type Todo =
  | { kind: "review"; bookingId: number; guideName: string; when: string }
  | { kind: "pay"; bookingId: number; guideName: string; when: string; holdExpiresAt: string }
  | { kind: "waiting"; bookingId: number; guideName: string; when: string }
  | { kind: "profile" };

export type Overview = {
  name: string;
  timeZone: string;
  zone: string;
  next: NextSession | null;
  upcoming: OverviewSession[];
  unreadMessages: number;
  todos: Todo[];
};

const bookingSelect = {
  id: true,
  guideId: true,
  topic: true,
  status: true,
  startsAt: true,
  durationMinutes: true,
  holdExpiresAt: true,
  guide: { select: { name: true, imageId: true, guideProfile: { select: { meetingUrl: true } } } },
} as const;

export async function getMenteeOverview(actor: SessionUser, now = new Date()): Promise<Overview> {
  if (actor.role !== "user") throw new HttpError(403, "The overview is for mentees");
  const person = await prisma.user.findUniqueOrThrow({ where: { id: actor.id }, select: { name: true, timeZone: true, bio: true, title: true } });
  const zone = person.timeZone || "UTC";
  // A session still counts as "next" until it ends: a long one started less than 4 hours ago is looked at too.
  const recent = new Date(now.getTime() - 4 * 60 * 60_000);
  const [ahead, unreadMessages, toReview, held, waiting] = await Promise.all([
    prisma.booking.findMany({
      where: { userId: actor.id, status: { in: ["confirmed", "requested"] }, startsAt: { gt: recent } },
      orderBy: { startsAt: "asc" },
      take: UPCOMING_LIMIT + 3,
      select: bookingSelect,
    }),
    prisma.message.count({ where: { recipientId: actor.id, readAt: null } }),
    prisma.booking.findMany({
      where: { userId: actor.id, status: "completed", review: { is: null } },
      orderBy: { startsAt: "desc" },
      take: NEEDS_DOING_LIMIT,
      select: bookingSelect,
    }),
    prisma.booking.findMany({
      where: { userId: actor.id, status: "held", holdExpiresAt: { gt: now } },
      orderBy: { holdExpiresAt: "asc" },
      take: NEEDS_DOING_LIMIT,
      select: bookingSelect,
    }),
    prisma.booking.findMany({
      where: { userId: actor.id, status: "requested", startsAt: { gt: now } },
      orderBy: { startsAt: "asc" },
      take: NEEDS_DOING_LIMIT,
      select: bookingSelect,
    }),
  ]);

  type Row = (typeof ahead)[number];
  const when = (row: Row) => (row.startsAt ? formatWhenIn(row.startsAt, zone) : "a time to be set");
  const toSession = (row: Row): OverviewSession => ({
    id: row.id,
    guideId: row.guideId,
    guideName: row.guide.name,
    guideImageId: row.guide.imageId,
    topic: row.topic,
    status: row.status as BookingStatus,
    statusLabel: BOOKING_STATUS_LABELS[row.status as BookingStatus] ?? row.status,
    startsAt: row.startsAt?.toISOString() ?? "",
    durationMinutes: row.durationMinutes,
    when: when(row),
  });
  const notOver = ahead.filter((row) => row.startsAt && row.startsAt.getTime() + row.durationMinutes * 60_000 > now.getTime());
  const nextRow = notOver.find((row) => row.status === "confirmed") ?? null;
  const next: NextSession | null = nextRow?.startsAt
    ? {
        ...toSession(nextRow),
        meetingUrl: nextRow.guide.guideProfile?.meetingUrl ?? null,
        joinOpensAt: new Date(nextRow.startsAt.getTime() - JOIN_OPENS_MINUTES * 60_000).toISOString(),
        endsAt: new Date(nextRow.startsAt.getTime() + nextRow.durationMinutes * 60_000).toISOString(),
      }
    : null;

  const todos: Todo[] = [
    ...held.map((row) => ({ kind: "pay" as const, bookingId: row.id, guideName: row.guide.name, when: when(row), holdExpiresAt: row.holdExpiresAt!.toISOString() })),
    ...toReview.map((row) => ({ kind: "review" as const, bookingId: row.id, guideName: row.guide.name, when: when(row) })),
    ...waiting.map((row) => ({ kind: "waiting" as const, bookingId: row.id, guideName: row.guide.name, when: when(row) })),
    ...(!person.bio || !person.title ? [{ kind: "profile" as const }] : []),
  ];

  return {
    name: person.name,
    timeZone: zone,
    zone: zoneLabelAt(zone, now),
    next,
    upcoming: notOver.slice(0, UPCOMING_LIMIT).map(toSession),
    unreadMessages,
    todos,
  };
}
