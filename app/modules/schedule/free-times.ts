import { TZDate } from "@date-fns/tz";
import { BLOCK_MINUTES, blocksFor } from "./blocks.ts";
import type { ScheduleLimits } from "./schema.ts";

/**
 * The free-time engine: a guide's bookable start times, computed from their rules. Pure (no database): the
 * schedule module reads the rules and the claimed blocks and hands them here, the tests call it directly.
 *
 * - Weekly hours are wall-clock ranges ("09:00"–"17:00") on a weekday (0 = Sunday) in the guide's IANA time zone;
 *   a date override replaces that date's weekly hours (one or more ranges), or makes it a day off (no times).
 *   Every local date is turned into instants with @date-fns/tz, so daylight-saving days come out right: a 09:00
 *   start stays 09:00 local on both change days, and nothing starts at a wall-clock time that does not exist.
 * - The session itself must fit in the hours; the buffer follows it (it may run past the end of the hours) and is
 *   claimed with it (blocks.ts), so a start is free when none of its blocks is busy.
 * - Notice: no start sooner than now + notice. Horizon: no start later than now + horizon. Paused: none at all.
 */

export type WeeklyRange = { weekday: number; startTime: string; endTime: string };
export type DateOverride = { date: string; startTime: string | null; endTime: string | null };

export type ScheduleRules = {
  timeZone: string;
  weekly: readonly WeeklyRange[];
  overrides: readonly DateOverride[];
  bufferMinutes: number;
  noticeHours: number;
  horizonDays: number;
  paused: boolean;
};

export type FreeTimeQuery = {
  /** Session length in minutes (a multiple of 15). */
  minutes: number;
  /** The range searched: starts at or after `from` and before `to`. */
  from: Date;
  to: Date;
  now: Date;
  /** Busy time: the start of every claimed 15-minute block (TimeClaim.blockStart), as Dates or epoch ms. */
  busy?: Iterable<Date | number>;
  /** Stop after this many starts (e.g. 1 for the soonest). */
  limit?: number;
};

/**
 * Start times step every 30 minutes from the start of each stretch of hours. Half-hour starts read well on a
 * calendar ("9:00, 9:30, 10:00"), are few enough to scan on a phone, and still let a 30- or 90-minute session sit
 * next to another without a gap; hours that begin on the quarter hour (09:15) keep their quarter-hour starts.
 * The step is taken in real time (UTC), so on a spring-forward day it walks straight over the missing hour.
 */
export const START_STEP_MINUTES = 30;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "HH:MM" as minutes after midnight; "24:00" (and an end of "00:00") is the end of the day. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

const pad = (n: number) => String(n).padStart(2, "0");
const dateKey = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The instant of a wall-clock time on a local date in `timeZone` (a time the clocks skip maps forward). */
function instantOf(year: number, month: number, day: number, minuteOfDay: number, timeZone: string): number {
  return new TZDate(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60, timeZone).getTime();
}

/** The calendar date (in `timeZone`) of an instant. */
export function localDate(at: Date | number, timeZone: string): string {
  const local = new TZDate(typeof at === "number" ? at : at.getTime(), timeZone);
  return dateKey(local.getFullYear(), local.getMonth() + 1, local.getDate());
}

/**
 * The open stretches (instants [start, end), sorted, merged where they touch) of the local dates from `firstDate`
 * to `lastDate` (YYYY-MM-DD, inclusive).
 */
export function openIntervals(rules: Pick<ScheduleRules, "timeZone" | "weekly" | "overrides">, firstDate: string, lastDate: string): Array<[number, number]> {
  const overridesByDate = new Map<string, DateOverride[]>();
  for (const override of rules.overrides) {
    const list = overridesByDate.get(override.date) ?? [];
    list.push(override);
    overridesByDate.set(override.date, list);
  }
  const weeklyByDay: WeeklyRange[][] = [[], [], [], [], [], [], []];
  for (const range of rules.weekly) weeklyByDay[range.weekday]?.push(range);

  const intervals: Array<[number, number]> = [];
  // Calendar dates are walked on a plain UTC calendar: a date's weekday does not depend on the time zone.
  const [y0, m0, d0] = firstDate.split("-").map(Number);
  const last = Date.parse(`${lastDate}T00:00:00Z`);
  for (let day = Date.UTC(y0, m0 - 1, d0); day <= last; day += DAY) {
    const date = new Date(day);
    const [year, month, dom] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const override = overridesByDate.get(dateKey(year, month, dom));
    const ranges = override ?? weeklyByDay[date.getUTCDay()];
    for (const range of ranges) {
      if (!range.startTime || !range.endTime) continue; // a day off
      const startMinute = minutesOf(range.startTime);
      const endMinute = range.endTime === "00:00" ? 1440 : minutesOf(range.endTime);
      if (endMinute <= startMinute) continue;
      const start = instantOf(year, month, dom, startMinute, rules.timeZone);
      const end = instantOf(year, month, dom, endMinute, rules.timeZone);
      if (end > start) intervals.push([start, end]);
    }
  }
  intervals.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of intervals) {
    const previous = merged[merged.length - 1];
    if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The bookable start times (UTC instants, ascending) of a `query.minutes`-long session under `rules`. */
export function computeFreeTimes(rules: ScheduleRules, query: FreeTimeQuery): Date[] {
  if (rules.paused || query.minutes <= 0) return [];
  const now = query.now.getTime();
  const earliest = Math.max(query.from.getTime(), now + rules.noticeHours * HOUR);
  const latest = Math.min(query.to.getTime(), now + rules.horizonDays * DAY);
  if (earliest >= latest) return [];

  const busy = new Set<number>();
  for (const block of query.busy ?? []) busy.add(typeof block === "number" ? block : block.getTime());
  const length = query.minutes * MINUTE;
  const limit = query.limit ?? Infinity;

  // The range is walked a week at a time (so the soonest start is found without building months of hours), each
  // week's hours read from a day either side in the guide's zone: hours that reach across midnight UTC are included.
  const starts: Date[] = [];
  for (let weekStart = earliest; weekStart < latest; weekStart += 7 * DAY) {
    const weekEnd = Math.min(latest, weekStart + 7 * DAY);
    const intervals = openIntervals(rules, localDate(weekStart - DAY, rules.timeZone), localDate(weekEnd + DAY, rules.timeZone));
    for (const [open, close] of intervals) {
      if (close <= weekStart) continue;
      if (open >= weekEnd) break;
      for (let start = open; start + length <= close; start += START_STEP_MINUTES * MINUTE) {
        if (start < weekStart) continue;
        if (start >= weekEnd) break;
        if (busy.size && blocksFor(new Date(start), query.minutes, rules.bufferMinutes).some((block) => busy.has(block.getTime()))) continue;
        starts.push(new Date(start));
        if (starts.length >= limit) return starts;
      }
    }
  }
  return starts;
}

/** A guide's own rules within the platform's bounds: their notice at least `minimumNoticeHours`, their window at most `maxAdvanceDays`. */
export function withinPlatformBounds(rules: ScheduleRules, limits: ScheduleLimits): ScheduleRules {
  return { ...rules, noticeHours: Math.max(rules.noticeHours, limits.minimumNoticeHours), horizonDays: Math.min(rules.horizonDays, limits.maxAdvanceDays) };
}

/**
 * GuideProfile."nextFreeAt": the soonest free start of the guide's shortest length (`lengths` ascending) in their booking
 * window, or null (none, or paused). One definition: the schedule module keeps it (refreshNextFreeAt), the seed
 * writes it for the guides it makes.
 */
export function soonestFreeStart(rules: ScheduleRules, lengths: readonly number[], busy: Iterable<Date | number>, now: Date): Date | null {
  const to = new Date(now.getTime() + rules.horizonDays * DAY + 1);
  return computeFreeTimes(rules, { minutes: lengths[0], from: now, to, now, busy, limit: 1 })[0] ?? null;
}

/** Whether `startsAt` is one of the free starts of a `minutes`-long session (the check a booking makes). */
export function isFree(rules: ScheduleRules, startsAt: Date, minutes: number, now: Date, busy?: Iterable<Date | number>): boolean {
  const found = computeFreeTimes(rules, { minutes, from: startsAt, to: new Date(startsAt.getTime() + 1), now, busy });
  return found.length === 1 && found[0].getTime() === startsAt.getTime();
}

export { BLOCK_MINUTES };
