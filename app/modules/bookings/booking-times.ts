import { TZDate } from "@date-fns/tz";

// Session times as a person reads them: in a named IANA time zone, grouped by that zone's calendar days.

export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
};

/** YYYY-MM-DD of `instant` on the calendar of `zone`. */
export const dayKey = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);

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
  new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" }).format(new Date(`${day}T12:00:00Z`));

export const formatTimeIn = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(instant);

/** "Tuesday, November 24, 2026 at 10:00 AM" in `zone`. */
export const formatWhenIn = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, dateStyle: "full", timeStyle: "short" }).format(instant);

/** "America/New_York (EST)": the zone's name and its short name at that instant. */
export function zoneLabel(zone: string, at: Date = new Date()) {
  const short = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" }).formatToParts(at).find((part) => part.type === "timeZoneName")?.value;
  const name = zone.replace(/_/g, " ");
  return short && short !== zone ? `${name} (${short})` : name;
}
