import { z } from "zod";
import { dollarsField } from "#app/lib/dollars.ts";
import { formatMoney } from "#app/lib/format.ts";
import { covenantVersionField } from "#app/modules/covenant/schema.ts";
import { sponsorChoiceField, sponsoredCentsField } from "#app/modules/sponsorship/schema.ts";

export const BOOKING_MESSAGES = {
  topicRequired: "Please tell your mentor what you would like to talk about",
  topicTooLong: "Topic must be at most 200 characters",
  notesTooLong: "Notes must be at most 2000 characters",
  timeRequired: "Please choose a time",
  lengthRequired: "Please choose a session length",
  lengthUnavailable: "This mentor does not offer that session length",
  introUnavailable: "The free introductory session is not available",
  amountRequired: "Please enter the amount you would like to pay",
  amountInvalid: "Enter an amount in dollars, for example 40 or 42.50",
  amountTooLow: (minimumCents: number) => `The least this mentor accepts is ${formatMoney(minimumCents)}`,
  timeTaken: "That time is no longer free. Please choose another.",
  paused: "This mentor is not taking new bookings right now.",
  menteesOnly: "Sessions are booked by mentees. Sign in with a mentee account to book.",
  tooManyHoldsWithGuide: (count: number) => `You already have ${unpaid(count)} with this mentor. ${payFirst(count)}`,
  tooManyHolds: (count: number) => `You already have ${unpaid(count)}. ${payFirst(count)}`,
} as const;

function unpaid(count: number) {
  return count === 1 ? "an unpaid booking" : `${count} unpaid bookings`;
}

function payFirst(count: number) {
  return `Pay for or cancel ${count === 1 ? "it" : "one of them"} before holding another time.`;
}

const dollars = dollarsField({ invalid: BOOKING_MESSAGES.amountInvalid, maxCents: 9_999_999 });

/** The booking form: what the mentee confirms on /mentor/{id}/book. */
export const bookingFormSchema = z.object({
  minutes: z.coerce.number({ error: BOOKING_MESSAGES.lengthRequired }).int().positive(BOOKING_MESSAGES.lengthRequired).max(480),
  startsAt: z.iso.datetime({ offset: true, error: BOOKING_MESSAGES.timeRequired }).transform((value) => new Date(value)),
  topic: z.string({ error: BOOKING_MESSAGES.topicRequired }).trim().min(1, BOOKING_MESSAGES.topicRequired).max(200, BOOKING_MESSAGES.topicTooLong),
  notes: z.string().trim().max(2000, BOOKING_MESSAGES.notesTooLong).optional().transform((value) => value || undefined),
  amount: dollars.optional(),
  intro: z.literal("1").optional().transform(Boolean),
  /** The confidentiality covenant's version the mentee ticked, when the dialog asked for it. */
  covenantVersion: covenantVersionField,
  /** A sponsored pastor's choice (use the sponsorship or pay privately) and the covered amount the dialog showed. */
  sponsorship: sponsorChoiceField,
  sponsoredCents: sponsoredCentsField,
});

/** The same booking through the API (POST /api/v1/bookings): JSON, the guide named in the body, money in cents. */
export const bookingApiSchema = z.object({
  guideId: z.number({ error: "guideId must be a mentor's id" }).int().positive("guideId must be a mentor's id"),
  minutes: bookingFormSchema.shape.minutes,
  startsAt: bookingFormSchema.shape.startsAt,
  topic: bookingFormSchema.shape.topic,
  notes: bookingFormSchema.shape.notes,
  amountCents: z.number({ error: BOOKING_MESSAGES.amountInvalid }).int(BOOKING_MESSAGES.amountInvalid).min(0).max(9_999_999).optional(),
  intro: z.boolean({ error: "intro must be true or false" }).optional().default(false),
  covenantVersion: z.number().int().positive().optional(),
  /** A sponsored pastor: "use" the sponsorship (optionally with the covered cents they were shown) or pay "private"ly. */
  sponsorship: sponsorChoiceField,
  sponsoredCents: sponsoredCentsField,
});

const MINUTES_INVALID = "Invalid minutes: expected a session length in minutes";

/** GET /api/v1/mentors/{id}/times: the length (or the free intro) and the week, as the booking dialog's URL chooses them. */
export const freeTimesQuery = z.object({
  minutes: z.string({ error: MINUTES_INVALID }).regex(/^\d{1,3}$/, MINUTES_INVALID).transform(Number).optional().describe("The session length in minutes (default: the shortest offered)"),
  intro: z.enum(["0", "1", "false", "true"], { error: "intro must be 1 or 0" }).optional().transform((value) => value === "1" || value === "true").describe("1: the free introductory session"),
  week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "week must be a day, YYYY-MM-DD").optional().describe("The week's first day (YYYY-MM-DD in the token holder's time zone); this week when missing, past or beyond the booking window"),
});
export type FreeTimesQuery = z.output<typeof freeTimesQuery>;

export type BookingRequest = { guideId: number; minutes: number; startsAt: Date; topic: string; notes?: string; amountCents?: number; intro: boolean; covenantVersion?: number; sponsorship?: "use" | "private"; sponsoredCents?: number };

export const toBookingRequest = (guideId: number, form: z.output<typeof bookingFormSchema>): BookingRequest => ({
  guideId,
  minutes: form.minutes,
  startsAt: form.startsAt,
  topic: form.topic,
  notes: form.notes,
  amountCents: form.amount,
  intro: form.intro,
  covenantVersion: form.covenantVersion,
  sponsorship: form.sponsorship,
  sponsoredCents: form.sponsoredCents,
});
