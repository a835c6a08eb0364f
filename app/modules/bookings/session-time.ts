// A session's time as people read it in e-mails and notifications, in the reader's zone and naming it (a page shows a
// moment with components/ui/local-time.tsx), and the days and weeks of a zone the booking dialogs group free times by.
import { TZDate } from "@date-fns/tz";
import { dateFormat } from "#app/lib/format.ts";
import { zoneTitle } from "#app/lib/time-zone-names.ts";
import { knownTimeZone } from "#app/lib/time-zones.ts";

/** 'Tue, Jun 2, 2026, 3:00 PM CDT': a session start for lists. */
export function sessionStart(value: Date | string, timeZone: string) {
  const zone = knownTimeZone(timeZone);
  return dateFormat({ weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone: zone }).format(new Date(value));
}

/** '3:00–4:00 PM', '11:30 AM–12:30 PM': a session's start and end on the clock of `zone` (plain spaces). */
function clockSpan(from: Date, to: Date, zone: string) {
  const time = dateFormat({ hour: "numeric", minute: "2-digit", timeZone: zone });
  const [start, end] = [time.format(from), time.format(to)].map((text) => text.replace(/\s/g, " "));
  const split = (text: string) => [text.slice(0, text.lastIndexOf(" ")), text.slice(text.lastIndexOf(" ") + 1)];
  const [startTime, startPeriod] = split(start);
  const [, endPeriod] = split(end);
  return startPeriod === endPeriod && dayKey(from, zone) === dayKey(to, zone) ? `${startTime}–${end}` : `${start}–${end}`;
}

/** 'Tuesday, December 2, 2026, 3:00–4:00 PM': a session's day and times on the clock of `zone`, not naming it. */
export function sessionClock(start: Date | string, minutes: number, timeZone: string) {
  const zone = knownTimeZone(timeZone);
  const from = new Date(start);
  const to = new Date(from.getTime() + minutes * 60_000);
  const day = dateFormat({ weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: zone }).format(from);
  return `${day}, ${clockSpan(from, to, zone)}`;
}

/**
 * 'Tuesday, December 2, 2026, 3:00–4:00 PM, Central Time (America/Chicago)': a session's start and end for e-mails,
 * where nothing else says which zone is meant.
 */
export function sessionSpan(start: Date | string, minutes: number, timeZone: string) {
  return `${sessionClock(start, minutes, timeZone)}, ${zoneTitle(timeZone)}`;
}

/** '1 hour', '30 minutes', '1 hour 30 minutes'. */
export function sessionLength(minutes: number) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours ? `${hours} hour${hours === 1 ? "" : "s"}` : "", rest ? `${rest} minutes` : ""].filter(Boolean);
  return parts.join(" ") || "0 minutes";
}

// ─── Days and weeks in a zone (the booking and reschedule dialogs) ─────────────────────────────

/** YYYY-MM-DD of `instant` on the calendar of `zone`. */
export const dayKey = (instant: Date, zone: string) =>
  dateFormat({ timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }, "en-CA").format(instant);

/** The instant a calendar day of `zone` begins (DST-safe: from @date-fns/tz, never a hand-written offset). */
export function startOfDayIn(day: string, zone: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(new TZDate(year, month - 1, date, zone).getTime());
}

/** The day `days` after `day` (calendar arithmetic, zone-free). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

export const formatDayLabel = (day: string) =>
  dateFormat({ timeZone: "UTC", weekday: "short", month: "short", day: "numeric" }).format(new Date(`${day}T12:00:00Z`));

/**
 * 'Tuesday, November 24, 2026 at 10:00 AM, Eastern Time (America/New_York)': a moment on the clock of `zone`, naming it
 * (plain spaces, as sessionClock's).
 */
export function momentIn(instant: Date, timeZone: string) {
  const when = dateFormat({ timeZone: knownTimeZone(timeZone), dateStyle: "full", timeStyle: "short" }).format(instant);
  return `${when.replace(/\s/g, " ")}, ${zoneTitle(timeZone)}`;
}
