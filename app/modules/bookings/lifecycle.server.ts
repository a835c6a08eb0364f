import { isUniqueViolation, prisma, transaction } from "#app/lib/db.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { fieldError, HttpError, notFound } from "#app/lib/http.server.ts";
import { cancelJob, defineJob, enqueue } from "#app/lib/jobs.server.ts";
import { mentorLinks, userLinks } from "#app/lib/links.ts";
import { sendMail, type CalendarInvite } from "#app/lib/mail.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { currentCovenant, requireCovenantWithin } from "#app/modules/covenant/covenant.server.ts";
import { COVENANT_MESSAGES } from "#app/modules/covenant/messages.ts";
import { isPartyOf } from "#app/modules/covenant/policy.ts";
import { notify, wantsEmail } from "#app/modules/notifications/notifications.server.ts";
import { cancelCheckout, refundBooking } from "#app/modules/payments/refunds.server.ts";
import { returnCover } from "#app/modules/sponsorship/sponsorship.server.ts";
import { releaseAfterWindow, settleEndedBooking } from "#app/modules/payments/payouts.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { isFreeTime, refreshNextFreeAt } from "#app/modules/schedule/schedule.server.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { countBookingEnd, countSessionEnd } from "#app/modules/stats/health-totals.server.ts";
import { bookingInvite, NO_MEETING_LINK } from "./calendar.server.ts";
import { bookingLink } from "./dashboard-schema.ts";
import { cancelHoldExpiry, HOLD_EXPIRY_JOB, holdKey } from "./hold-jobs.server.ts";
import { answerDeadline, canSeeBooking, CHANGE_REFUSALS, refuseChange, refundFor, type BookingChange } from "./policy.ts";
import { sessionClock, sessionLength, sessionSpan } from "./session-time.ts";
import { logError } from "#app/lib/logger.server.ts";
import { recordBookingEvent } from "#app/modules/webhooks/webhooks.server.ts";

/**
 * A booking's life after it exists: confirmation (e-mails with a calendar invitation, reminders), the changes
 * its people make (cancel, reschedule, accept, decline, mark completed or no-show) and the expiry of unpaid holds.
 *
 * Every change runs the same way: the policy (policy.ts) says whether this person may make it in this state; one
 * transaction changes the booking only if it is still in the state that was read (so two clicks, or the mentee and
 * the guide at once, cannot both win) and frees or claims its time; after the commit come the refund, the guide's
 * next free time, the jobs, the bell and the e-mails, none of which may run inside a transaction.
 */

export const REMINDER_JOB = "booking.reminder";
/** The kind booking-flow.server.ts enqueues for each hold (keys: hold-jobs.server.ts). */
export { HOLD_EXPIRY_JOB, holdKey } from "./hold-jobs.server.ts";

const HOUR = 3_600_000;
/** Reminders go this long before a session: a day ahead, and an hour ahead. */
export const REMINDERS = [
  { id: "24h", beforeMs: 24 * HOUR, label: "tomorrow" },
  { id: "1h", beforeMs: HOUR, label: "in one hour" },
] as const;
type ReminderId = (typeof REMINDERS)[number]["id"];

/**
 * A reminder's job key. It carries the session's start: a rescheduled session gets reminders of its own, while
 * the old ones (cancelled, and checked again when they run) stay done.
 */
export const reminderKey = (bookingId: number, reminder: ReminderId, startsAt: Date) => `remind-${reminder}:${bookingId}@${startsAt.toISOString()}`;

/** What says whether a person wants booking e-mails (Settings: notifications, and how to reach them). */
const mailChoices = { notifications: true, communication: true, isDeleted: true, status: true } as const;

const bookingSelect = {
  id: true,
  userId: true,
  guideId: true,
  status: true,
  paymentStatus: true,
  topic: true,
  additionalNotes: true,
  rateCents: true,
  startsAt: true,
  durationMinutes: true,
  holdExpiresAt: true,
  answerBy: true,
  completedAt: true,
  proposedStartsAt: true,
  proposalNote: true,
  createdAt: true,
  updatedAt: true,
  user: { select: { id: true, name: true, email: true, timeZone: true, ...mailChoices } },
  guide: { select: { id: true, name: true, email: true, timeZone: true, ...mailChoices, guideProfile: { select: { meetingUrl: true, bufferMinutes: true, noticeHours: true } } } },
  // What the mentee paid by card (a sponsor's covered part is returned to the sponsor, never refunded to them).
  payments: { where: { status: "succeeded", source: "card" }, select: { id: true, amountCents: true, refundedCents: true, paidAt: true } },
} as const;

/** How the audit log names a booking: "#12: Ana Lee with Ben Cho". */
export const bookingAuditLabel = (booking: { id: number; user: { name: string }; guide: { name: string } }) => `#${booking.id}: ${booking.user.name} with ${booking.guide.name}`;

export async function loadBooking(bookingId: number) {
  return prisma.booking.findUnique({ where: { id: bookingId }, select: bookingSelect });
}
export type LoadedBooking = NonNullable<Awaited<ReturnType<typeof loadBooking>>>;
type Person = LoadedBooking["user"];

/** A booking the actor may see (with its people and payments), or the same 404 as a missing one. */
export async function bookingFor(actor: SessionUser, bookingId: number) {
  const booking = await loadBooking(bookingId);
  if (!booking?.startsAt || !canSeeBooking(actor, booking)) throw notFound("Booking not found");
  return booking as LoadedBooking & { startsAt: Date };
}

function check(actor: SessionUser, booking: LoadedBooking, change: BookingChange, now: Date) {
  const refusal = refuseChange(actor, booking, change, now);
  if (refusal) throw refusal;
}

const meetingUrlOf = (booking: LoadedBooking) => booking.guide.guideProfile?.meetingUrl?.trim() || null;

/** What clears a guide's proposal of another time: it is answered, or the booking is cancelled, moved or over. */
const NO_PROPOSAL = { proposedStartsAt: null, proposalNote: null, proposedAt: null } as const;

/** The booking's calendar invitation for one of its people (addressed to them alone: calendar.server.ts). */
function invite(booking: LoadedBooking & { startsAt: Date }, reader: Person, options: { cancelled?: boolean; now?: Date } = {}): CalendarInvite {
  return bookingInvite(
    {
      id: booking.id,
      topic: booking.topic,
      additionalNotes: booking.additionalNotes,
      startsAt: booking.startsAt,
      durationMinutes: booking.durationMinutes,
      user: booking.user,
      guide: booking.guide,
      meetingUrl: meetingUrlOf(booking),
    },
    reader,
    options,
  );
}

/** Where each person manages the booking: their bookings screen, opened at this booking (`?booking=<id>`). */
export const dashboardOf = (booking: { id: number; guideId: number }, person: { id: number }) => bookingLink(person.id === booking.guideId ? "guide" : "user", booking.id);
const otherOf = (booking: LoadedBooking, person: Person) => (person.id === booking.guideId ? booking.user : booking.guide);

/**
 * The session's facts as an e-mail lists them, in the reader's own time zone (named). The mentee also reads the
 * guide's clock when it shows another time.
 */
function sessionFacts(booking: LoadedBooking & { startsAt: Date }, person: Person) {
  const guideClock = sessionClock(booking.startsAt, booking.durationMinutes, booking.guide.timeZone);
  const showGuideClock = person.id === booking.userId && guideClock !== sessionClock(booking.startsAt, booking.durationMinutes, person.timeZone);
  return [
    `When: ${sessionSpan(booking.startsAt, booking.durationMinutes, person.timeZone)}`,
    ...(showGuideClock ? [`Your mentor's time: ${sessionSpan(booking.startsAt, booking.durationMinutes, booking.guide.timeZone)}`] : []),
    `Length: ${sessionLength(booking.durationMinutes)}`,
    `Topic: ${booking.topic}`,
    `Meeting link: ${meetingUrlOf(booking) ?? (person.id === booking.guideId ? `none yet. Add yours under Availability, or send ${booking.user.name} one in a message: ${siteUrl(mentorLinks.availability)}` : NO_MEETING_LINK)}`,
  ].join("\n");
}

/**
 * A booking e-mail to one of its people: the session's facts in their zone and the link to it in their bookings. Sent
 * only when they want booking e-mails (Settings: "Send me notifications" and "E-mail"); their bell rings either way,
 * and money has its own receipts (receipts.server.ts), which always go.
 */
export async function mailPerson(
  booking: LoadedBooking & { startsAt: Date },
  person: Person,
  { subject, opening, closing, icalEvent }: { subject: string; opening: string; closing?: string; icalEvent?: CalendarInvite },
) {
  if (!wantsEmail(person)) return;
  const paragraphs = [
    `Hello ${person.name},`,
    opening,
    sessionFacts(booking, person),
    ...(closing ? [closing] : []),
    ...(icalEvent ? [icalEvent.method === "CANCEL" ? "The attached calendar update removes the session from your calendar." : "The attached invitation adds the session to your calendar."] : []),
    "See your bookings:",
    siteUrl(dashboardOf(booking, person)),
  ];
  await sendMail({ to: person.email, subject, text: paragraphs.join("\n\n"), icalEvent });
}

/** Schedules the booking's reminders (a day and an hour ahead), skipping any whose moment has passed. */
async function scheduleReminders(booking: { id: number; startsAt: Date }, now: Date) {
  for (const reminder of REMINDERS) {
    const runAt = new Date(booking.startsAt.getTime() - reminder.beforeMs);
    if (runAt <= now) continue;
    await enqueue(REMINDER_JOB, { bookingId: booking.id, reminder: reminder.id, startsAt: booking.startsAt.toISOString() }, { runAt, key: reminderKey(booking.id, reminder.id, booking.startsAt) });
  }
}

async function cancelReminders(booking: { id: number; startsAt: Date }) {
  for (const reminder of REMINDERS) await cancelJob(reminderKey(booking.id, reminder.id, booking.startsAt));
}

/**
 * A booking became confirmed (a free booking at once, a paid one when its payment succeeded, a request when the
 * guide accepted it): e-mails both people with the calendar invitation, puts it in both bells and schedules the
 * reminders. Called after the commit that confirmed it; does nothing for a booking that is not confirmed.
 */
export async function bookingConfirmed(bookingId: number, now = new Date()) {
  const booking = await loadBooking(bookingId);
  if (!booking?.startsAt || booking.status !== "confirmed") return;
  const confirmed = booking as LoadedBooking & { startsAt: Date };
  for (const person of [booking.user, booking.guide]) {
    const other = otherOf(booking, person);
    await mailPerson(confirmed, person, {
      subject: `Your session with ${other.name} is confirmed`,
      opening: `Your mentoring session with ${other.name} is confirmed.`,
      icalEvent: invite(confirmed, person, { now }),
    });
    await notify(person.id, {
      kind: "booking",
      title: `Session with ${other.name} confirmed`,
      body: `${booking.topic} · ${sessionSpan(confirmed.startsAt, booking.durationMinutes, person.timeZone)}`,
      href: dashboardOf(booking, person),
    });
  }
  await scheduleReminders(confirmed, now);
}

defineJob(REMINDER_JOB, async (payload) => {
  const bookingId = Number(payload.bookingId);
  const reminder = REMINDERS.find((each) => each.id === payload.reminder);
  const booking = await loadBooking(bookingId);
  // Checked again when it runs: a cancelled or moved session gets no reminder for the time it no longer has.
  if (!reminder || !booking?.startsAt || booking.status !== "confirmed" || booking.startsAt.toISOString() !== payload.startsAt) return;
  const confirmed = booking as LoadedBooking & { startsAt: Date };
  for (const person of [booking.user, booking.guide]) {
    const other = otherOf(booking, person);
    await mailPerson(confirmed, person, {
      subject: `Reminder: your session with ${other.name} is ${reminder.label}`,
      opening: `This is a reminder of your mentoring session with ${other.name}, ${reminder.label}.`,
    });
    await notify(person.id, { kind: "booking", title: `Your session with ${other.name} is ${reminder.label}`, body: booking.topic, href: dashboardOf(booking, person) });
  }
});

/**
 * An unpaid hold ran out: the booking expires and its time is free again. Idempotent (only a booking still held
 * past its expiry changes); a pending Payment is left to Stripe's webhook (an expired Checkout Session fails it).
 */
export async function expireHold(bookingId: number, now = new Date()) {
  const booking = await prisma.booking.findUnique({ where: { id: bookingId }, select: { id: true, status: true, holdExpiresAt: true, guideId: true, userId: true } });
  if (!booking || booking.status !== "held" || !booking.holdExpiresAt) return false;
  if (booking.holdExpiresAt > now) {
    // The hold was extended (a new Checkout): look again when it runs out.
    await enqueue(HOLD_EXPIRY_JOB, { bookingId }, { runAt: booking.holdExpiresAt, key: holdKey(bookingId, booking.holdExpiresAt) });
    return false;
  }
  const expired = await transaction(async (tx) => {
    const changed = await tx.booking.updateMany({ where: { id: bookingId, status: "held", holdExpiresAt: { lte: now } }, data: { status: "expired", endedAt: now } });
    if (changed.count !== 1) return false;
    await tx.timeClaim.deleteMany({ where: { bookingId } });
    // Never paid: the sponsor's covered part goes back.
    await returnCover(tx, bookingId, 100, now);
    await recordBookingEvent(tx, "booking.cancelled", bookingId, now);
    await countBookingEnd(tx, { ...booking, status: "expired", endedAt: now, cancelledById: null });
    return true;
  });
  if (!expired) return false;
  await refreshNextFreeAt([booking.guideId], now);
  await notify(booking.userId, {
    kind: "booking",
    title: "Your held time was released",
    body: "The payment was not completed in time, so the session was not booked. You can book again.",
    href: bookingLink("user", bookingId),
  });
  return true;
}

defineJob(HOLD_EXPIRY_JOB, async (payload, job) => {
  await expireHold(Number(payload.bookingId), job.runAt > new Date() ? job.runAt : new Date());
});

/**
 * A request's answer: when, and how long the guide took from the moment it was made, or paid for when it was paid (a
 * paid booking becomes a request when its payment succeeds).
 */
function answered(booking: LoadedBooking, now: Date) {
  const paidAt = booking.payments.map((payment) => payment.paidAt?.getTime() ?? Infinity).reduce((first, each) => Math.min(first, each), Infinity);
  const since = Number.isFinite(paidAt) ? paidAt : booking.createdAt.getTime();
  return { answeredAt: now, answerSeconds: Math.max(0, Math.round((now.getTime() - since) / 1000)) };
}

/** What a cancellation of this booking by `actor` would refund now, and whether it is late (the cancel dialog). */
export async function cancellationTerms(actor: SessionUser, bookingId: number, now = new Date()) {
  const booking = await bookingFor(actor, bookingId);
  check(actor, booking, "cancel", now);
  const settings = await getPlatformSettings();
  const paidCents = refundableCents(booking);
  return { booking, settings, paidCents, refund: refundFor(actor.role, booking, paidCents, settings, now) };
}

export const refundableCents = (booking: LoadedBooking) =>
  booking.paymentStatus === "paid" || booking.paymentStatus === "refunded"
    ? booking.payments.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0)
    : 0;

export type ChangeOutcome = { bookingId: number; status: string; refundedCents: number; refundFailed: boolean };

/**
 * Ends a booking: `cancelled` (by its mentee, its guide or an admin) or `declined` (a guide's answer to a
 * request). Frees its time, refunds per the policy after the commit, cancels its reminders and tells the others.
 */
async function endBooking(actor: SessionUser, bookingId: number, change: "cancel" | "decline", reason: string | null, now: Date): Promise<ChangeOutcome> {
  const booking = await bookingFor(actor, bookingId);
  check(actor, booking, change, now);
  const status = change === "cancel" ? "cancelled" : "declined";
  const settings = await getPlatformSettings();
  // A decline, a guide's or an admin's cancellation refunds in full; the mentee's per the window.
  const refund = refundFor(change === "decline" ? "guide" : actor.role, booking, refundableCents(booking), settings, now);
  await transaction(async (tx) => {
    const changed = await tx.booking.updateMany({
      where: { id: booking.id, status: booking.status, startsAt: booking.startsAt },
      data: { status, cancelledAt: now, cancelledById: actor.id, cancelReason: reason, answerBy: null, endedAt: now, ...(change === "decline" ? answered(booking, now) : {}), ...NO_PROPOSAL },
    });
    if (changed.count !== 1) throw new HttpError(409, CHANGE_REFUSALS.changed);
    await tx.timeClaim.deleteMany({ where: { bookingId: booking.id } });
    // The sponsor's covered part comes back as the pastor's own money would: all of it for a hold never paid, a
    // decline or a guide's or admin's cancellation; the policy's share of a late cancellation by the pastor.
    await returnCover(tx, booking.id, booking.status === "held" ? 100 : refundFor(change === "decline" ? "guide" : actor.role, booking, 1, settings, now).percent, now);
    // What the guide keeps of a late cancellation (the pastor's and the sponsor's parts) is paid after the dispute
    // window; otherwise nothing is.
    await settleEndedBooking(tx, booking.id, refund.amountCents, now);
    // The mentee's own cancellation is theirs; a guide's or an admin's changes another person's booking.
    if (actor.id !== booking.userId) {
      await recordAudit(tx, actor, {
        kind: "booking",
        id: booking.id,
        label: bookingAuditLabel(booking),
        action: change,
        before: { status: booking.status, cancelReason: null },
        after: { status, cancelReason: reason, refundCents: refund.amountCents },
      });
    }
    await recordBookingEvent(tx, "booking.cancelled", booking.id, now);
    // Last, so the hour's row is held only while this commits (stats/health-totals.server.ts).
    await countBookingEnd(tx, { ...booking, status, endedAt: now, cancelledById: actor.id });
  });
  let refundFailed = false;
  if (refund.amountCents > 0) {
    try {
      await refundBooking(booking.id, {
        amountCents: refund.amountCents,
        reason: `${status === "declined" ? "Declined by the guide" : `Cancelled by the ${actor.role === "user" ? "mentee" : actor.role}`}${refund.late ? ` (late: ${refund.percent}% refund)` : ""}`,
      });
    } catch (error) {
      // The booking stays cancelled; the refund is for an admin to retry from the booking's page.
      refundFailed = true;
      logError(error, {}, `Refund of booking #${booking.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // A hold given up before paying: its open Checkout Session ends too (Stripe then fails the pending payment).
  if (booking.status === "held") await cancelCheckout(booking.id);
  await refreshNextFreeAt([booking.guideId], now);
  await cancelReminders(booking);
  await cancelHoldExpiry(booking.id);

  const by = actor.id === booking.userId ? booking.user.name : actor.id === booking.guideId ? booking.guide.name : "The Ministry Mentors team";
  const verb = status === "declined" ? "declined" : "cancelled";
  const icalEvent = (person: Person) => (booking.status === "confirmed" ? invite(booking, person, { cancelled: true, now }) : undefined);
  // The other person (both, when an admin cancels) hears of it in the bell and by e-mail.
  const told = [booking.user, booking.guide].filter((person) => person.id !== actor.id);
  for (const person of told) {
    const refundLine =
      person.id === booking.userId && refund.amountCents > 0
        ? `You will be refunded ${formatCents(refund.amountCents)}${refund.percent < 100 ? ` (${refund.percent}% under the cancellation policy)` : ""} to your card within a few days.`
        : undefined;
    // The reader's own session: "with <the other person>" unless that person is the one who ended it.
    const other = otherOf(booking, person);
    await mailPerson(booking, person, {
      subject: `${by} ${verb} your session${other.id === actor.id ? "" : ` with ${other.name}`}`,
      opening: `${by} ${verb} your mentoring session${other.id === actor.id ? "" : ` with ${other.name}`}.${reason ? `\n\nReason given: ${reason}` : ""}`,
      closing: refundLine,
      icalEvent: icalEvent(person),
    });
    await notify(person.id, { kind: "booking", title: `${by} ${verb} your session`, body: booking.topic, href: dashboardOf(booking, person) });
  }
  if (actor.id === booking.userId) await confirmOwnCancellation(booking, { refund, paidCents: refundableCents(booking), refundFailed, icalEvent: icalEvent(booking.user) });
  return { bookingId: booking.id, status, refundedCents: refundFailed ? 0 : refund.amountCents, refundFailed };
}

/** The mentee who cancelled hears it back: the refund they will get (or why none) and the update that removes the event. */
async function confirmOwnCancellation(
  booking: LoadedBooking & { startsAt: Date },
  { refund, paidCents, refundFailed, icalEvent }: { refund: ReturnType<typeof refundFor>; paidCents: number; refundFailed: boolean; icalEvent?: CalendarInvite },
) {
  const refundLine =
    paidCents <= 0
      ? "Nothing was paid for this session, so there is nothing to refund."
      : refundFailed
        ? `Your refund of ${formatCents(refund.amountCents)} could not be sent yet; our team will complete it and let you know.`
        : refund.amountCents > 0
          ? `You will be refunded ${formatCents(refund.amountCents)}${refund.percent < 100 ? ` (${refund.percent}% of the ${formatCents(paidCents)} you paid, under the cancellation policy)` : ""} to your card within a few days.`
          : `It was less than the cancellation window before the session, so under the cancellation policy the ${formatCents(paidCents)} you paid is not refunded.`;
  await mailPerson(booking, booking.user, {
    subject: `You cancelled your session with ${booking.guide.name}`,
    opening: `You cancelled your mentoring session with ${booking.guide.name}. ${booking.guide.name} has been told.`,
    closing: refundLine,
    icalEvent,
  });
}

const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A mentee (in full inside the window, later per the policy), the guide (in full) or an admin (in full) cancels. */
export function cancelBooking(actor: SessionUser, bookingId: number, reason: string | null, now = new Date()) {
  return endBooking(actor, bookingId, "cancel", reason, now);
}

/** The guide declines a request; a paid one is refunded in full. */
export function declineBooking(actor: SessionUser, bookingId: number, reason: string | null, now = new Date()) {
  return endBooking(actor, bookingId, "decline", reason, now);
}

/**
 * The guide accepts a request: it is confirmed, and both people get the confirmation with the invitation. A guide who
 * has not accepted the current confidentiality covenant toward this mentee accepts it with the request
 * (`covenantVersion`, the version they ticked), in the same transaction.
 */
export async function acceptBooking(actor: SessionUser, bookingId: number, covenantVersion?: number, now = new Date()): Promise<ChangeOutcome> {
  const booking = await bookingFor(actor, bookingId);
  check(actor, booking, "accept", now);
  await transaction(async (tx) => {
    await requireCovenantWithin(tx, booking.guideId, booking.userId, covenantVersion, now);
    const changed = await tx.booking.updateMany({ where: { id: booking.id, status: "requested", startsAt: booking.startsAt }, data: { status: "confirmed", answerBy: null, ...answered(booking, now) } });
    if (changed.count !== 1) throw new HttpError(409, CHANGE_REFUSALS.changed);
    await recordAudit(tx, actor, { kind: "booking", id: booking.id, label: bookingAuditLabel(booking), action: "accept", before: { status: "requested" }, after: { status: "confirmed" } });
    await recordBookingEvent(tx, "booking.confirmed", booking.id, now);
  });
  await bookingConfirmed(booking.id, now);
  return { bookingId: booking.id, status: "confirmed", refundedCents: 0, refundFailed: false };
}

/**
 * A person accepts the current confidentiality covenant toward the other person of one of their bookings (the guide
 * of a session confirmed without their answer; either of them after a new version): always for themself, never for
 * someone else. Another person's booking is a 404. Returns the other person's name.
 */
export async function acceptBookingCovenant(actor: SessionUser, bookingId: number, covenantVersion: number | undefined, now = new Date()) {
  const booking = await bookingFor(actor, bookingId);
  // An admin sees every booking but is party to none.
  if (!isPartyOf(actor, booking)) throw notFound("Booking not found");
  const other = actor.id === booking.guideId ? booking.user : booking.guide;
  if (!(await currentCovenant())) throw new HttpError(409, COVENANT_MESSAGES.nothingToAccept);
  await transaction((tx) => requireCovenantWithin(tx, actor.id, other.id, covenantVersion, now));
  return { otherName: other.name };
}

/**
 * The session is over: `completed` (by its guide, or on its own a while after it ended) or `no_show` (the guide says
 * the mentee did not come). One conditional transaction moves the booking and starts its payout's dispute window.
 * False when the booking was no longer confirmed at that time.
 */
export async function closeSession(bookingId: number, startsAt: Date, status: "completed" | "no_show", now: Date) {
  return transaction(async (tx) => {
    const changed = await tx.booking.updateMany({ where: { id: bookingId, status: "confirmed", startsAt }, data: { status, completedAt: now, endedAt: now, ...NO_PROPOSAL } });
    if (changed.count !== 1) return false;
    await releaseAfterWindow(tx, bookingId, now);
    await countSessionEnd(tx, status, now);
    if (status === "completed") await recordBookingEvent(tx, "booking.completed", bookingId, now);
    return true;
  });
}

/**
 * After a session completed: the mentee is asked for a review (by e-mail and in the bell), as the guide's marking does.
 * `by`: who completed it (the guide, or the product once the session had ended a while ago).
 */
export async function askForReview(booking: LoadedBooking & { startsAt: Date }, by: "guide" | "auto") {
  await cancelReminders(booking);
  const mentee = booking.user;
  await mailPerson(booking, mentee, {
    subject: `How was your session with ${booking.guide.name}?`,
    opening:
      by === "guide"
        ? `${booking.guide.name} marked your session as completed. A short review helps other ministry leaders find the right mentor.`
        : `Your session with ${booking.guide.name} is complete. A short review helps other ministry leaders find the right mentor.`,
    closing: `Leave a review: ${siteUrl(userLinks.bookingReview(booking.id))}\n\nIf something went wrong, report a problem from your bookings: ${siteUrl(dashboardOf(booking, mentee))}`,
  });
  await notify(mentee.id, { kind: "booking", title: `Session with ${booking.guide.name} completed`, body: "Leave a review of your session.", href: userLinks.bookingReview(booking.id) });
}

/** The guide marks a session that has started as completed or as a no-show (the mentee did not come). */
async function markSession(actor: SessionUser, bookingId: number, change: "complete" | "noShow", now: Date): Promise<ChangeOutcome> {
  const booking = await bookingFor(actor, bookingId);
  check(actor, booking, change, now);
  const status = change === "complete" ? "completed" : "no_show";
  if (!(await closeSession(booking.id, booking.startsAt, status, now))) throw new HttpError(409, CHANGE_REFUSALS.changed);
  if (status === "completed") {
    await askForReview(booking, "guide");
  } else {
    await cancelReminders(booking);
    const mentee = booking.user;
    await mailPerson(booking, mentee, {
      subject: `Your session with ${booking.guide.name} was marked as missed`,
      opening: `${booking.guide.name} marked your session as missed (no-show). If you think this is a mistake, report a problem from your bookings.`,
    });
    await notify(mentee.id, { kind: "booking", title: `Session with ${booking.guide.name} marked as missed`, body: booking.topic, href: dashboardOf(booking, mentee) });
  }
  return { bookingId: booking.id, status, refundedCents: 0, refundFailed: false };
}

export const markCompleted = (actor: SessionUser, bookingId: number, now = new Date()) => markSession(actor, bookingId, "complete", now);
export const markNoShow = (actor: SessionUser, bookingId: number, now = new Date()) => markSession(actor, bookingId, "noShow", now);

/** Whether the mentee may still reschedule: up to the cancellation window before the start. */
export function canRescheduleAt(startsAt: Date, cancellationWindowHours: number, now: Date) {
  return startsAt.getTime() - now.getTime() >= cancellationWindowHours * HOUR;
}

/**
 * The mentee moves a confirmed (or requested) session to another free time of the guide, up to the cancellation
 * window before it starts (moveBooking does the move).
 */
export async function rescheduleBooking(actor: SessionUser, bookingId: number, newStartsAt: Date, now = new Date()): Promise<ChangeOutcome> {
  const booking = await bookingFor(actor, bookingId);
  check(actor, booking, "reschedule", now);
  const settings = await getPlatformSettings();
  if (!canRescheduleAt(booking.startsAt, settings.cancellationWindowHours, now)) throw new HttpError(409, CHANGE_REFUSALS.rescheduleWindow(settings.cancellationWindowHours));
  if (newStartsAt.getTime() === booking.startsAt.getTime()) throw fieldError(409, "startsAt", CHANGE_REFUSALS.sameTime);
  await moveBooking(booking, newStartsAt, now, "mentee");
  return { bookingId: booking.id, status: booking.status, refundedCents: 0, refundFailed: false };
}

/**
 * Moves a session to `newStartsAt`, a free time of its guide: the mentee's reschedule, or the mentee accepting the time
 * the guide proposed (`by: "proposal"`, only while that proposal still stands). One transaction moves the session,
 * clears any proposal and replaces its claimed blocks; the claims' primary key refuses a time someone took meanwhile
 * (409 'That time was just taken'). After the commit: the guide's next free time, the reminders, the updated calendar
 * invitation to both, and the guide's bell.
 */
async function moveBooking(booking: LoadedBooking & { startsAt: Date }, newStartsAt: Date, now: Date, by: "mentee" | "proposal") {
  const settings = await getPlatformSettings();
  // The session's own claims do not count: it may move to a time overlapping its current one.
  if (!(await isFreeTime(booking.guideId, newStartsAt, booking.durationMinutes, now, { ignoreBookingId: booking.id }))) throw fieldError(409, "startsAt", CHANGE_REFUSALS.timeNotFree);
  const blocks = blocksFor(newStartsAt, booking.durationMinutes, booking.guide.guideProfile?.bufferMinutes ?? 0);
  try {
    await transaction(async (tx) => {
      // A request moved nearer keeps no deadline past the guide's notice before its new time.
      const answerBy =
        booking.status === "requested"
          ? new Date(Math.min(booking.answerBy?.getTime() ?? Infinity, answerDeadline(newStartsAt, booking.guide.guideProfile?.noticeHours ?? 0, settings.requestExpiryHours, now).getTime()))
          : undefined;
      const stillProposed = by === "proposal" ? { proposedStartsAt: newStartsAt } : {};
      const changed = await tx.booking.updateMany({
        where: { id: booking.id, status: booking.status, startsAt: booking.startsAt, ...stillProposed },
        data: { startsAt: newStartsAt, answerBy, ...NO_PROPOSAL },
      });
      if (changed.count !== 1) throw new HttpError(409, CHANGE_REFUSALS.changed);
      await tx.timeClaim.deleteMany({ where: { bookingId: booking.id } });
      // Claims left by holds that ran out no longer count: clear those in the new time before claiming it.
      await tx.timeClaim.deleteMany({ where: { guideId: booking.guideId, blockStart: { in: blocks }, expiresAt: { lte: now } } });
      await tx.timeClaim.createMany({ data: blocks.map((blockStart) => ({ guideId: booking.guideId, blockStart, bookingId: booking.id, expiresAt: null })) });
      await recordBookingEvent(tx, "booking.rescheduled", booking.id, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(409, "startsAt", CHANGE_REFUSALS.timeTaken);
    throw error;
  }
  await refreshNextFreeAt([booking.guideId], now);
  await cancelReminders(booking);
  const moved = { ...booking, startsAt: newStartsAt };
  if (booking.status === "confirmed") await scheduleReminders(moved, now);

  const { user: mentee, guide } = booking;
  // Each reads it as their own: the mentee what they did, the guide what their mentee did.
  const subjects =
    by === "mentee"
      ? { mentee: `You moved your session with ${guide.name}`, guide: `${mentee.name} moved your session` }
      : { mentee: `Your session with ${guide.name} has moved`, guide: `${mentee.name} accepted your new time` };
  const openings =
    by === "mentee"
      ? { mentee: `You moved your mentoring session with ${guide.name} to a new time.`, guide: `${mentee.name} moved your mentoring session to a new time.` }
      : {
          mentee: `You accepted the new time ${guide.name} proposed, so your mentoring session has moved.`,
          guide: `${mentee.name} accepted the new time you proposed, so your mentoring session has moved.`,
        };
  for (const person of [mentee, guide]) {
    await mailPerson(moved, person, {
      subject: person.id === mentee.id ? subjects.mentee : subjects.guide,
      opening: `${person.id === mentee.id ? openings.mentee : openings.guide} It was ${sessionSpan(booking.startsAt, booking.durationMinutes, person.timeZone)}.`,
      icalEvent: booking.status === "confirmed" ? invite(moved, person, { now }) : undefined,
    });
  }
  await notify(guide.id, {
    kind: "booking",
    title: by === "mentee" ? `${mentee.name} moved a session` : `${mentee.name} accepted your new time`,
    body: `${booking.topic} · ${sessionSpan(newStartsAt, booking.durationMinutes, guide.timeZone)}`,
    href: dashboardOf(booking, guide),
  });
}

// ─── Another time, proposed by the guide ─────────────────────────────────────────────────────

/**
 * The guide proposes another of their free times for a confirmed session that has not started, with an optional note
 * (a new proposal replaces the last). Nothing moves yet and no time is claimed: the mentee is told (e-mail and bell)
 * and accepts it (answerProposal), which moves the session if the time is still free, or keeps the current time.
 */
export async function proposeTime(actor: SessionUser, bookingId: number, proposedStartsAt: Date, note: string | null, now = new Date()): Promise<ChangeOutcome> {
  const booking = await bookingFor(actor, bookingId);
  check(actor, booking, "propose", now);
  if (proposedStartsAt.getTime() === booking.startsAt.getTime()) throw fieldError(409, "startsAt", CHANGE_REFUSALS.sameTime);
  if (!(await isFreeTime(booking.guideId, proposedStartsAt, booking.durationMinutes, now, { ignoreBookingId: booking.id }))) {
    throw fieldError(409, "startsAt", CHANGE_REFUSALS.timeNotFree);
  }
  await transaction(async (tx) => {
    const changed = await tx.booking.updateMany({
      where: { id: booking.id, status: "confirmed", startsAt: booking.startsAt },
      data: { proposedStartsAt, proposalNote: note, proposedAt: now },
    });
    if (changed.count !== 1) throw new HttpError(409, CHANGE_REFUSALS.changed);
    await recordAudit(tx, actor, {
      kind: "booking",
      id: booking.id,
      label: bookingAuditLabel(booking),
      action: "propose-time",
      before: { proposedStartsAt: booking.proposedStartsAt, proposalNote: booking.proposalNote },
      after: { proposedStartsAt, proposalNote: note },
    });
  });
  const { user: mentee, guide } = booking;
  await mailPerson(booking, mentee, {
    subject: `${guide.name} proposes another time for your session`,
    opening: [
      `${guide.name} proposes to move your mentoring session to ${sessionSpan(proposedStartsAt, booking.durationMinutes, mentee.timeZone)}.`,
      ...(note ? [`Note from ${guide.name}: ${note}`] : []),
      "Accept the new time, or keep the current one, from your bookings. Until you answer, your session stays as it is:",
    ].join("\n\n"),
  });
  await notify(mentee.id, {
    kind: "booking",
    title: `${guide.name} proposes another time`,
    body: `${booking.topic} · ${sessionSpan(proposedStartsAt, booking.durationMinutes, mentee.timeZone)}`,
    href: dashboardOf(booking, mentee),
  });
  return { bookingId: booking.id, status: booking.status, refundedCents: 0, refundFailed: false };
}

/**
 * The mentee answers the guide's proposal. Accepting moves the session exactly as a reschedule does (moveBooking), if
 * the time is still free: when someone took it meanwhile, the proposal is cleared, the guide told, and the refusal
 * says the session stays at its current time. Keeping the current time clears the proposal and tells the guide.
 */
export async function answerProposal(actor: SessionUser, bookingId: number, accept: boolean, now = new Date()): Promise<ChangeOutcome> {
  const booking = await bookingFor(actor, bookingId);
  check(actor, booking, "answerProposal", now);
  const proposed = booking.proposedStartsAt!;
  const { user: mentee, guide } = booking;
  const outcome = { bookingId: booking.id, status: booking.status, refundedCents: 0, refundFailed: false };
  if (accept) {
    try {
      await moveBooking(booking, proposed, now, "proposal");
      return outcome;
    } catch (error) {
      const taken = error instanceof HttpError && (error.message === CHANGE_REFUSALS.timeNotFree || error.message === CHANGE_REFUSALS.timeTaken);
      if (!taken) throw error;
    }
    await prisma.booking.updateMany({ where: { id: booking.id, proposedStartsAt: proposed }, data: NO_PROPOSAL });
    await notify(guide.id, {
      kind: "booking",
      title: `${mentee.name} could not take your new time`,
      body: `${booking.topic} · the time was taken meanwhile, so the session stays at ${sessionSpan(booking.startsAt, booking.durationMinutes, guide.timeZone)}.`,
      href: dashboardOf(booking, guide),
    });
    throw new HttpError(409, CHANGE_REFUSALS.proposalTaken);
  }
  const cleared = await prisma.booking.updateMany({ where: { id: booking.id, status: "confirmed", proposedStartsAt: proposed }, data: NO_PROPOSAL });
  if (cleared.count !== 1) throw new HttpError(409, CHANGE_REFUSALS.changed);
  await mailPerson(booking, guide, {
    subject: `${mentee.name} kept the current time of your session`,
    opening: `${mentee.name} would rather keep the current time of your mentoring session, so it stays as it is. The time you proposed was ${sessionSpan(proposed, booking.durationMinutes, guide.timeZone)}.`,
  });
  await notify(guide.id, {
    kind: "booking",
    title: `${mentee.name} kept the current time`,
    body: `${booking.topic} · ${sessionSpan(booking.startsAt, booking.durationMinutes, guide.timeZone)}`,
    href: dashboardOf(booking, guide),
  });
  return outcome;
}

/** Proposals of sessions that have started, or of times that have passed, lapse (the bookings sweep, every minute). */
export async function clearLapsedProposals(now = new Date()) {
  const { count } = await prisma.booking.updateMany({
    where: { proposedStartsAt: { not: null }, OR: [{ startsAt: { lte: now } }, { proposedStartsAt: { lte: now } }] },
    data: NO_PROPOSAL,
  });
  return count;
}

// ─── The calendar file ───────────────────────────────────────────────────────────────────────

/**
 * A booking's calendar file (.ics) for one of its people: the event the confirmation e-mail carries (same UID), its
 * SEQUENCE from the booking's last change (so a file downloaded after a reschedule updates the event), a cancelled
 * one after a cancellation. Another person's booking is a 404; one that is not yet confirmed, a 409.
 */
export async function bookingCalendar(actor: SessionUser, bookingId: number) {
  const booking = await bookingFor(actor, bookingId);
  const ended = ["cancelled", "declined", "expired"].includes(booking.status);
  if (!ended && !["confirmed", "completed", "no_show"].includes(booking.status)) throw new HttpError(409, CHANGE_REFUSALS.notConfirmedYet);
  // A person's own copy: an admin (party to none) gets the mentee's.
  return invite(booking, actor.id === booking.guideId ? booking.guide : booking.user, { cancelled: ended, now: booking.updatedAt });
}
