import { isKnownTimeZone } from "#app/lib/time-zones.ts";
import { z } from "zod";
import { dollarsField } from "#app/lib/dollars.ts";

/** The Availability and Pricing screens' forms: one schema each, run by the form (conform) and again by the action. */

export const SESSION_LENGTHS = [30, 45, 60, 90] as const;
/** Buffers and intro lengths are whole 15-minute blocks (blocks.ts). */
export const BUFFER_CHOICES = [0, 15, 30, 45, 60] as const;
export const INTRO_CHOICES = [15, 30] as const;
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** The order the editor lists the week in: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
export const MAX_RANGES = 50;
export const MAX_OVERRIDES = 100;

export const SCHEDULE_MESSAGES = {
  timeInvalid: "Enter a time on the quarter hour, like 09:00 or 09:15",
  endAfterStart: "The end must be after the start",
  overlap: "These hours overlap other hours on the same day",
  dateInvalid: "Enter a date like 2026-12-24",
  dateRequired: "Choose a date for this override, or remove it",
  bothTimes: "Enter both a start and an end, or leave both empty for a day off",
  lengthsRequired: "Choose at least one session length",
  lengthInvalid: "Choose 30, 45, 60 or 90 minutes",
  bufferInvalid: "Choose a buffer of 0, 15, 30, 45 or 60 minutes",
  noticeInvalid: "Enter the notice in whole hours",
  noticeTooShort: (minimum: number) => `Notice must be at least ${minimum} hours (the platform minimum)`,
  noticeTooLong: "Notice can be at most 720 hours (30 days)",
  horizonInvalid: "Enter the booking window in whole days",
  horizonTooShort: "The booking window must be at least 1 day",
  horizonTooLong: (maximum: number) => `The booking window can be at most ${maximum} days`,
  meetingUrlInvalid: "Enter a meeting link starting with https://",
  timeZoneInvalid: "Choose a time zone from the list",
  tooManyRanges: `At most ${MAX_RANGES} ranges of hours`,
  tooManyOverrides: `At most ${MAX_OVERRIDES} dates`,
  priceRequired: "Enter a price in dollars, for example 40 or 42.50",
  priceInvalid: "Enter a price in dollars, for example 40 or 42.50",
  priceTooHigh: "A price can be at most $10,000.00",
  suggestedRequired: "Enter the amount you suggest",
  minimumAboveSuggested: "The minimum cannot be more than the suggested amount",
  introInvalid: "Choose no intro session, 15 or 30 minutes",
  // The API's words where it differs from the forms (money in cents, booleans, whole records).
  priceCentsRequired: "Enter a price in cents, a whole number such as 4250",
  priceCentsInvalid: "Enter a price in cents, a whole number such as 4250",
  booleanInvalid: "Enter true or false",
  dateInPast: "Enter a date from today on",
  overrideNotFound: "Date override not found",
  guidesOnly: "Availability and pricing are a guide's. Use a guide's token.",
} as const;

/** The platform's bounds on a guide's notice and booking window (PlatformSettings). */
export type ScheduleLimits = { minimumNoticeHours: number; maxAdvanceDays: number };

const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

/** "HH:MM" on a 15-minute boundary. */
const quarterHour = z
  .string({ error: SCHEDULE_MESSAGES.timeInvalid })
  .trim()
  .regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, SCHEDULE_MESSAGES.timeInvalid);
/** An end may also be "24:00" (or "00:00", read as midnight at the end of the day). */
const endTime = z
  .string({ error: SCHEDULE_MESSAGES.timeInvalid })
  .trim()
  .regex(/^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/, SCHEDULE_MESSAGES.timeInvalid)
  .transform((value) => (value === "00:00" ? "24:00" : value));

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/**
 * A start and an end that both read as times. The rules across fields run while a field beside them may still be
 * empty or half typed (the browser checks as the person goes): they compare only ranges whose two ends are times.
 */
const hasBothEnds = (range: { start?: unknown; end?: unknown }): range is { start: string; end: string } =>
  typeof range.start === "string" && typeof range.end === "string" && /^\d\d:\d\d$/.test(range.start) && /^\d\d:\d\d$/.test(range.end);

const weeklyRange = z
  .object({
    weekday: z.coerce.number().int().min(0).max(6),
    start: quarterHour,
    end: endTime,
  })
  .refine((range) => !hasBothEnds(range) || minutesOf(range.end) > minutesOf(range.start), { message: SCHEDULE_MESSAGES.endAfterStart, path: ["end"] });

const isRealDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/** One date override: a day's own hours (start and end) or, with neither, a day off. */
export const overrideSchema = z
  .object({
    date: z.string({ error: (issue) => (issue.input === undefined ? SCHEDULE_MESSAGES.dateRequired : SCHEDULE_MESSAGES.dateInvalid) }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, SCHEDULE_MESSAGES.dateInvalid).refine(isRealDate, SCHEDULE_MESSAGES.dateInvalid),
    start: quarterHour.optional(),
    end: endTime.optional(),
  })
  .superRefine((value, context) => {
    if (Boolean(value.start) !== Boolean(value.end)) {
      context.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.bothTimes, path: [value.start ? "end" : "start"] });
    } else if (hasBothEnds(value) && minutesOf(value.end) <= minutesOf(value.start)) {
      context.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.endAfterStart, path: ["end"] });
    }
  });


export type OverrideInput = z.output<typeof overrideSchema>;

const wholeNumber = (message: string) => z.coerce.number({ error: message }).int(message);

/** Ranges of one day that overlap (touching is fine): the index of each later one. Half-typed ranges are not compared. */
function overlapping(ranges: Array<{ start?: string; end?: string }>, indexes: number[]) {
  const complete = indexes.filter((index) => hasBothEnds(ranges[index]));
  const timed = ranges as Array<{ start: string; end: string }>;
  const sorted = complete.sort((a, b) => minutesOf(timed[a].start) - minutesOf(timed[b].start));
  const clashes: number[] = [];
  let reach = -1;
  for (const index of sorted) {
    if (minutesOf(timed[index].start) < reach) clashes.push(index);
    reach = Math.max(reach, minutesOf(timed[index].end));
  }
  return clashes;
}

const meetingUrlField = z
  .string()
  .trim()
  .max(500, SCHEDULE_MESSAGES.meetingUrlInvalid)
  .refine((value) => {
    try {
      return new URL(value).protocol === "https:";
    } catch {
      return false;
    }
  }, SCHEDULE_MESSAGES.meetingUrlInvalid);

/** The weekly hours and booking rules (every field of the Availability form but the date overrides). */
function ruleFields(limits: ScheduleLimits) {
  return {
    timeZone: z.string({ error: SCHEDULE_MESSAGES.timeZoneInvalid }).trim().min(1, SCHEDULE_MESSAGES.timeZoneInvalid).max(64).refine(isKnownTimeZone, SCHEDULE_MESSAGES.timeZoneInvalid),
    hours: z.array(weeklyRange).max(MAX_RANGES, SCHEDULE_MESSAGES.tooManyRanges).default([]),
    lengths: z
      .array(z.coerce.number().refine((value) => (SESSION_LENGTHS as readonly number[]).includes(value), SCHEDULE_MESSAGES.lengthInvalid), {
        error: SCHEDULE_MESSAGES.lengthsRequired,
      })
      .min(1, SCHEDULE_MESSAGES.lengthsRequired)
      .transform((values) => [...new Set(values)].sort((a, b) => a - b)),
    bufferMinutes: z.coerce
      .number({ error: SCHEDULE_MESSAGES.bufferInvalid })
      .refine((value) => (BUFFER_CHOICES as readonly number[]).includes(value), SCHEDULE_MESSAGES.bufferInvalid)
      .default(0),
    noticeHours: wholeNumber(SCHEDULE_MESSAGES.noticeInvalid)
      .min(limits.minimumNoticeHours, SCHEDULE_MESSAGES.noticeTooShort(limits.minimumNoticeHours))
      .max(720, SCHEDULE_MESSAGES.noticeTooLong),
    horizonDays: wholeNumber(SCHEDULE_MESSAGES.horizonInvalid)
      .min(1, SCHEDULE_MESSAGES.horizonTooShort)
      .max(limits.maxAdvanceDays, SCHEDULE_MESSAGES.horizonTooLong(limits.maxAdvanceDays)),
    bookingPaused: checkbox.default(false),
    reviewsRequests: checkbox.default(false),
    meetingUrl: meetingUrlField.optional(),
  };
}

/** Weekly ranges of one day that overlap, each said on its start. */
function weeklyOverlaps(hours: Array<{ weekday: number; start?: string; end?: string }>, context: z.RefinementCtx) {
  for (let weekday = 0; weekday < 7; weekday++) {
    const indexes = hours.flatMap((range, index) => (range.weekday === weekday ? [index] : []));
    for (const index of overlapping(hours, indexes)) context.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.overlap, path: ["hours", index, "start"] });
  }
}

/** Indexes of date overrides whose hours overlap another's of the same date (days off are not compared). */
export function overlappingOverrides(overrides: Array<{ date: string; start?: string; end?: string }>) {
  const dates = new Map<string, number[]>();
  overrides.forEach((entry, index) => {
    if (entry.start) dates.set(entry.date, [...(dates.get(entry.date) ?? []), index]);
  });
  return [...dates.values()].flatMap((indexes) => overlapping(overrides, indexes));
}

/** The Availability form, with the platform's current bounds on notice and booking window. */
export function availabilitySchema(limits: ScheduleLimits) {
  return z
    .object({ ...ruleFields(limits), overrides: z.array(overrideSchema).max(MAX_OVERRIDES, SCHEDULE_MESSAGES.tooManyOverrides).default([]) })
    .superRefine((value, context) => {
      weeklyOverlaps(value.hours, context);
      for (const index of overlappingOverrides(value.overrides)) context.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.overlap, path: ["overrides", index, "start"] });
    });
}

const strictBoolean = z.boolean({ error: SCHEDULE_MESSAGES.booleanInvalid });

/**
 * The same weekly hours and rules through the API (PUT /api/v1/availability): JSON, the whole set each time (what is
 * left out takes the form's empty value), the date overrides apart (their own calls), a meeting link null to clear it.
 */
export function availabilityApiSchema(limits: ScheduleLimits) {
  return z
    .object({
      ...ruleFields(limits),
      bookingPaused: strictBoolean.default(false),
      reviewsRequests: strictBoolean.default(false),
      meetingUrl: meetingUrlField.nullable().optional(),
    })
    .superRefine((value, context) => weeklyOverlaps(value.hours, context));
}

export type AvailabilityRulesInput = z.output<ReturnType<typeof availabilityApiSchema>>;

export type AvailabilityInput = z.output<ReturnType<typeof availabilitySchema>>;

/** A price as typed ("40", "$42.50") to cents, at most $10,000. */
const dollars = (required: string) => dollarsField({ missing: required, invalid: SCHEDULE_MESSAGES.priceInvalid, tooHigh: SCHEDULE_MESSAGES.priceTooHigh, maxCents: 1_000_000 });

export const pricingSchema = z
  .object({
    prices: z
      .array(
        z.object({
          minutes: z.coerce.number().refine((value) => (SESSION_LENGTHS as readonly number[]).includes(value), SCHEDULE_MESSAGES.lengthInvalid),
          price: dollars(SCHEDULE_MESSAGES.priceRequired).optional(),
        }),
      )
      .max(SESSION_LENGTHS.length)
      .default([]),
    payWhatYouWant: checkbox.default(false),
    suggested: dollars(SCHEDULE_MESSAGES.suggestedRequired).optional(),
    minimum: dollars(SCHEDULE_MESSAGES.priceRequired).optional(),
    freeIntroMinutes: z
      .union([z.literal(""), z.coerce.number()])
      .optional()
      .transform((value) => (value === "" || value === undefined || value === 0 ? null : value))
      .refine((value) => value === null || (INTRO_CHOICES as readonly number[]).includes(value), SCHEDULE_MESSAGES.introInvalid),
  })
  .superRefine((value, context) => pricingRules(value, context, { price: "price", suggested: "suggested", minimum: "minimum" }, SCHEDULE_MESSAGES.priceRequired));

export type PricingInput = z.output<typeof pricingSchema>;

/**
 * The rules across the pricing fields, for the form and the API (which name them apart): under pay what you want a
 * suggested amount, and a minimum not above it; otherwise a price for each length.
 */
function pricingRules(
  value: { payWhatYouWant: boolean; suggested?: number; minimum?: number; prices: Array<{ price?: number }> },
  context: z.RefinementCtx,
  names: { price: string; suggested: string; minimum: string },
  priceRequired: string,
) {
  if (value.payWhatYouWant) {
    if (value.suggested === undefined) context.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.suggestedRequired, path: [names.suggested] });
    if (value.suggested !== undefined && value.minimum !== undefined && value.minimum > value.suggested) {
      context.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.minimumAboveSuggested, path: [names.minimum] });
    }
  } else {
    value.prices.forEach((entry, index) => {
      if (entry.price === undefined) context.addIssue({ code: "custom", message: priceRequired, path: ["prices", index, names.price] });
    });
  }
}

/** A price in cents as the API takes it: a whole number, at most $10,000.00. */
const cents = (required: string) =>
  z.number({ error: required }).int(SCHEDULE_MESSAGES.priceCentsInvalid).min(0, SCHEDULE_MESSAGES.priceCentsInvalid).max(1_000_000, SCHEDULE_MESSAGES.priceTooHigh);

/**
 * The Pricing form through the API (PUT /api/v1/pricing): JSON, money in cents as the rest of the API, the whole set
 * each time; the same rules and, but for the unit, the same words. Read as the form's values for savePricing.
 */
export const pricingApiSchema = z
  .object({
    prices: z
      .array(z.object({ minutes: pricingSchema.shape.prices.unwrap().element.shape.minutes, priceCents: cents(SCHEDULE_MESSAGES.priceCentsRequired).optional() }))
      .max(SESSION_LENGTHS.length)
      .default([]),
    payWhatYouWant: strictBoolean.default(false),
    suggestedCents: cents(SCHEDULE_MESSAGES.suggestedRequired).nullable().optional(),
    minimumCents: cents(SCHEDULE_MESSAGES.priceCentsRequired).nullable().optional(),
    freeIntroMinutes: z
      .number({ error: SCHEDULE_MESSAGES.introInvalid })
      .nullable()
      .optional()
      .refine((value) => value === null || value === undefined || (INTRO_CHOICES as readonly number[]).includes(value), SCHEDULE_MESSAGES.introInvalid),
  })
  .superRefine((value, context) =>
    pricingRules(
      { payWhatYouWant: value.payWhatYouWant, suggested: value.suggestedCents ?? undefined, minimum: value.minimumCents ?? undefined, prices: value.prices.map((entry) => ({ price: entry.priceCents })) },
      context,
      { price: "priceCents", suggested: "suggestedCents", minimum: "minimumCents" },
      SCHEDULE_MESSAGES.priceCentsRequired,
    ),
  )
  .transform(
    (value): PricingInput => ({
      prices: value.prices.map((entry) => ({ minutes: entry.minutes, price: entry.priceCents })),
      payWhatYouWant: value.payWhatYouWant,
      suggested: value.suggestedCents ?? undefined,
      minimum: value.minimumCents ?? undefined,
      freeIntroMinutes: value.freeIntroMinutes ?? null,
    }),
  );

/** Cents as the dollars a price field shows ("95", "42.50"). */
export const centsToDollars = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? "" : cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
