// A session's time as people read it, in a given time zone and naming it: shared by the dashboards (server and
// browser render the same text, so hydration matches) and the e-mails. Zod-free and safe in the browser bundle.

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions, key: string) {
  const id = `${key} ${timeZone}`;
  let made = formatters.get(id);
  if (!made) formatters.set(id, (made = new Intl.DateTimeFormat("en-US", { ...options, timeZone })));
  return made;
}

/** A zone the runtime knows, else UTC (a person's stored zone could be one an older runtime lacks). */
export function knownTimeZone(timeZone: string | null | undefined) {
  if (!timeZone) return "UTC";
  let known = checkedZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
      known = true;
    } catch {
      known = false;
    }
    checkedZones.set(timeZone, known);
  }
  return known ? timeZone : "UTC";
}
// Making a formatter is the costly part of checking a zone: each zone is checked once.
const checkedZones = new Map<string, boolean>();

/** 'America/Chicago' as 'America/Chicago'; 'America/New_York' as 'America/New York'. */
export const zoneLabel = (timeZone: string) => timeZone.replaceAll("_", " ");

/** 'Tue, Jun 2, 2026, 3:00 PM CDT': a session start for lists. */
export function sessionStart(value: Date | string, timeZone: string) {
  const zone = knownTimeZone(timeZone);
  return formatter(zone, { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }, "short").format(new Date(value));
}

/**
 * 'Tuesday, June 2, 2026, 3:00 – 4:00 PM Central Daylight Time (America/Chicago)': a session's start and end for
 * e-mails, where nothing else says which zone is meant.
 */
export function sessionSpan(start: Date | string, minutes: number, timeZone: string) {
  const zone = knownTimeZone(timeZone);
  const from = new Date(start);
  const to = new Date(from.getTime() + minutes * 60_000);
  const day = formatter(zone, { weekday: "long", month: "long", day: "numeric", year: "numeric" }, "day").format(from);
  const time = formatter(zone, { hour: "numeric", minute: "2-digit" }, "time");
  const zoneName =
    formatter(zone, { timeZoneName: "long" }, "zone")
      .formatToParts(from)
      .find((part) => part.type === "timeZoneName")?.value ?? zone;
  return `${day}, ${time.format(from)} – ${time.format(to)} ${zoneName} (${zoneLabel(zone)})`;
}

/** '1 hour', '30 minutes', '1 hour 30 minutes'. */
export function sessionLength(minutes: number) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours ? `${hours} hour${hours === 1 ? "" : "s"}` : "", rest ? `${rest} minutes` : ""].filter(Boolean);
  return parts.join(" ") || "0 minutes";
}
