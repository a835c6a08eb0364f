import { isUniqueViolation, prisma, transaction } from "#app/lib/db.server.ts";
import { formatMoney } from "#app/lib/format.ts";
import { fieldError, HttpError } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { notify } from "#app/modules/notifications/notifications.server.ts";
import { refundBooking } from "#app/modules/payments/refunds.server.ts";
import { holdPayout, resumePayout, reverseForRefunds } from "#app/modules/payments/payouts.server.ts";
import { sponsorPartLeft } from "#app/modules/payments/sponsor-payments.server.ts";
import { returnCover } from "#app/modules/sponsorship/sponsorship.server.ts";
import { countBookingEnd } from "#app/modules/stats/health-totals.server.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { bookingAuditLabel, bookingFor, dashboardOf, loadBooking, mailPerson, refundableCents, type LoadedBooking } from "./lifecycle.server.ts";
import { PROBLEM_KIND_LABELS, type ProblemKind, type ProblemOutcome, type ProblemStatus, type ProblemView } from "./problems.ts";
import { sessionStart } from "./session-time.ts";
import { recordBookingEvent } from "#app/modules/webhooks/webhooks.server.ts";
import { logError } from "#app/lib/logger.server.ts";

/**
 * A mentee reports that a session went wrong: "my mentor did not come", or another problem. The report holds the
 * guide's payout at once. A no-show report is refunded in full unless the mentor contests it within the dispute
 * window; a contested report, or any other problem, is decided by an administrator (refund all, part or none). Each
 * step is one conditional transaction with the payout's; refunds, mail and the bell come after the commit.
 */

const HOUR = 3_600_000;

export const PROBLEM_MESSAGES = {
  menteeOnly: "Only the mentee can report a problem with a session.",
  guideOnly: "Only the mentor can answer a report.",
  notStarted: "You can report a problem once the session has started.",
  notReportable: "Only a session that took place, or should have, can be reported.",
  windowClosed: "The time to report a problem with this session has passed.",
  already: "A problem with this session has already been reported.",
  nothingToAnswer: "There is no open report about this session.",
  alreadyAnswered: "You have already answered this report.",
  contestClosed: "The time to contest this report has passed.",
  nothingToDecide: "This report has already been settled.",
  refundAmount: (refundableCents: number) => `Enter an amount between $0.01 and ${formatMoney(refundableCents)}.`,
  noPaymentToRefund: "Nothing was paid for this session: choose No refund.",
} as const;

const MENTOR_ABSENT = "The mentor did not come to the session.";

/** Until when the mentee may report a problem with this booking (null: not a session that took place, or should have). */
export function reportWindowEnd(booking: { status: string; startsAt: Date | null; durationMinutes: number; completedAt: Date | null }, disputeWindowHours: number): Date | null {
  if (!booking.startsAt) return null;
  if (booking.status === "confirmed") return new Date(8.64e15); // open until it completes (then the window runs)
  if (booking.status !== "completed" && booking.status !== "no_show") return null;
  const over = booking.completedAt ?? new Date(booking.startsAt.getTime() + booking.durationMinutes * 60_000);
  return new Date(over.getTime() + disputeWindowHours * HOUR);
}

/** Why the mentee may not report a problem with this booking now, or null. */
export function refuseReport(actor: SessionUser, booking: LoadedBooking & { problemStatus?: string | null }, disputeWindowHours: number, now: Date): string | null {
  if (actor.id !== booking.userId) return PROBLEM_MESSAGES.menteeOnly;
  const until = reportWindowEnd(booking, disputeWindowHours);
  if (!until || !booking.startsAt) return PROBLEM_MESSAGES.notReportable;
  if (booking.startsAt > now) return PROBLEM_MESSAGES.notStarted;
  if (until <= now) return PROBLEM_MESSAGES.windowClosed;
  return null;
}

/** The mentee reports a problem with a session that started (or ended within the dispute window). */
export async function reportProblem(actor: SessionUser, bookingId: number, input: { kind: ProblemKind; details: string }, now = new Date()) {
  const booking = await bookingFor(actor, bookingId);
  const { disputeWindowHours } = await getPlatformSettings();
  const refusal = refuseReport(actor, booking, disputeWindowHours, now);
  if (refusal) throw new HttpError(actor.id === booking.userId ? 409 : 403, refusal);
  const contestBy = new Date(now.getTime() + disputeWindowHours * HOUR);
  try {
    await transaction(async (tx) => {
      await tx.problemReport.create({
        data: { bookingId: booking.id, reporterId: actor.id, guideId: booking.guideId, kind: input.kind, details: input.details, status: input.kind === "guide_absent" ? "open" : "review", contestBy },
      });
      await holdPayout(tx, booking.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, PROBLEM_MESSAGES.already);
    throw error;
  }
  const paid = refundableCents(booking);
  const mentorNote =
    input.kind === "guide_absent"
      ? `${booking.user.name} reported that you did not come to this session. If you were there, contest it from your bookings by ${sessionStart(contestBy, booking.guide.timeZone)}; otherwise ${paid > 0 ? `the ${formatMoney(paid)} paid is refunded to them in full` : "the report stands"}. Your payout for it is on hold meanwhile.`
      : `${booking.user.name} reported a problem with this session: "${input.details}". The Ministry Mentors team will look into it; you can add your side from your bookings. Your payout for it is on hold meanwhile.`;
  await mailPerson(booking, booking.guide, { subject: `${booking.user.name} reported a problem with your session`, opening: mentorNote });
  await notify(booking.guideId, { kind: "booking", title: `${booking.user.name} reported a problem`, body: PROBLEM_KIND_LABELS[input.kind], href: dashboardOf(booking, booking.guide) });
  const menteeNote =
    input.kind === "guide_absent"
      ? `We have your report that ${booking.guide.name} did not come. ${booking.guide.name} can contest it until ${sessionStart(contestBy, booking.user.timeZone)}; if they do not, ${paid > 0 ? `your ${formatMoney(paid)} is refunded in full` : "the report stands"}. If they do, the Ministry Mentors team decides.`
      : `We have your report. The Ministry Mentors team will look into it and let you know what they decide.`;
  await mailPerson(booking, booking.user, { subject: `We received your report on your session with ${booking.guide.name}`, opening: menteeNote });
}

/** The mentor answers a report: contests a no-show (within the window) or adds their side of another problem. */
export async function answerProblem(actor: SessionUser, bookingId: number, reply: string, now = new Date()) {
  const booking = await bookingFor(actor, bookingId);
  if (actor.id !== booking.guideId) throw new HttpError(403, PROBLEM_MESSAGES.guideOnly);
  const report = await prisma.problemReport.findUnique({ where: { bookingId: booking.id }, select: { id: true, kind: true, status: true, contestBy: true, guideReply: true } });
  if (!report || report.status === "resolved") throw new HttpError(409, PROBLEM_MESSAGES.nothingToAnswer);
  if (report.guideReply) throw new HttpError(409, PROBLEM_MESSAGES.alreadyAnswered);
  if (report.status === "open" && report.contestBy <= now) throw new HttpError(409, PROBLEM_MESSAGES.contestClosed);
  const changed = await prisma.problemReport.updateMany({
    where: { id: report.id, status: report.status, guideReply: null },
    data: { status: "review", guideReply: reply, contestedAt: now },
  });
  if (changed.count !== 1) throw new HttpError(409, PROBLEM_MESSAGES.nothingToAnswer);
  const contested = report.kind === "guide_absent";
  await mailPerson(booking, booking.user, {
    subject: `${booking.guide.name} answered your report`,
    opening: `${booking.guide.name} ${contested ? "contested your report that they did not come" : "answered your report"}: "${reply}". The Ministry Mentors team will decide and let you both know.`,
  });
  await notify(booking.userId, { kind: "booking", title: `${booking.guide.name} answered your report`, body: "The Ministry Mentors team will decide.", href: dashboardOf(booking, booking.user) });
}

/**
 * What can still be refunded of a session: the mentee's card payment and, for a sponsored booking, the sponsor's
 * covered part (`sponsorCents`), and how a refund of `refundCents` of it splits between them, in proportion (X % of
 * the session is X % of each).
 */
async function refundableOf(booking: LoadedBooking) {
  const cardCents = refundableCents(booking);
  const sponsorCents = await sponsorPartLeft(booking.id);
  const totalCents = cardCents + sponsorCents;
  const split = (refundCents: number) => {
    const card = totalCents > 0 ? Math.min(cardCents, Math.round((refundCents * cardCents) / totalCents)) : 0;
    return { cardCents: card, sponsorCents: Math.min(sponsorCents, refundCents - card) };
  };
  return { totalCents, split };
}

/**
 * Settles a report: refund all, part or none of the session; the guide's payout releases what is left. A refund is
 * shared between the mentee's card and, for a sponsored booking, the sponsor's covered part (returned to its balance
 * and the pastor's budget, once, in this transaction). A session whose mentor did not come, refunded in full, is
 * cancelled; any other settles as completed. `decidedBy` is the administrator, or null when the rule decides (a
 * no-show nobody contested).
 */
async function settleProblem(bookingId: number, decision: { outcome: ProblemOutcome; refundCents: number; decidedBy: SessionUser | null; note?: string | null }, now: Date) {
  const loaded = await loadBooking(bookingId);
  if (!loaded?.startsAt) return false;
  const booking = { ...loaded, startsAt: loaded.startsAt };
  const { split } = await refundableOf(loaded);
  const refund = split(decision.refundCents);
  let reversePayoutId: number | null = null;
  const report = await prisma.problemReport.findUnique({ where: { bookingId }, select: { id: true, kind: true, status: true } });
  if (!report || report.status === "resolved") return false;
  const mentorAbsent = report.kind === "guide_absent" && decision.outcome === "refund_full";
  const settled = await transaction(async (tx) => {
    const changed = await tx.problemReport.updateMany({
      where: { id: report.id, status: report.status },
      data: { status: "resolved", outcome: decision.outcome, refundCents: decision.refundCents, decidedById: decision.decidedBy?.id ?? null, decidedAt: now },
    });
    if (changed.count !== 1) return false;
    // The session ends now: cancelled by the deciding admin (or by the rule, the system), or completed.
    const ended = booking.status === "confirmed" ? { status: mentorAbsent ? "cancelled" : "completed", endedAt: now, cancelledById: mentorAbsent ? (decision.decidedBy?.id ?? null) : null } : null;
    const moved = ended
      ? await tx.booking.updateMany({
          where: { id: bookingId, status: "confirmed" },
          data: mentorAbsent ? { status: "cancelled", cancelledAt: now, cancelledById: ended.cancelledById, cancelReason: MENTOR_ABSENT, endedAt: now } : { status: "completed", completedAt: now, endedAt: now },
        })
      : null;
    if (moved?.count === 1) await recordBookingEvent(tx, mentorAbsent ? "booking.cancelled" : "booking.completed", bookingId, now);
    // The sponsor's share of the refund goes back first, so that the payout counts it.
    if (refund.sponsorCents > 0) reversePayoutId = (await returnCover(tx, bookingId, { cents: refund.sponsorCents }, now)).reversePayoutId;
    // What is left for the mentor releases the dispute window after the session ended (no second report can come).
    await resumePayout(tx, bookingId, refund.cardCents, booking.completedAt ?? new Date(booking.startsAt.getTime() + booking.durationMinutes * 60_000));
    if (decision.decidedBy) {
      const status = booking.status === "confirmed" ? (mentorAbsent ? "cancelled" : "completed") : booking.status;
      await recordAudit(tx, decision.decidedBy, {
        kind: "booking",
        id: bookingId,
        label: bookingAuditLabel(booking),
        action: "decide-problem",
        before: { status: booking.status, problemStatus: report.status, problemOutcome: null, refundCents: 0 },
        after: { status, problemStatus: "resolved", problemOutcome: decision.outcome, refundCents: decision.refundCents, note: decision.note ?? null },
      });
    }
    // Last, so the hour's row is held only while this commits (stats/health-totals.server.ts).
    if (ended && moved?.count === 1) await countBookingEnd(tx, { ...booking, ...ended });
    return true;
  });
  if (!settled) return false;
  if (reversePayoutId) await reverseForRefunds(reversePayoutId);
  if (refund.cardCents > 0) {
    await refundBooking(bookingId, { amountCents: refund.cardCents, reason: `Reported problem settled: ${decision.outcome.replace("_", " ")}` }).catch((error) =>
      logError(error, {}, `Refund for the report on booking #${bookingId} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
  const sponsorLine = refund.sponsorCents > 0 ? `${formatMoney(refund.sponsorCents)} goes back to the sponsor who covered the session.` : "";
  // Each reads it as their own: the mentee of their card, the guide of their mentee's.
  const resultFor = (person: { id: number }) =>
    [
      refund.cardCents > 0
        ? `${formatMoney(refund.cardCents)} is refunded to ${person.id === booking.userId ? "your" : `${booking.user.name}'s`} card${decision.outcome === "refund_full" ? " in full" : ""}.`
        : "",
      sponsorLine,
    ].filter(Boolean).join(" ") || "No refund is made.";
  const howFor = (person: { id: number }) =>
    decision.decidedBy === null ? `${person.id === booking.guideId ? "You" : booking.guide.name} did not contest the report in time.` : "The Ministry Mentors team has reviewed the report.";
  for (const person of [booking.user, booking.guide]) {
    const [how, result] = [howFor(person), resultFor(person)];
    await mailPerson(booking, person, {
      subject: person.id === booking.userId ? `Your report on your session with ${booking.guide.name} is settled` : `${booking.user.name}'s report on your session is settled`,
      opening: `${how} ${result}${decision.note ? `\n\nNote from the team: ${decision.note}` : ""}`,
    });
    await notify(person.id, { kind: "booking", title: "A reported problem was settled", body: result, href: dashboardOf(booking, person) });
  }
  return true;
}

/** An administrator decides a report (from the booking's page in the console, or the API). */
export async function decideProblem(admin: SessionUser, bookingId: number, input: { outcome: ProblemOutcome; amountCents?: number; note?: string | null }, now = new Date()) {
  requireAdmin(admin);
  const booking = await bookingFor(admin, bookingId);
  const report = await prisma.problemReport.findUnique({ where: { bookingId: booking.id }, select: { status: true } });
  if (!report || report.status === "resolved") throw new HttpError(409, PROBLEM_MESSAGES.nothingToDecide);
  const refundable = (await refundableOf(booking)).totalCents;
  let refundCents = 0;
  if (input.outcome === "refund_full") refundCents = refundable;
  if (input.outcome === "refund_part") {
    if (refundable <= 0) throw fieldError(400, "outcome", PROBLEM_MESSAGES.noPaymentToRefund);
    const amount = input.amountCents ?? 0;
    if (!Number.isInteger(amount) || amount <= 0 || amount > refundable) throw fieldError(400, "amount", PROBLEM_MESSAGES.refundAmount(refundable));
    refundCents = amount;
  }
  if (!(await settleProblem(booking.id, { outcome: input.outcome, refundCents, decidedBy: admin, note: input.note }, now))) throw new HttpError(409, PROBLEM_MESSAGES.nothingToDecide);
  return { bookingId: booking.id, outcome: input.outcome, refundCents };
}

/** No-show reports the mentor did not contest in time are refunded in full. */
export async function settleUncontestedReports(now = new Date()) {
  const due = await prisma.problemReport.findMany({ where: { status: "open", contestBy: { lte: now } }, orderBy: { contestBy: "asc" }, take: 100, select: { bookingId: true } });
  let settled = 0;
  for (const { bookingId } of due) {
    const booking = await loadBooking(bookingId);
    if (booking && (await settleProblem(bookingId, { outcome: "refund_full", refundCents: (await refundableOf(booking)).totalCents, decidedBy: null }, now))) settled++;
  }
  return settled;
}

/** A booking's report as both people and the console see it (null when none was made). */
export async function problemOf(bookingId: number): Promise<ProblemView | null> {
  const report = await prisma.problemReport.findUnique({ where: { bookingId } });
  return report ? toProblemView(report) : null;
}

export function toProblemView(report: {
  kind: string; details: string; status: string; contestBy: Date; guideReply: string | null; outcome: string | null; refundCents: number | null; createdAt: Date; decidedAt: Date | null; decidedById: number | null;
}): ProblemView {
  return {
    kind: report.kind as ProblemKind,
    details: report.details,
    status: report.status as ProblemStatus,
    contestBy: report.contestBy.toISOString(),
    guideReply: report.guideReply,
    outcome: report.outcome as ProblemOutcome | null,
    refundCents: report.refundCents,
    createdAt: report.createdAt.toISOString(),
    decidedAt: report.decidedAt?.toISOString() ?? null,
    decidedByTeam: report.decidedById !== null,
  };
}

/** How many sessions a mentor missed, as upheld no-show reports (the console shows it with each mentor). */
export async function mentorNoShowCount(guideId: number) {
  return prisma.problemReport.count({ where: { guideId, kind: "guide_absent", outcome: { in: ["refund_full", "refund_part"] } } });
}
