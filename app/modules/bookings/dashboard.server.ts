import { Prisma } from "#app/generated/prisma/client.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { orderBy, pageOf } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { containsAny, endsAfter } from "#app/lib/search/dialect.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { covenantStates, covenantToAccept, type CovenantState } from "#app/modules/covenant/covenant.server.ts";
import { bookingIntroduces } from "#app/modules/messages/policy.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { bookingCalendarLink, type BookingTab } from "./dashboard-schema.ts";
import { addEventLinks, calendarEvent } from "./calendar.server.ts";
import { bookingStateText } from "./state-text.ts";
import { joinPhase, joinWindow, type JoinPhase, type JoinWindow } from "./join-window.ts";
import { freeWeek } from "./free-week.server.ts";
import { bookingFor, canRescheduleAt, cancellationTerms } from "./lifecycle.server.ts";
import { cancellationPolicy, GUIDE_CANCELLATION_POLICY } from "#app/modules/policies/policies.ts";
import { allowedChanges, bookingScope, CHANGE_REFUSALS, refuseChange, type BookingChange } from "./policy.ts";
import { reportWindowEnd, toProblemView } from "./problems.server.ts";
import type { ProblemView } from "./problems.ts";
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
  /** The mentee's notes for the guide, as they wrote them when booking. */
  notes: string | null;
  /** An unpaid hold's end, while it still holds the time (the mentee may pay until then). */
  holdExpiresAt: string | null;
  /** The other person: the guide for a mentee, the mentee for a guide. */
  other: { id: number; name: string; imageId: string | null };
  /** The guide's meeting link, for a confirmed session that has not ended; offered in its join window (join-window.ts). */
  meetingUrl: string | null;
  join: JoinWindow;
  /** Where the session stood against its join window when the list was read. */
  joinPhase: JoinPhase;
  hasReview: boolean;
  changes: BookingChange[];
  /** For the mentee: whether the reschedule window is still open. */
  canReschedule: boolean;
  /** A problem reported with the session, and whether the viewer may report one (the mentee) or answer it (the guide). */
  problem: ProblemView | null;
  canReport: boolean;
  canAnswerProblem: boolean;
  /** Whether the booking lets the two write to each other (the messaging rule: any booking but one that lapsed unpaid). */
  canMessage: boolean;
  /** A request's deadline for the guide's answer. */
  answerBy: string | null;
  /** Who ended a cancelled, declined or expired booking, as the viewer reads it (an expired one: its deadline or its hold ran out). */
  endedBy: "you" | "other" | "team" | "deadline" | "hold" | null;
  /** Another time the guide proposed, while it can still be answered (a confirmed session that has not started). */
  proposal: { startsAt: string; note: string | null } | null;
  /** A confirmed session ahead: its calendar file and "add event" links (both dashboards' "Add to calendar"). */
  calendar: { ics: string; google: string; outlook: string } | null;
  /** What its state means for the viewer, in a sentence (state-text.ts), on their clock. */
  stateText: string;
  /**
   * The current confidentiality covenant between the viewer and the other person (who has accepted it, and when),
   * for a booking that is not over without taking place; null when no version is published.
   */
  covenant: CovenantState | null;
  /**
   * The card asks the viewer to accept that covenant: a session ahead (confirmed, or a request the mentee made; the guide
   * accepts it with their answer, in the accept dialog) whose current version they have not accepted. The overviews
   * count the same sessions (`covenantAwaited`).
   */
  asksCovenant: boolean;
};

const columns = {
  id: column.int,
  topic: column.text,
  status: (value: unknown) => String(value) as BookingStatus,
  paymentStatus: (value: unknown) => String(value) as PaymentStatus,
  rateCents: column.int,
  startsAt: column.date,
  durationMinutes: column.int,
  isIntro: column.bool,
  cancelReason: column.nullableText,
  additionalNotes: column.nullableText,
  holdExpiresAt: column.nullableDate,
  userId: column.int,
  guideId: column.int,
  otherId: column.int,
  otherName: column.text,
  otherImageId: column.nullableText,
  meetingUrl: column.nullableText,
  reviewId: column.nullableInt,
  completedAt: column.nullableDate,
  problemKind: column.nullableText,
  problemDetails: column.nullableText,
  problemStatus: column.nullableText,
  problemContestBy: column.nullableDate,
  problemReply: column.nullableText,
  problemOutcome: column.nullableText,
  problemRefundCents: column.nullableInt,
  problemCreatedAt: column.nullableDate,
  problemDecidedAt: column.nullableDate,
  problemDecidedBy: column.nullableInt,
  answerBy: column.nullableDate,
  cancelledAt: column.nullableDate,
  cancelledById: column.nullableInt,
  proposedStartsAt: column.nullableDate,
  proposalNote: column.nullableText,
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

/** How many requests wait for the guide's answer: what their Requests tab lists, counted for its label. */
export async function waitingRequestCount(actor: SessionUser, now = new Date()) {
  if (actor.role !== "guide") return 0;
  const [row] = await queryRows({ count: column.int }, Prisma.sql`SELECT COUNT(*) AS count FROM "Booking" b WHERE ${bookingScope(actor)} AND ${tabCondition(actor, "requests", now)}`);
  return row.count;
}

/** A confirmed session's "Add to calendar" choices: its .ics (the viewer's own dashboard's route) and the add-event links. */
function calendarLinks(
  actor: SessionUser,
  booking: { id: number; topic: string; additionalNotes: string | null; startsAt: Date; durationMinutes: number; meetingUrl: string | null; guideName: string },
) {
  const event = calendarEvent({ ...booking, guide: { name: booking.guideName } });
  return { ics: bookingCalendarLink(actor.role === "guide" ? "guide" : "user", booking.id), ...addEventLinks(event) };
}

/**
 * The viewer's bookings on one tab of their dashboard (a mentee's or a guide's; an admin uses the console),
 * searched by topic or the other person's name, ordered by session time, paged in SQL; with the covenant's text when
 * a card of the page asks the viewer to accept it (`asksCovenant`).
 */
export async function listDashboardBookings(
  actor: SessionUser,
  tab: BookingTab,
  state: ListState<"startsAt">,
  timeZone: string,
  now = new Date(),
): Promise<ListResult<DashboardBooking> & { covenant: { version: number; text: string } | null }> {
  const guide = actor.role === "guide";
  const otherColumn = guide ? Prisma.sql`b."userId"` : Prisma.sql`b."guideId"`;
  const where = [bookingScope(actor), Prisma.sql`b."startsAt" IS NOT NULL`, tabCondition(actor, tab, now)];
  const other = Prisma.sql`JOIN "User" o ON o.id = ${otherColumn}`;
  // One person's bookings: a search reads each one's topic and other person's name.
  if (state.search) where.push(containsAny([Prisma.sql`b.topic`, Prisma.sql`o.name`], state.search));
  const select = Prisma.sql`b.id, b.topic, b.status, b."paymentStatus", b."rateCents", b."startsAt", b."durationMinutes", b."isIntro", b."cancelReason",
    b."additionalNotes", b."holdExpiresAt", b."userId", b."guideId", o.id AS "otherId", o.name AS "otherName", o."imageId" AS "otherImageId",
    gp."meetingUrl" AS "meetingUrl", r.id AS "reviewId", b."completedAt", pr.kind AS "problemKind", pr.details AS "problemDetails",
    pr.status AS "problemStatus", pr."contestBy" AS "problemContestBy", pr."guideReply" AS "problemReply", pr.outcome AS "problemOutcome",
    pr."refundCents" AS "problemRefundCents", pr."createdAt" AS "problemCreatedAt", pr."decidedAt" AS "problemDecidedAt",
    pr."decidedById" AS "problemDecidedBy", b."answerBy", b."cancelledAt", b."cancelledById", b."proposedStartsAt", b."proposalNote"`;
  const rowsFrom = Prisma.sql`"Booking" b ${other} LEFT JOIN "GuideProfile" gp ON gp."userId" = b."guideId" LEFT JOIN "Review" r ON r."bookingId" = b.id
    LEFT JOIN "ProblemReport" pr ON pr."bookingId" = b.id`;
  const orderBySort = orderBy(Prisma.sql`b."startsAt"`, state.order, Prisma.sql`b.id`);
  const list = { from: Prisma.sql`"Booking" b ${other}`, id: Prisma.sql`b.id`, where, orderBy: orderBySort, rows: { columns, select, from: rowsFrom } };
  const { rows, meta } = await pageOf(list, state);
  const [settings, covenants] = await Promise.all([getPlatformSettings(), covenantStates(actor.id, rows.map((row) => row.otherId))]);
  const data = rows.map((row): DashboardBooking => {
    const { startsAt, durationMinutes, status } = row;
    const target = { userId: row.userId, guideId: row.guideId, status, startsAt };
    const ended = startsAt.getTime() + durationMinutes * 60_000 <= now.getTime();
    const problem = row.problemStatus
      ? toProblemView({
          kind: row.problemKind!, details: row.problemDetails!, status: row.problemStatus, contestBy: row.problemContestBy!, guideReply: row.problemReply,
          outcome: row.problemOutcome, refundCents: row.problemRefundCents, createdAt: row.problemCreatedAt!,
          decidedAt: row.problemDecidedAt, decidedById: row.problemDecidedBy,
        })
      : null;
    const completedAt = row.completedAt;
    const reportUntil = reportWindowEnd({ status, startsAt, durationMinutes, completedAt }, settings.disputeWindowHours);
    const holdExpiresAt = status === "held" ? row.holdExpiresAt : null;
    const proposedStartsAt = row.proposedStartsAt;
    const upcoming = status === "confirmed" && startsAt > now;
    const cancelledById = row.cancelledById;
    const answerBy = status === "requested" ? (row.answerBy?.toISOString() ?? null) : null;
    const endedBy: DashboardBooking["endedBy"] =
      status === "expired"
        ? row.cancelledAt ? "deadline" : "hold"
        : status === "cancelled" || status === "declined"
          ? cancelledById === actor.id ? "you" : cancelledById === target.userId || cancelledById === target.guideId ? "other" : "team"
          : null;
    const facts = { status, paymentStatus: row.paymentStatus as PaymentStatus, rateCents: Number(row.rateCents), startsAt: startsAt.toISOString(), durationMinutes, answerBy, endedBy };
    const liveHold = holdExpiresAt && holdExpiresAt > now ? holdExpiresAt.toISOString() : null;
    const covenant = status === "cancelled" || status === "declined" || status === "expired" ? null : (covenants.states.get(row.otherId) ?? null);
    return {
      id: Number(row.id),
      topic: row.topic,
      status,
      paymentStatus: row.paymentStatus as PaymentStatus,
      rateCents: Number(row.rateCents),
      startsAt: startsAt.toISOString(),
      durationMinutes,
      isIntro: row.isIntro,
      cancelReason: row.cancelReason,
      notes: row.additionalNotes?.trim() || null,
      holdExpiresAt: liveHold,
      other: { id: Number(row.otherId), name: row.otherName, imageId: row.otherImageId },
      meetingUrl: status === "confirmed" && !ended ? (row.meetingUrl?.trim() || null) : null,
      join: joinWindow(startsAt, durationMinutes),
      joinPhase: joinPhase(joinWindow(startsAt, durationMinutes), now),
      hasReview: row.reviewId !== null,
      changes: allowedChanges(actor, { ...target, proposedStartsAt }, now),
      canReschedule: canRescheduleAt(startsAt, settings.cancellationWindowHours, now),
      problem,
      canReport: !problem && actor.id === target.userId && startsAt <= now && reportUntil !== null && reportUntil > now,
      canAnswerProblem:
        actor.id === target.guideId && problem !== null && !problem.guideReply && (problem.status === "review" || (problem.status === "open" && new Date(problem.contestBy) > now)),
      canMessage: bookingIntroduces(status),
      answerBy,
      endedBy,
      proposal: upcoming && proposedStartsAt && proposedStartsAt > now ? { startsAt: proposedStartsAt.toISOString(), note: row.proposalNote } : null,
      calendar: upcoming
        ? calendarLinks(actor, { id: Number(row.id), topic: row.topic, additionalNotes: row.additionalNotes, startsAt, durationMinutes, meetingUrl: row.meetingUrl?.trim() || null, guideName: guide ? actor.name : row.otherName })
        : null,
      stateText: bookingStateText({ ...facts, holdExpiresAt: liveHold }, guide ? "guide" : "mentee", timeZone, now),
      covenant,
      asksCovenant: covenant !== null && !covenant.mine && startsAt > now && (status === "confirmed" || (status === "requested" && !guide)),
    };
  });
  return { meta, data, covenant: data.some((booking) => booking.asksCovenant) ? covenants.current : null };
}

/** The tabs of each dashboard, in the order a linked booking is looked for (a guide's requests before the rest). */
const tabsOf = (actor: SessionUser): BookingTab[] => (actor.role === "guide" ? ["requests", "upcoming", "past"] : ["upcoming", "past"]);

/**
 * Where booking `bookingId` is listed for `actor` at `now`: its tab, and its page at `limit` rows a page in the tab's
 * default order (soonest first; past ones latest first). Null when it is on no tab of theirs (another person's, a
 * guide's unpaid hold, no such booking).
 */
export async function bookingPlace(actor: SessionUser, bookingId: number, limit: number, now = new Date()): Promise<{ tab: BookingTab; page: number } | null> {
  const base = Prisma.sql`${bookingScope(actor)} AND b."startsAt" IS NOT NULL`;
  for (const tab of tabsOf(actor)) {
    const condition = tabCondition(actor, tab, now);
    const found = await queryRows({ id: column.int }, Prisma.sql`SELECT b.id FROM "Booking" b WHERE b.id = ${bookingId} AND ${base} AND ${condition}`);
    if (!found.length) continue;
    // The rows before it in the list's order (startsAt, then id, both the same way), compared in SQL with its own row.
    const at = Prisma.sql`(SELECT t."startsAt" FROM "Booking" t WHERE t.id = ${bookingId})`;
    const before =
      tab === "past"
        ? Prisma.sql`(b."startsAt" > ${at} OR (b."startsAt" = ${at} AND b.id > ${bookingId}))`
        : Prisma.sql`(b."startsAt" < ${at} OR (b."startsAt" = ${at} AND b.id < ${bookingId}))`;
    const [{ n }] = await queryRows({ n: column.int }, Prisma.sql`SELECT COUNT(*) AS n FROM "Booking" b WHERE ${base} AND ${condition} AND ${before}`);
    return { tab, page: Math.floor(n / limit) + 1 };
  }
  return null;
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
    policy: actor.role === "guide" ? GUIDE_CANCELLATION_POLICY : cancellationPolicy(settings),
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

/**
 * The accept dialog (?booking=<id>&answer=accept, the link in the guide's "A request awaits your answer" e-mail): the
 * request with the mentee's topic and notes, confirmed only by its POST. Another person's booking is a 404; one no
 * longer waiting for an answer, the 409 that says why.
 */
export async function acceptDialog(guide: SessionUser, bookingId: number, now = new Date()) {
  const booking = await bookingFor(guide, bookingId);
  const refusal = refuseChange(guide, booking, "accept", now);
  if (refusal) throw refusal;
  return {
    /** The covenant version the guide still has to accept toward this mentee, with the request. */
    covenant: await covenantToAccept(guide.id, booking.userId),
    booking: {
      id: booking.id,
      topic: booking.topic,
      notes: booking.additionalNotes?.trim() || null,
      menteeName: booking.user.name,
      startsAt: booking.startsAt.toISOString(),
      durationMinutes: booking.durationMinutes,
    },
  };
}

/**
 * The reschedule dialog of a mentee's booking: the booking, whether the window still allows a move, and one week
 * (`week`, YYYY-MM-DD in the mentee's zone; this week by default) of the guide's free times for its length,
 * grouped by day in the mentee's zone. Another person's booking is a 404.
 */
export async function rescheduleChoices(actor: SessionUser, bookingId: number, weekParam: string | null, timeZone: string, now = new Date()) {
  return moveChoices(actor, bookingId, "reschedule", weekParam, timeZone, now);
}

/**
 * The guide's "Propose another time" dialog (?propose=<id>): the session (and a proposal it already has) and one week
 * of the guide's own free times for its length in their zone, its current time left out. Another guide's booking is a
 * 404; one that can no longer move, the 409 that says why.
 */
export async function proposeChoices(guide: SessionUser, bookingId: number, weekParam: string | null, timeZone: string, now = new Date()) {
  return moveChoices(guide, bookingId, "propose", weekParam, timeZone, now);
}

/** The free times a session may move to (the reschedule and propose dialogs), grouped by day in `timeZone`. */
async function moveChoices(actor: SessionUser, bookingId: number, change: "reschedule" | "propose", weekParam: string | null, timeZone: string, now: Date) {
  const booking = await bookingFor(actor, bookingId);
  const refusal = refuseChange(actor, booking, change, now);
  if (refusal) throw refusal;
  const settings = await getPlatformSettings();
  const summary = {
    id: booking.id,
    topic: booking.topic,
    guideName: booking.guide.name,
    menteeName: booking.user.name,
    startsAt: booking.startsAt.toISOString(),
    durationMinutes: booking.durationMinutes,
    proposedStartsAt: booking.proposedStartsAt?.toISOString() ?? null,
  };
  // A mentee moves a session up to the cancellation window before it; a guide may propose a time until it starts.
  if (change === "reschedule" && !canRescheduleAt(booking.startsAt, settings.cancellationWindowHours, now)) {
    return { booking: summary, closed: CHANGE_REFUSALS.rescheduleWindow(settings.cancellationWindowHours), days: [], week: null };
  }
  const { week, days } = await freeWeek(booking.guideId, { minutes: booking.durationMinutes, weekParam, zone: timeZone, now, except: booking.startsAt, ignoreBookingId: booking.id });
  return {
    booking: summary,
    closed: null,
    days: days.map((day) => ({ ...day, times: day.times.map((time) => ({ value: time.toISOString() })) })),
    week,
  };
}
