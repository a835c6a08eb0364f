import { Prisma } from "#app/generated/prisma/client.ts";
import { lockWithin, prisma, transaction } from "#app/lib/db.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { defineRecurringJob } from "#app/lib/jobs.server.ts";
import { guideSearchChanged, refreshGuideSearch } from "#app/modules/guides/search-fields.server.ts";
import { offeredLengths, priceSummary } from "./prices.ts";
import { computeFreeTimes, localDate, soonestFreeStart, withinPlatformBounds, type DateOverride, type ScheduleRules } from "./free-times.ts";
import { MAX_OVERRIDES, overlappingOverrides, SCHEDULE_MESSAGES, type AvailabilityInput, type AvailabilityRulesInput, type OverrideInput, type PricingInput, type ScheduleLimits } from "./schema.ts";

/**
 * A guide's schedule: their booking rules (weekly hours in their own time zone, date overrides, lengths offered,
 * buffer, notice, booking window, pause) and prices, and the free times those rules give minus claimed time
 * (TimeClaim rows that have not expired). The only code that reads or writes Availability, AvailabilityOverride,
 * SessionOption and GuideProfile's rule and price columns, and the keeper of GuideProfile."nextFreeAt".
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A guide who has not chosen lengths yet offers one hour (as the booking page does). */
const DEFAULT_LENGTH = 60;

/** The platform's bounds: a guide's notice is at least minimumNoticeHours, their window at most maxAdvanceDays. */
export async function scheduleLimits(): Promise<ScheduleLimits> {
  const [row] = await queryRows(
    { minimumNoticeHours: column.int, maxAdvanceDays: column.int },
    Prisma.sql`SELECT "minimumNoticeHours", "maxAdvanceDays" FROM "PlatformSettings" WHERE id = 1`,
  );
  return row ?? { minimumNoticeHours: 24, maxAdvanceDays: 90 };
}

export type Schedule = Awaited<ReturnType<typeof getSchedule>>;

/** Everything the Availability and Pricing screens show of the guide's own schedule. */
export async function getSchedule(guideId: number, now = new Date()) {
  const guide = await prisma.user.findFirstOrThrow({
    where: { id: guideId, role: "guide" },
    select: {
      timeZone: true,
      availability: { select: { weekday: true, startTime: true, endTime: true }, orderBy: [{ weekday: "asc" }, { startTime: "asc" }] },
      sessionOptions: { select: { minutes: true, priceCents: true }, orderBy: { minutes: "asc" } },
      guideProfile: {
        select: {
          meetingUrl: true, bufferMinutes: true, noticeHours: true, horizonDays: true, bookingPaused: true, reviewsRequests: true,
          payWhatYouWant: true, suggestedCents: true, minimumCents: true, freeIntroMinutes: true, hourlyRateCents: true,
        },
      },
    },
  });
  const today = localDate(now, guide.timeZone);
  const overrides = await prisma.availabilityOverride.findMany({
    where: { guideId, date: { gte: today } },
    select: { id: true, date: true, startTime: true, endTime: true },
    orderBy: [{ date: "asc" }, { startTime: "asc" }, { id: "asc" }],
  });
  const profile = guide.guideProfile;
  return {
    timeZone: guide.timeZone,
    weekly: guide.availability,
    overrides,
    options: guide.sessionOptions,
    /** The lengths offered: one hour while the guide has chosen none (just approved: the hour their application priced). */
    lengths: guide.sessionOptions.length ? guide.sessionOptions.map((option) => option.minutes) : [DEFAULT_LENGTH],
    meetingUrl: profile?.meetingUrl ?? null,
    bufferMinutes: profile?.bufferMinutes ?? 0,
    noticeHours: profile?.noticeHours ?? 24,
    horizonDays: profile?.horizonDays ?? 60,
    bookingPaused: profile?.bookingPaused ?? false,
    reviewsRequests: profile?.reviewsRequests ?? false,
    payWhatYouWant: profile?.payWhatYouWant ?? false,
    suggestedCents: profile?.suggestedCents ?? null,
    minimumCents: profile?.minimumCents ?? null,
    freeIntroMinutes: profile?.freeIntroMinutes ?? null,
    hourlyRateCents: profile?.hourlyRateCents ?? 0,
  };
}

/**
 * What search shows and sorts by as the guide's price (GuideProfile."hourlyRateCents"): the 60-minute price, or
 * the shortest length's price scaled to an hour; under pay what you want, the suggested amount.
 */
export function hourlyRateOf(options: ReadonlyArray<{ minutes: number; priceCents: number }>, payWhatYouWant: { suggestedCents: number | null } | null, fallback: number) {
  if (payWhatYouWant && payWhatYouWant.suggestedCents !== null) return payWhatYouWant.suggestedCents;
  const hour = options.find((option) => option.minutes === 60);
  if (hour) return hour.priceCents;
  const shortest = [...options].sort((a, b) => a.minutes - b.minutes)[0];
  return shortest ? Math.round((shortest.priceCents * 60) / shortest.minutes) : fallback;
}

/** The price a newly offered length starts at: the hourly rate scaled, to the dollar. */
const startingPrice = (hourlyRateCents: number, minutes: number) => Math.round((hourlyRateCents * minutes) / 60 / 100) * 100;

/**
 * Saves the Availability screen: hours (replacing the weekly ranges and the overrides from today on), lengths
 * offered (a new length starts at the hourly rate scaled; a dropped one loses its price), buffer, notice, window,
 * pause, meeting link, request review and the time zone the hours are in. The platform's bounds are checked again
 * here (the schema checked them against the settings the form was given). Without `overrides` (the API's weekly
 * hours) the date overrides stay as they are; an override saved again unchanged keeps its row (and its id).
 */
export async function saveAvailability(guideId: number, input: AvailabilityRulesInput & { overrides?: AvailabilityInput["overrides"] }, now = new Date()) {
  const limits = await scheduleLimits();
  const noticeHours = Math.max(input.noticeHours, limits.minimumNoticeHours);
  const horizonDays = Math.min(input.horizonDays, limits.maxAdvanceDays);
  const today = localDate(now, input.timeZone);
  await transaction(async (tx) => {
    // An approved guide has a profile; one made some other way gets its row here.
    const profile = await tx.guideProfile.upsert({
      where: { userId: guideId },
      create: { userId: guideId },
      update: {},
      select: { hourlyRateCents: true, payWhatYouWant: true, suggestedCents: true },
    });
    const existing = await tx.sessionOption.findMany({ where: { guideId }, select: { minutes: true, priceCents: true } });
    const kept = existing.filter((option) => input.lengths.includes(option.minutes));
    const added = input.lengths
      .filter((minutes) => !existing.some((option) => option.minutes === minutes))
      .map((minutes) => ({ minutes, priceCents: startingPrice(profile.hourlyRateCents, minutes) }));
    const options = [...kept, ...added];

    await tx.user.update({ where: { id: guideId }, data: { timeZone: input.timeZone } });
    await tx.availability.deleteMany({ where: { guideId } });
    if (input.hours.length) {
      await tx.availability.createMany({ data: input.hours.map((range) => ({ guideId, weekday: range.weekday, startTime: range.start, endTime: range.end })) });
    }
    if (input.overrides) {
      const wanted = input.overrides.filter((entry) => entry.date >= today).map((entry) => ({ date: entry.date, startTime: entry.start ?? null, endTime: entry.end ?? null }));
      const same = (a: DateOverride, b: DateOverride) => a.date === b.date && a.startTime === b.startTime && a.endTime === b.endTime;
      const current = await tx.availabilityOverride.findMany({ where: { guideId, date: { gte: today } }, select: { id: true, date: true, startTime: true, endTime: true } });
      const gone = current.filter((row) => !wanted.some((entry) => same(entry, row)));
      const added = wanted.filter((entry, index) => !current.some((row) => same(entry, row)) && wanted.findIndex((other) => same(other, entry)) === index);
      if (gone.length) await tx.availabilityOverride.deleteMany({ where: { id: { in: gone.map((row) => row.id) } } });
      if (added.length) await tx.availabilityOverride.createMany({ data: added.map((entry) => ({ guideId, ...entry })) });
    }
    await tx.sessionOption.deleteMany({ where: { guideId, minutes: { notIn: input.lengths } } });
    if (added.length) await tx.sessionOption.createMany({ data: added.map((option) => ({ guideId, ...option })) });
    await tx.guideProfile.update({
      where: { userId: guideId },
      data: {
        bufferMinutes: input.bufferMinutes,
        noticeHours,
        horizonDays,
        bookingPaused: input.bookingPaused,
        reviewsRequests: input.reviewsRequests,
        meetingUrl: input.meetingUrl || null,
        hourlyRateCents: hourlyRateOf(options, profile.payWhatYouWant ? profile : null, profile.hourlyRateCents),
      },
    });
    // The price Find a Mentor keeps may have moved; a profile made just now gets its search fields.
    await refreshGuideSearch(tx, [guideId]);
  });
  await refreshNextFreeAt([guideId], now);
}

/**
 * The API's view of a guide's weekly hours and booking rules (what the Availability screen shows, but the date
 * overrides), with the platform's bounds and the next free times they give.
 */
export async function getAvailability(guideId: number, now = new Date()) {
  const [schedule, limits, preview] = await Promise.all([getSchedule(guideId, now), scheduleLimits(), previewFreeTimes(guideId, { now })]);
  return {
    timeZone: schedule.timeZone,
    hours: schedule.weekly.map((range) => ({ weekday: range.weekday, start: range.startTime, end: range.endTime })),
    lengths: schedule.lengths,
    bufferMinutes: schedule.bufferMinutes,
    noticeHours: schedule.noticeHours,
    horizonDays: schedule.horizonDays,
    bookingPaused: schedule.bookingPaused,
    reviewsRequests: schedule.reviewsRequests,
    meetingUrl: schedule.meetingUrl,
    limits,
    nextFreeTimes: preview,
  };
}

/** The API's view of a guide's prices (what the Pricing screen shows), in cents, with the line their profile shows. */
export async function getPricing(guideId: number) {
  const schedule = await getSchedule(guideId);
  return {
    prices: schedule.options.map((option) => ({ minutes: option.minutes, priceCents: option.priceCents })),
    payWhatYouWant: schedule.payWhatYouWant,
    suggestedCents: schedule.suggestedCents,
    minimumCents: schedule.minimumCents,
    freeIntroMinutes: schedule.freeIntroMinutes,
    summary: priceSummary(offeredLengths(schedule.options, schedule.hourlyRateCents), schedule.payWhatYouWant),
  };
}

export type OverrideView = { id: number; date: string; start: string | null; end: string | null };

const overrideView = (row: { id: number; date: string; startTime: string | null; endTime: string | null }): OverrideView => ({
  id: row.id,
  date: row.date,
  start: row.startTime,
  end: row.endTime,
});

/** The guide's date overrides from today on (in their time zone), soonest first. */
export async function listOverrides(guideId: number, now = new Date()): Promise<OverrideView[]> {
  return (await getSchedule(guideId, now)).overrides.map(overrideView);
}

/**
 * Adds one date override (the API's; the screen saves them all at once), with the screen's rules: a date from today
 * on in the guide's zone, at most MAX_OVERRIDES of them, and hours that do not overlap that date's other hours.
 */
export async function addOverride(guideId: number, entry: OverrideInput, now = new Date()): Promise<OverrideView> {
  const row = await transaction(async (tx) => {
    // Two additions at once are counted one after the other.
    await lockWithin(tx, "schedule-overrides", guideId);
    const { timeZone } = await tx.user.findUniqueOrThrow({ where: { id: guideId }, select: { timeZone: true } });
    const today = localDate(now, timeZone);
    if (entry.date < today) throw new HttpError(400, SCHEDULE_MESSAGES.dateInPast, {}, { date: [SCHEDULE_MESSAGES.dateInPast] });
    const current = await tx.availabilityOverride.findMany({ where: { guideId, date: { gte: today } }, select: { date: true, startTime: true, endTime: true } });
    if (current.length >= MAX_OVERRIDES) throw new HttpError(400, SCHEDULE_MESSAGES.tooManyOverrides);
    const asTyped = current.map((other) => ({ date: other.date, start: other.startTime ?? undefined, end: other.endTime ?? undefined }));
    if (overlappingOverrides([...asTyped, entry]).length) throw new HttpError(400, SCHEDULE_MESSAGES.overlap, {}, { start: [SCHEDULE_MESSAGES.overlap] });
    return tx.availabilityOverride.create({
      data: { guideId, date: entry.date, startTime: entry.start ?? null, endTime: entry.end ?? null },
      select: { id: true, date: true, startTime: true, endTime: true },
    });
  });
  await refreshNextFreeAt([guideId], now);
  return overrideView(row);
}

/** Removes one of the guide's date overrides; another guide's, or none, is a 404. */
export async function removeOverride(guideId: number, id: number, now = new Date()) {
  const { count } = await prisma.availabilityOverride.deleteMany({ where: { id, guideId } });
  if (count === 0) throw notFound(SCHEDULE_MESSAGES.overrideNotFound);
  await refreshNextFreeAt([guideId], now);
}

/**
 * Saves the Pricing screen: a price per offered length (lengths are chosen on the Availability screen; a price for
 * a length not offered is ignored), pay what you want with its suggested and least amounts, and the free intro
 * session's length. Keeps GuideProfile."hourlyRateCents" what search shows (hourlyRateOf).
 */
export async function savePricing(guideId: number, input: PricingInput) {
  await transaction(async (tx) => {
    const existing = await tx.sessionOption.findMany({ where: { guideId }, select: { minutes: true, priceCents: true }, orderBy: { minutes: "asc" } });
    const profile = await tx.guideProfile.upsert({ where: { userId: guideId }, create: { userId: guideId }, update: {}, select: { hourlyRateCents: true } });
    const priceOf = (minutes: number) => input.prices.find((entry) => entry.minutes === minutes)?.price;
    // A guide who has chosen no lengths yet offers the hour (getSchedule): pricing it makes that length theirs.
    const firstHour = priceOf(DEFAULT_LENGTH);
    const options = existing.length
      ? existing.map((option) => ({ minutes: option.minutes, priceCents: priceOf(option.minutes) ?? option.priceCents }))
      : firstHour === undefined ? [] : [{ minutes: DEFAULT_LENGTH, priceCents: firstHour }];
    for (const option of options) {
      await tx.sessionOption.upsert({ where: { guideId_minutes: { guideId, minutes: option.minutes } }, create: { guideId, ...option }, update: { priceCents: option.priceCents } });
    }
    const suggestedCents = input.payWhatYouWant ? (input.suggested ?? null) : null;
    await tx.guideProfile.update({
      where: { userId: guideId },
      data: {
        payWhatYouWant: input.payWhatYouWant,
        suggestedCents,
        minimumCents: input.payWhatYouWant ? (input.minimum ?? 0) : null,
        freeIntroMinutes: input.freeIntroMinutes,
        hourlyRateCents: hourlyRateOf(options, input.payWhatYouWant ? { suggestedCents } : null, profile.hourlyRateCents),
      },
    });
    await refreshGuideSearch(tx, [guideId]);
  });
}

// ─── Free times ──────────────────────────────────────────────────────────────────────────────

type GuideRules = { rules: ScheduleRules; lengths: number[] };

/** The rules of each guide in `guideIds`, with the platform's bounds applied (notice at least, window at most). */
async function loadRules(guideIds: number[], now: Date): Promise<Map<number, GuideRules>> {
  const result = new Map<number, GuideRules>();
  if (!guideIds.length) return result;
  const limits = await scheduleLimits();
  // Overrides of yesterday (UTC) on: the earliest local "today" of any time zone.
  const since = new Date(now.getTime() - DAY).toISOString().slice(0, 10);
  // Read for every profile view, booking dialog and free-time refresh: raw statements (no per-call ORM query
  // compilation; see "Reading raw rows" in lib/sql.server.ts).
  const ids = Prisma.join(guideIds);
  const [guides, weekly, overrides, options] = await Promise.all([
    queryRows(
      { id: column.int, timeZone: column.text, profileId: column.nullableInt, bufferMinutes: column.int, noticeHours: column.int, horizonDays: column.int, bookingPaused: column.bool },
      Prisma.sql`
      SELECT u.id, u."timeZone", g.id AS "profileId", g."bufferMinutes", g."noticeHours", g."horizonDays", g."bookingPaused"
      FROM "User" u LEFT JOIN "GuideProfile" g ON g."userId" = u.id WHERE u.id IN (${ids})`,
    ),
    queryRows(
      { guideId: column.int, weekday: column.int, startTime: column.text, endTime: column.text },
      Prisma.sql`SELECT "guideId", weekday, "startTime", "endTime" FROM "Availability" WHERE "guideId" IN (${ids})`,
    ),
    queryRows(
      { guideId: column.int, date: column.text, startTime: column.nullableText, endTime: column.nullableText },
      Prisma.sql`SELECT "guideId", date, "startTime", "endTime" FROM "AvailabilityOverride" WHERE "guideId" IN (${ids}) AND date >= ${since}`,
    ),
    queryRows({ guideId: column.int, minutes: column.int }, Prisma.sql`SELECT "guideId", minutes FROM "SessionOption" WHERE "guideId" IN (${ids})`),
  ]);
  for (const guide of guides) {
    // A guide without a profile (every profile column null) offers no times.
    if (guide.profileId === null) continue;
    result.set(guide.id, {
      rules: withinPlatformBounds(
        { timeZone: guide.timeZone, weekly: [], overrides: [], bufferMinutes: guide.bufferMinutes, noticeHours: guide.noticeHours, horizonDays: guide.horizonDays, paused: guide.bookingPaused },
        limits,
      ),
      lengths: [],
    });
  }
  for (const row of weekly) (result.get(row.guideId)?.rules.weekly as ScheduleRules["weekly"][number][] | undefined)?.push(row);
  for (const row of overrides) (result.get(row.guideId)?.rules.overrides as ScheduleRules["overrides"][number][] | undefined)?.push(row);
  for (const row of options) result.get(row.guideId)?.lengths.push(row.minutes);
  for (const entry of result.values()) {
    entry.lengths.sort((a, b) => a - b);
    if (!entry.lengths.length) entry.lengths.push(DEFAULT_LENGTH);
  }
  return result;
}

/**
 * The claimed blocks of `guideIds` from `from` to `to` that still count: not expired at `now`, and not the claims of
 * `ignoreBookingId` (a session being moved does not stand in its own way).
 */
async function busyBlocks(guideIds: number[], from: Date, to: Date, now: Date, ignoreBookingId?: number): Promise<Map<number, number[]>> {
  const others = ignoreBookingId !== undefined ? Prisma.sql`AND "bookingId" <> ${ignoreBookingId}` : Prisma.empty;
  const claims = await queryRows(
    { guideId: column.int, blockStart: column.date },
    Prisma.sql`
    SELECT "guideId", "blockStart" FROM "TimeClaim"
    WHERE "guideId" IN (${Prisma.join(guideIds)}) AND "blockStart" >= ${from} AND "blockStart" < ${to} AND ("expiresAt" IS NULL OR "expiresAt" > ${now}) ${others}`,
  );
  const byGuide = new Map<number, number[]>();
  for (const claim of claims) {
    const list = byGuide.get(claim.guideId) ?? [];
    list.push(claim.blockStart.getTime());
    byGuide.set(claim.guideId, list);
  }
  return byGuide;
}

/** How far around a range claims can matter: a session plus the longest buffer reaches this far. */
const CLAIM_MARGIN = 4 * HOUR;

export type FreeTimesOptions = {
  minutes: number;
  from?: Date;
  to?: Date;
  now?: Date;
  limit?: number;
  /** Leave this booking's own claims out of the busy time (rescheduling it: it may move into its own time). */
  ignoreBookingId?: number;
};

/**
 * The guide's bookable start times (UTC, ascending) of a `minutes`-long session from `from` (default now) to `to`
 * (default the end of their booking window): their rules minus claimed time that has not expired (but for the
 * claims of `ignoreBookingId`).
 */
export async function freeTimes(guideId: number, { minutes, now = new Date(), from = now, to, limit, ignoreBookingId }: FreeTimesOptions): Promise<Date[]> {
  const guide = (await loadRules([guideId], now)).get(guideId);
  if (!guide) return [];
  const end = to ?? new Date(now.getTime() + guide.rules.horizonDays * DAY + 1);
  const busy = await busyBlocks([guideId], new Date(from.getTime() - CLAIM_MARGIN), new Date(end.getTime() + CLAIM_MARGIN), now, ignoreBookingId);
  return computeFreeTimes(guide.rules, { minutes, from, to: end, now, busy: busy.get(guideId) ?? [], limit });
}

/**
 * The guide's next `limit` free starts of their shortest offered length (what a profile lists): each with its length.
 */
export async function nextFreeTimes(guideId: number, { limit, now = new Date() }: { limit: number; now?: Date }) {
  const guide = (await loadRules([guideId], now)).get(guideId);
  if (!guide) return [];
  const minutes = guide.lengths[0];
  const end = new Date(now.getTime() + guide.rules.horizonDays * DAY + 1);
  const busy = await busyBlocks([guideId], now, new Date(end.getTime() + CLAIM_MARGIN), now);
  return computeFreeTimes(guide.rules, { minutes, from: now, to: end, now, busy: busy.get(guideId) ?? [], limit }).map((startsAt) => ({ startsAt, minutes }));
}

export type FreeTimesPreview = {
  timeZone: string;
  paused: boolean;
  minutes: number;
  times: Array<{ startsAt: string }>;
};

/** The guide's own preview of their next free times, written out in their time zone (the screen names it). */
export async function previewFreeTimes(guideId: number, { limit = 8, now = new Date() }: { limit?: number; now?: Date } = {}): Promise<FreeTimesPreview> {
  const [times, guide] = await Promise.all([
    nextFreeTimes(guideId, { limit, now }),
    prisma.user.findUniqueOrThrow({ where: { id: guideId }, select: { timeZone: true, guideProfile: { select: { bookingPaused: true } } } }),
  ]);
  const minutes = times[0]?.minutes ?? (await prisma.sessionOption.findFirst({ where: { guideId }, orderBy: { minutes: "asc" }, select: { minutes: true } }))?.minutes ?? DEFAULT_LENGTH;
  return {
    timeZone: guide.timeZone,
    paused: guide.guideProfile?.bookingPaused ?? false,
    minutes,
    times: times.map((time) => ({ startsAt: time.startsAt.toISOString() })),
  };
}


/**
 * Whether a `minutes`-long session may start at `startsAt` (the check a booking makes before claiming the time);
 * with `ignoreBookingId`, that booking's own claims do not count (the check a reschedule makes).
 */
export async function isFreeTime(guideId: number, startsAt: Date, minutes: number, now = new Date(), { ignoreBookingId }: { ignoreBookingId?: number } = {}): Promise<boolean> {
  const found = await freeTimes(guideId, { minutes, from: startsAt, to: new Date(startsAt.getTime() + 1), now, ignoreBookingId });
  return found.length === 1 && found[0].getTime() === startsAt.getTime();
}

/**
 * Recomputes GuideProfile."nextFreeAt" of `guideIds`: the soonest free start of the guide's shortest length, NULL
 * when there is none within their booking window (or they are paused). Call it after rules or claims change (after
 * the transaction commits); Find a Mentor's "free within" filter and "soonest free" sort read it.
 */
export async function refreshNextFreeAt(guideIds: number[], now = new Date()) {
  const ids = [...new Set(guideIds)];
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    const rules = await loadRules(chunk, now);
    const horizon = Math.max(0, ...[...rules.values()].map((entry) => entry.rules.horizonDays));
    const busy = await busyBlocks(chunk, now, new Date(now.getTime() + horizon * DAY + CLAIM_MARGIN), now);
    const updates = chunk.map((guideId) => {
      const guide = rules.get(guideId);
      return { guideId, nextFreeAt: guide ? soonestFreeStart(guide.rules, guide.lengths, busy.get(guideId) ?? [], now) : null };
    });
    await transaction(async (tx) => {
      let changed = 0;
      for (const { guideId, nextFreeAt } of updates) {
        // Only a time that moved is written: Find a Mentor reads every live guide again after a change.
        const moved = nextFreeAt ? { OR: [{ nextFreeAt: null }, { nextFreeAt: { not: nextFreeAt } }] } : { nextFreeAt: { not: null } };
        changed += (await tx.guideProfile.updateMany({ where: { userId: guideId, ...moved }, data: { nextFreeAt } })).count;
      }
      if (changed) await guideSearchChanged(tx);
    });
  }
}

/** How many guides one pass of a refresh reads and recomputes at a time. */
const REFRESH_BATCH = 200;

/**
 * Recomputes the guides matching `where`, a batch at a time; returns how many there were. Their ids are read first,
 * through the index the condition names: walking the profiles in id order instead (paging by id) reads all 5,000 of
 * them to find none, which Find a Mentor paid for every few seconds.
 */
async function refreshInBatches(where: Prisma.GuideProfileWhereInput, now: Date) {
  const ids = (await prisma.guideProfile.findMany({ where, select: { userId: true } })).map((row) => row.userId);
  for (let i = 0; i < ids.length; i += REFRESH_BATCH) await refreshNextFreeAt(ids.slice(i, i + REFRESH_BATCH), now);
  return ids.length;
}

/**
 * Refreshes the guides whose soonest free time can no longer be booked: it is within the platform's minimum notice
 * of `now` (a guide's own notice is at least that, so this catches every passed time by the moment it starts).
 * A range read of the "nextFreeAt" index (search calls it too, every few seconds); returns how many were refreshed.
 */
export async function refreshPassedNextFreeAt(now = new Date()) {
  const { minimumNoticeHours } = await scheduleLimits();
  return refreshInBatches({ nextFreeAt: { lte: new Date(now.getTime() + minimumNoticeHours * HOUR) } }, now);
}

/**
 * Refreshes the guides with no free time (NULL) who are not paused and have hours (weekly, or a date override from
 * yesterday on): their booking window moves forward with the clock, so days with free time come into it (a fully
 * booked month, hours only on a date beyond the window). Returns how many were refreshed.
 */
export async function refreshUnsetNextFreeAt(now = new Date()) {
  const since = new Date(now.getTime() - DAY).toISOString().slice(0, 10);
  return refreshInBatches(
    {
      nextFreeAt: null,
      bookingPaused: false,
      user: { OR: [{ availability: { some: {} } }, { availabilityOverrides: { some: { date: { gte: since }, startTime: { not: null } } } }] },
    },
    now,
  );
}

/** The refresh job's pass: every guide whose "nextFreeAt" time may have gone stale (passed, or none yet). */
export async function refreshStaleNextFreeAt(now = new Date()) {
  return (await refreshPassedNextFreeAt(now)) + (await refreshUnsetNextFreeAt(now));
}

// ─── The refresh job ─────────────────────────────────────────────────────────────────────────

export const NEXT_FREE_REFRESH_JOB = "schedule.refresh-next-free";

// Every quarter hour: the soonest free times that have passed, and guides with hours but none yet, as the booking
// window moves forward.
defineRecurringJob(NEXT_FREE_REFRESH_JOB, 15 * 60_000, refreshStaleNextFreeAt);
