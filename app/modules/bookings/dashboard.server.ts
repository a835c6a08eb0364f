import { Prisma } from "#app/generated/prisma/client.ts";
import { HttpError } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { isoOf, orderBy, pageOf } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { containsAny, endsAfter } from "#app/lib/sql.server.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import type { BookingTab } from "./dashboard-schema.ts";
import { formatTimeIn } from "./session-time.ts";
import { freeWeek } from "./free-week.server.ts";
import { bookingFor, canRescheduleAt, cancellationTerms } from "./lifecycle.server.ts";
import { allowedChanges, bookingScope, CHANGE_REFUSALS, refundPolicyText, refuseChange, type BookingChange } from "./policy.ts";
import type { BookingStatus, PaymentStatus } from "./status.ts";

/** A booking as the dashboards list it: the other person, the time, what the viewer may do with it now. */
export type DashboardBooking = {
  id: number;
  topic: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  rateCents: number;
  startsAt: string;
  durationMinutes: number;
  isIntro: boolean;
  cancelReason: string | null;
  /** The other person: the guide for a mentee, the mentee for a guide. */
  other: { id: number; name: string; imageId: string | null };
  /** The guide's meeting link, for a confirmed session that has not ended. */
  meetingUrl: string | null;
  hasReview: boolean;
  changes: BookingChange[];
  /** For the mentee: whether the reschedule window is still open. */
  canReschedule: boolean;
};

type RawRow = {
  id: bigint | number;
  topic: string;
  status: string;
  paymentStatus: string;
  rateCents: bigint | number;
  startsAt: unknown;
  durationMinutes: bigint | number;
  isIntro: boolean | number | bigint;
  cancelReason: string | null;
  userId: bigint | number;
  guideId: bigint | number;
  otherId: bigint | number;
  otherName: string;
  otherImageId: string | null;
  meetingUrl: string | null;
  reviewId: bigint | number | null;
};

const ACTIVE = Prisma.sql`('held', 'requested', 'confirmed')`;

/**
 * Which bookings each tab holds at `now`:
 * - upcoming: active (held, requested, confirmed; a guide's without the held ones) and not yet ended;
 * - requests (guides): requested and not yet ended;
 * - past: the rest (ended, or no longer active); a guide's without holds that never became bookings.
 */
function tabCondition(actor: SessionUser, tab: BookingTab, now: Date) {
  const notEnded = endsAfter(Prisma.sql`b."startsAt"`, Prisma.sql`b."durationMinutes"`, now);
  // No session lasts a day: this bound lets the (person, startsAt) index skip every older booking.
  const recent = Prisma.sql`b."startsAt" > ${new Date(now.getTime() - 24 * 3_600_000)}`;
  const guide = actor.role === "guide";
  if (tab === "requests") return Prisma.sql`b.status = 'requested' AND ${recent} AND ${notEnded}`;
  if (tab === "upcoming") return Prisma.sql`b.status IN ${guide ? Prisma.sql`('confirmed')` : ACTIVE} AND ${recent} AND ${notEnded}`;
  return Prisma.sql`${guide ? Prisma.sql`b.status NOT IN ('held', 'expired') AND ` : Prisma.empty}(b.status NOT IN ${ACTIVE} OR NOT (${notEnded}))`;
}

/**
 * The viewer's bookings on one tab of their dashboard (a mentee's or a guide's; an admin uses the console),
 * searched by topic or the other person's name, ordered by session time, paged in SQL.
 */
export async function listDashboardBookings(actor: SessionUser, tab: BookingTab, state: ListState<"startsAt">, now = new Date()): Promise<ListResult<DashboardBooking>> {
  const guide = actor.role === "guide";
  const otherColumn = guide ? Prisma.sql`b."userId"` : Prisma.sql`b."guideId"`;
  const where = [bookingScope(actor), Prisma.sql`b."startsAt" IS NOT NULL`, tabCondition(actor, tab, now)];
  const joins = {
    alias: "b",
    sql: Prisma.sql`JOIN "User" o ON o.id = ${otherColumn} LEFT JOIN "GuideProfile" gp ON gp."userId" = b."guideId" LEFT JOIN "Review" r ON r."bookingId" = b.id`,
  };
  const { rows, meta } = await pageOf<RawRow>({
    select: Prisma.sql`b.id, b.topic, b.status, b."paymentStatus", b."rateCents", b."startsAt", b."durationMinutes", b."isIntro", b."cancelReason",
      b."userId", b."guideId", o.id AS "otherId", o.name AS "otherName", o."imageId" AS "otherImageId", gp."meetingUrl" AS "meetingUrl", r.id AS "reviewId"`,
    from: Prisma.sql`"Booking" b`,
    joins,
    where,
    joinedWhere: state.search ? [containsAny([Prisma.sql`b.topic`, Prisma.sql`o.name`], state.search)] : [],
    searched: Boolean(state.search),
    orderBy: orderBy(Prisma.sql`b."startsAt"`, state.order, Prisma.sql`b.id`),
    page: state.page,
    limit: state.limit,
  });
  const settings = await getPlatformSettings();
  return {
    meta,
    data: rows.map((row) => {
      const startsAt = new Date(isoOf(row.startsAt)!);
      const durationMinutes = Number(row.durationMinutes);
      const status = row.status as BookingStatus;
      const target = { userId: Number(row.userId), guideId: Number(row.guideId), status, startsAt };
      const ended = startsAt.getTime() + durationMinutes * 60_000 <= now.getTime();
      return {
        id: Number(row.id),
        topic: row.topic,
        status,
        paymentStatus: row.paymentStatus as PaymentStatus,
        rateCents: Number(row.rateCents),
        startsAt: startsAt.toISOString(),
        durationMinutes,
        isIntro: Boolean(Number(row.isIntro)),
        cancelReason: row.cancelReason,
        other: { id: Number(row.otherId), name: row.otherName, imageId: row.otherImageId },
        meetingUrl: status === "confirmed" && !ended ? (row.meetingUrl?.trim() || null) : null,
        hasReview: row.reviewId !== null,
        changes: allowedChanges(actor, target, now),
        canReschedule: canRescheduleAt(startsAt, settings.cancellationWindowHours, now),
      };
    }),
  };
}

/** A dialog's own refusal (a booking that can no longer change, 409) is said inside it, not as a broken page. */
export async function dialogOrRefusal<T>(load: () => Promise<T>): Promise<T | { refusal: string }> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return { refusal: error.message };
    throw error;
  }
}

/**
 * What the cancel dialog states before anyone confirms: the booking, the policy and what cancelling now would
 * refund. Another person's booking is a 404; one that can no longer be cancelled, the 409 that says why.
 */
export async function cancelDialog(actor: SessionUser, bookingId: number, now = new Date()) {
  const { booking, settings, refund, paidCents } = await cancellationTerms(actor, bookingId, now);
  const other = actor.id === booking.guideId ? booking.user : booking.guide;
  return {
    booking: { id: booking.id, topic: booking.topic, otherName: other.name, startsAt: booking.startsAt.toISOString(), durationMinutes: booking.durationMinutes, status: booking.status },
    policy: refundPolicyText(settings),
    windowHours: settings.cancellationWindowHours,
    paidCents,
    refund,
  };
}

/** The decline dialog (?decline=<id>): the request being declined, and what the mentee gets back. */
export async function declineDialog(guide: SessionUser, bookingId: number, now = new Date()) {
  const booking = await bookingFor(guide, bookingId);
  const refusal = refuseChange(guide, booking, "decline", now);
  if (refusal) throw refusal;
  const paidCents = booking.paymentStatus === "paid" ? booking.payments.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0) : 0;
  return { booking: { id: booking.id, topic: booking.topic, menteeName: booking.user.name, startsAt: booking.startsAt.toISOString(), durationMinutes: booking.durationMinutes }, paidCents };
}

/** How many weeks ahead the reschedule dialog pages (the guide's horizon decides which have times). */

/**
 * The reschedule dialog of a mentee's booking: the booking, whether the window still allows a move, and one week
 * (`week`, YYYY-MM-DD in the mentee's zone; this week by default) of the guide's free times for its length,
 * grouped by day in the mentee's zone. Another person's booking is a 404.
 */
export async function rescheduleChoices(actor: SessionUser, bookingId: number, weekParam: string | null, timeZone: string, now = new Date()) {
  const booking = await bookingFor(actor, bookingId);
  const refusal = refuseChange(actor, booking, "reschedule", now);
  if (refusal) throw refusal;
  const settings = await getPlatformSettings();
  const summary = { id: booking.id, topic: booking.topic, guideName: booking.guide.name, startsAt: booking.startsAt.toISOString(), durationMinutes: booking.durationMinutes };
  if (!canRescheduleAt(booking.startsAt, settings.cancellationWindowHours, now)) {
    return { booking: summary, closed: CHANGE_REFUSALS.rescheduleWindow(settings.cancellationWindowHours), days: [], week: null };
  }
  const { week, days } = await freeWeek(booking.guideId, { minutes: booking.durationMinutes, weekParam, zone: timeZone, now, except: booking.startsAt });
  return {
    booking: summary,
    closed: null,
    days: days.map((day) => ({ ...day, times: day.times.map((time) => ({ value: time.toISOString(), label: formatTimeIn(time, timeZone) })) })),
    week,
  };
}
