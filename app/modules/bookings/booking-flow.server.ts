import { Prisma } from "#app/generated/prisma/client.ts";
import { isUniqueViolation, lockWithin, prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { HttpError, fieldError, notFound } from "#app/lib/http.server.ts";
import { enqueue } from "#app/lib/jobs.server.ts";
import { defineRetention } from "#app/lib/retention.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { requireCovenantWithin } from "#app/modules/covenant/covenant.server.ts";
import { liveGuideSql } from "#app/modules/guides/search-fields.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { reserveCover, sponsorQuote } from "#app/modules/sponsorship/sponsorship.server.ts";
import { SPONSOR_MESSAGES } from "#app/modules/sponsorship/messages.ts";
import { countBookingMadeInHour } from "#app/modules/stats/health-totals.server.ts";
import { countBookingMade } from "#app/modules/stats/month-totals.server.ts";
import { isFreeTime, refreshNextFreeAt } from "#app/modules/schedule/schedule.server.ts";
import { recordBookingEvent } from "#app/modules/webhooks/webhooks.server.ts";
import { BOOKING_MESSAGES, type BookingRequest } from "./booking-schema.ts";
import { requestAwaitsAnswer } from "./booking-mail.server.ts";
import { HOLD_EXPIRY_JOB, bookingConfirmed, holdKey } from "./lifecycle.server.ts";
import { answerDeadline } from "./policy.ts";

/** What a mentee can book with a guide: the lengths and prices offered, pay-what-you-want bounds and the intro. */
export type BookingOffer = {
  guide: { id: number; name: string; title: string | null; imageId: string | null; timeZone: string };
  options: Array<{ minutes: number; priceCents: number }>;
  payWhatYouWant: { suggestedCents: number; minimumCents: number } | null;
  /** The free introductory session's length, when offered and this mentee has not had one with this guide. */
  introMinutes: number | null;
  paused: boolean;
};

/** The booking offer of a live guide; anyone else is a 404. `menteeId` decides whether the intro is still open. */
export async function getBookingOffer(guideId: number, menteeId: number | null): Promise<BookingOffer> {
  // Read on every visit of the booking dialog and every booking: raw statements (no per-call ORM query compilation;
  // see "Reading raw rows" in lib/sql.server.ts).
  const [[guide], options] = await Promise.all([
    queryRows(
      offerRow,
      Prisma.sql`
      SELECT u.id, u.name, u.title, u."imageId", u."timeZone", g."payWhatYouWant", g."suggestedCents", g."minimumCents",
        g."freeIntroMinutes", g."bookingPaused", g."hourlyRateCents",
        EXISTS (SELECT 1 FROM "Booking" b WHERE b."userId" = ${menteeId ?? 0} AND b."guideId" = u.id AND b."isIntro" = TRUE
          AND b.status NOT IN ('cancelled', 'declined', 'expired')) AS "hadIntro"
      FROM "User" u JOIN "GuideProfile" g ON g."userId" = u.id
      WHERE u.id = ${guideId} AND ${liveGuideSql()}`,
    ),
    queryRows({ minutes: column.int, priceCents: column.int }, Prisma.sql`SELECT minutes, "priceCents" FROM "SessionOption" WHERE "guideId" = ${guideId} ORDER BY minutes`),
  ]);
  if (!guide) throw notFound("This mentor's profile could not be found.");
  const { hourlyRateCents, freeIntroMinutes } = guide;
  return {
    guide: { id: guide.id, name: guide.name, title: guide.title, imageId: guide.imageId, timeZone: guide.timeZone },
    // A guide who has not set their lengths yet offers one hour at their hourly rate.
    options: options.length ? options : [{ minutes: 60, priceCents: hourlyRateCents }],
    payWhatYouWant: guide.payWhatYouWant ? { suggestedCents: guide.suggestedCents ?? hourlyRateCents, minimumCents: guide.minimumCents ?? 0 } : null,
    introMinutes: freeIntroMinutes && !(menteeId && guide.hadIntro) ? freeIntroMinutes : null,
    paused: guide.bookingPaused,
  };
}

const offerRow = {
  id: column.int,
  name: column.text,
  title: column.nullableText,
  imageId: column.nullableText,
  timeZone: column.text,
  payWhatYouWant: column.bool,
  suggestedCents: column.nullableInt,
  minimumCents: column.nullableInt,
  freeIntroMinutes: column.nullableInt,
  bookingPaused: column.bool,
  hourlyRateCents: column.int,
  hadIntro: column.bool,
};

/** The price of a session as the mentee chose it, or a 400 naming the field that is wrong. */
export function priceOf(offer: BookingOffer, request: Pick<BookingRequest, "minutes" | "intro" | "amountCents">): number {
  if (request.intro) {
    if (offer.introMinutes === null || request.minutes !== offer.introMinutes) throw fieldError(400, "minutes", BOOKING_MESSAGES.introUnavailable);
    return 0;
  }
  const option = offer.options.find((candidate) => candidate.minutes === request.minutes);
  if (!option) throw fieldError(400, "minutes", BOOKING_MESSAGES.lengthUnavailable);
  if (!offer.payWhatYouWant) return option.priceCents;
  const amount = request.amountCents;
  if (amount === undefined) throw fieldError(400, "amount", BOOKING_MESSAGES.amountRequired);
  if (amount < offer.payWhatYouWant.minimumCents) throw fieldError(400, "amount", BOOKING_MESSAGES.amountTooLow(offer.payWhatYouWant.minimumCents));
  return amount;
}

/**
 * An unpaid hold claims a guide's time until it is paid or runs out, so one mentee may hold only a few at once: at
 * most `maxHoldsPerGuide` with one guide and `maxHoldsPerMentee` in all (a 409 saying what to do). Runs inside the
 * booking's transaction, after a lock on the mentee, so two requests at once cannot both pass the count.
 */
async function assertHoldAllowed(tx: Transaction, menteeId: number, guideId: number, limits: { maxHoldsPerGuide: number; maxHoldsPerMentee: number }, now: Date) {
  await lockWithin(tx, "booking-holds", menteeId);
  const holds = await tx.booking.findMany({ where: { userId: menteeId, status: "held", holdExpiresAt: { gt: now } }, select: { guideId: true } });
  const withGuide = holds.filter((hold) => hold.guideId === guideId).length;
  if (withGuide >= limits.maxHoldsPerGuide) throw new HttpError(409, BOOKING_MESSAGES.tooManyHoldsWithGuide(withGuide));
  if (holds.length >= limits.maxHoldsPerMentee) throw new HttpError(409, BOOKING_MESSAGES.tooManyHolds(holds.length));
}

const REPEAT_WINDOW_MS = 90 * 86_400_000;

/**
 * Whether a booking just made is its mentee's second within 90 days: exactly one other booking of theirs was made in the
 * 90 days up to it (a hold that expired unpaid was not a booking). The mentee's bookings are made one at a time
 * (assertHoldAllowed locks them), so two made at once cannot both be the second.
 */
async function isSecondWithin90Days(tx: Transaction, menteeId: number, booking: { id: number; createdAt: Date }) {
  const others = await tx.booking.count({
    where: { userId: menteeId, id: { not: booking.id }, status: { not: "expired" }, createdAt: { gt: new Date(booking.createdAt.getTime() - REPEAT_WINDOW_MS), lte: booking.createdAt } },
  });
  return others === 1;
}

/**
 * Books a session: checks the offer, the price and that the time is free, then in one transaction writes the
 * booking and claims its time (session plus the guide's buffer, in 15-minute TimeClaim rows). The claims' primary
 * key is what makes a time bookable once: of twenty people confirming one time together, one insert succeeds and the
 * others get a 409. A paid booking starts "held" (its claims expire with the hold, so an abandoned Checkout frees the
 * time; a mentee's live holds are capped, see assertHoldAllowed); a free one is confirmed at once, or "requested"
 * when the guide reviews requests. A mentee who has not accepted the current confidentiality covenant toward this guide
 * accepts it with the booking, in its transaction (or the booking is refused).
 *
 * A sponsored pastor who chose "use the sponsorship" has the covered part taken from their sponsor's balance and budget
 * in this same transaction (sponsorship/reserveCover), and pays only the rest: nothing at all means no Checkout. The
 * covered part is reserved now rather than when the pastor's own share is paid, so two bookings cannot both count on
 * the same money; if the rest is never paid (the hold runs out, the Checkout expires or is given up) the booking
 * expires and the covered part goes back to the balance (returnCover, once).
 */
export async function createBooking(menteeId: number, request: BookingRequest, now = new Date()) {
  const offer = await getBookingOffer(request.guideId, menteeId);
  if (offer.paused) throw new HttpError(409, BOOKING_MESSAGES.paused);
  const rateCents = priceOf(offer, request);
  const profile = await prisma.guideProfile.findUniqueOrThrow({ where: { userId: request.guideId }, select: { bufferMinutes: true, reviewsRequests: true, noticeHours: true } });
  if (!(await isFreeTime(request.guideId, request.startsAt, request.minutes, now))) throw fieldError(409, "startsAt", BOOKING_MESSAGES.timeTaken);

  const quote = request.sponsorship === "use" ? await sponsorQuote(menteeId, request.guideId, rateCents, now) : null;
  if (request.sponsorship === "use" && (!quote || (request.sponsoredCents !== undefined && quote.coveredCents !== request.sponsoredCents))) {
    throw fieldError(409, "sponsorship", SPONSOR_MESSAGES.changed(quote?.coveredCents ?? 0));
  }
  const paid = rateCents - (quote?.coveredCents ?? 0) > 0;
  const settings = await getPlatformSettings();
  const holdExpiresAt = paid ? new Date(now.getTime() + settings.holdMinutes * 60_000) : null;
  const status = paid ? "held" : profile.reviewsRequests ? "requested" : "confirmed";
  // A request waits for the guide's answer until then (a paid one from when it is paid).
  const answerBy = status === "requested" ? answerDeadline(request.startsAt, profile.noticeHours, settings.requestExpiryHours, now) : null;
  const blocks = blocksFor(request.startsAt, request.minutes, profile.bufferMinutes);
  let booking;
  try {
    booking = await transaction(async (tx) => {
      await requireCovenantWithin(tx, menteeId, request.guideId, request.covenantVersion, now);
      if (settings) await assertHoldAllowed(tx, menteeId, request.guideId, settings, now);
      // Claims left by holds that ran out no longer count: clear those in this time before claiming it.
      await tx.timeClaim.deleteMany({ where: { guideId: request.guideId, blockStart: { in: blocks }, expiresAt: { lte: now } } });
      const created = await tx.booking.create({
        data: {
          userId: menteeId,
          guideId: request.guideId,
          topic: request.topic,
          additionalNotes: request.notes ?? null,
          rateCents,
          // A session its sponsor covers in full is paid (by the sponsor, within this transaction).
          paymentStatus: paid ? "pending" : quote ? "paid" : "unpaid",
          status,
          startsAt: request.startsAt,
          durationMinutes: request.minutes,
          holdExpiresAt,
          answerBy,
          isIntro: request.intro,
        },
        select: { id: true, status: true, rateCents: true, startsAt: true, durationMinutes: true, createdAt: true },
      });
      if (quote) await reserveCover(tx, { id: created.id, pastorId: menteeId, guideId: request.guideId, priceCents: rateCents, feePercent: settings.platformFeePercent }, quote.coveredCents, now);
      await tx.timeClaim.createMany({
        data: blocks.map((blockStart) => ({ guideId: request.guideId, blockStart, bookingId: created.id, expiresAt: holdExpiresAt })),
      });
      const isRepeat = await isSecondWithin90Days(tx, menteeId, created);
      if (isRepeat) await tx.booking.update({ where: { id: created.id }, data: { isRepeat } });
      // Last, so the hour's and the month's rows are held only while this commits (stats/health-totals.server.ts).
      await countBookingMadeInHour(tx, { createdAt: created.createdAt, isRepeat });
      await countBookingMade(tx, created);
      await recordBookingEvent(tx, "booking.created", created.id, now);
      if (status === "confirmed") await recordBookingEvent(tx, "booking.confirmed", created.id, now);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(409, "startsAt", BOOKING_MESSAGES.timeTaken);
    throw error;
  }
  await refreshNextFreeAt([request.guideId], now);
  // After the commit: a hold is watched until it expires; a free booking is announced now (a paid one when paid).
  if (holdExpiresAt) await enqueue(HOLD_EXPIRY_JOB, { bookingId: booking.id }, { runAt: holdExpiresAt, key: holdKey(booking.id, holdExpiresAt) });
  else if (status === "confirmed") await bookingConfirmed(booking.id);
  else await requestAwaitsAnswer(booking.id);
  return booking;
}

// Nothing reads a claim once its block has passed (free times and every booking change look from now on); the day's
// margin keeps today's sessions, one still running included, in place. Held or paid alike.
const CLAIMS_KEPT_MS = 24 * 3_600_000;
defineRetention("TimeClaim", (now, limit) => prisma.timeClaim.deleteMany({ where: { blockStart: { lt: new Date(now.getTime() - CLAIMS_KEPT_MS) } }, limit }));
