import { prisma, transaction } from "#app/lib/db.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/format.ts";
import { defineRecurringJob } from "#app/lib/jobs.server.ts";
import { notify } from "#app/modules/notifications/notifications.server.ts";
import { similarMentors } from "#app/modules/mentor-profile/mentor-profile.server.ts";
import { refundBooking } from "#app/modules/payments/refunds.server.ts";
import { returnCover } from "#app/modules/sponsorship/sponsorship.server.ts";
import { settleEndedBooking } from "#app/modules/payments/payouts.server.ts";
import { nextFreeTimes, refreshNextFreeAt } from "#app/modules/schedule/schedule.server.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { countBookingEnd } from "#app/modules/stats/health-totals.server.ts";
import { askForReview, clearLapsedProposals, closeSession, dashboardOf, loadBooking, mailPerson, refundableCents } from "./lifecycle.server.ts";
import { settleUncontestedReports } from "./problems.server.ts";
import { sessionStart } from "./session-time.ts";
import { recordBookingEvent } from "#app/modules/webhooks/webhooks.server.ts";
import { logError } from "#app/lib/logger.server.ts";

/**
 * What happens to a booking when nobody acts: a request the guide leaves unanswered expires (refunded in full, its
 * time freed, the mentee offered other times and mentors), and a confirmed session completes on its own a while after
 * it ended (unless a problem was reported), which asks for the review and starts the payout's dispute window. One
 * sweep every minute, on whichever server claims it.
 */

export const REQUEST_EXPIRED_REASON = "The mentor did not answer the request in time.";
const HOUR = 3_600_000;
const BATCH = 100;

/** Expires one request whose answer is overdue. False when it was answered (or expired) meanwhile. */
export async function expireRequest(bookingId: number, now = new Date()) {
  const loaded = await loadBooking(bookingId);
  if (!loaded?.startsAt || loaded.status !== "requested" || !loaded.answerBy || loaded.answerBy > now) return false;
  const booking = { ...loaded, startsAt: loaded.startsAt };
  const refundCents = refundableCents(booking);
  const expired = await transaction(async (tx) => {
    const changed = await tx.booking.updateMany({
      where: { id: booking.id, status: "requested", answerBy: { lte: now } },
      data: { status: "expired", answerBy: null, cancelledAt: now, cancelReason: REQUEST_EXPIRED_REASON, endedAt: now },
    });
    if (changed.count !== 1) return false;
    await tx.timeClaim.deleteMany({ where: { bookingId: booking.id } });
    await returnCover(tx, booking.id, 100, now);
    await settleEndedBooking(tx, booking.id, refundCents, now);
    await recordBookingEvent(tx, "booking.cancelled", booking.id, now);
    await countBookingEnd(tx, { ...booking, status: "expired", endedAt: now, cancelledById: null });
    return true;
  });
  if (!expired) return false;
  if (refundCents > 0) {
    await refundBooking(booking.id, { amountCents: refundCents, reason: REQUEST_EXPIRED_REASON }).catch((error) =>
      logError(error, {}, `Refund of expired request #${booking.id} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
  await refreshNextFreeAt([booking.guideId], now);

  // The mentee hears what happened and where to go next: this mentor's next free times, and mentors like them.
  const [times, others] = await Promise.all([nextFreeTimes(booking.guideId, { limit: 3, now }), similarMentors(booking.guideId, 3)]);
  const zone = booking.user.timeZone;
  const offers = [
    times.length
      ? `${booking.guide.name}'s next free times:\n${times.map((time) => `- ${sessionStart(time.startsAt, zone)}: ${siteUrl(`/mentor/${booking.guideId}/book?minutes=${time.minutes}&start=${encodeURIComponent(time.startsAt.toISOString())}`)}`).join("\n")}`
      : null,
    others.length ? `Mentors like ${booking.guide.name}:\n${others.map((mentor) => `- ${mentor.name}${mentor.title ? `, ${mentor.title}` : ""}: ${siteUrl(`/mentor/${mentor.id}`)}`).join("\n")}` : null,
  ].filter((text): text is string => text !== null);
  const refundLine = refundCents > 0 ? ` Your payment of ${formatMoney(refundCents)} is being refunded in full; it reaches your card within 5–10 business days.` : "";
  await mailPerson(booking, booking.user, {
    subject: `Your request to ${booking.guide.name} expired`,
    opening: `${booking.guide.name} did not answer your request in time, so it has expired and the time is free again.${refundLine}`,
    closing: offers.length ? offers.join("\n\n") : `Find another mentor: ${siteUrl("/search")}`,
  });
  await notify(booking.userId, { kind: "booking", title: `Your request to ${booking.guide.name} expired`, body: refundLine.trim() || booking.topic, href: dashboardOf(booking, booking.user) });
  await notify(booking.guideId, { kind: "booking", title: `A request from ${booking.user.name} expired`, body: `${booking.topic} · it was not answered in time.`, href: dashboardOf(booking, booking.guide) });
  return true;
}

/** Every request whose answer is overdue. */
export async function expireUnansweredRequests(now = new Date()) {
  const due = await prisma.booking.findMany({ where: { answerBy: { lte: now }, status: "requested" }, orderBy: { answerBy: "asc" }, take: BATCH, select: { id: true } });
  let expired = 0;
  for (const { id } of due) if (await expireRequest(id, now)) expired++;
  return expired;
}

/**
 * Confirmed sessions that ended at least `autoCompleteHours` ago and have no reported problem complete on their own:
 * the mentee is asked for a review, the guide told, and the payout's dispute window starts.
 */
export async function completeEndedSessions(now = new Date()) {
  const { autoCompleteHours } = await getPlatformSettings();
  const candidates = await prisma.booking.findMany({
    where: { status: "confirmed", startsAt: { lte: new Date(now.getTime() - autoCompleteHours * HOUR) }, problem: { is: null } },
    orderBy: { startsAt: "asc" },
    take: BATCH,
    select: { id: true, startsAt: true, durationMinutes: true },
  });
  let completed = 0;
  for (const candidate of candidates) {
    const endsAt = candidate.startsAt!.getTime() + candidate.durationMinutes * 60_000;
    if (endsAt + autoCompleteHours * HOUR > now.getTime()) continue;
    if (!(await closeSession(candidate.id, candidate.startsAt!, "completed", now))) continue;
    completed++;
    const booking = (await loadBooking(candidate.id))!;
    await askForReview({ ...booking, startsAt: candidate.startsAt! }, "auto");
    await notify(booking.guideId, { kind: "booking", title: `Session with ${booking.user.name} completed`, body: `${booking.topic} · completed on its own after it ended.`, href: dashboardOf(booking, booking.guide) });
  }
  return completed;
}

export const BOOKING_DEADLINES_JOB = "bookings.deadlines";

/** One sweep: requests past their deadline, sessions long over, no-show reports nobody contested, proposals that lapsed. */
export async function runBookingDeadlines(now = new Date()) {
  return {
    expired: await expireUnansweredRequests(now),
    completed: await completeEndedSessions(now),
    settled: await settleUncontestedReports(now),
    proposalsLapsed: await clearLapsedProposals(now),
  };
}

defineRecurringJob(BOOKING_DEADLINES_JOB, 60_000, runBookingDeadlines);
