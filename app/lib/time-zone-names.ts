// Time zones as people read them ('Central Time (America/Chicago)') and whether two keep the same clock: e-mails,
// Settings and the time zone notice. Apart from time-zones.ts so the public forms' scripts stay small.
import { dateFormat } from "./format.ts";
import { isKnownTimeZone, knownTimeZone } from "./time-zones.ts";

/**
 * A zone's everyday name in English: 'Central Time' for America/Chicago, 'Central European Time' for Europe/Berlin.
 * The generic name (the same in summer and winter); where the runtime has none but an offset ('GMT+00:00' for UTC),
 * the long name ('Coordinated Universal Time').
 */
export function zoneName(zone: string): string {
  const known = knownTimeZone(zone);
  const named = (style: "longGeneric" | "long") =>
    dateFormat({ timeZone: known, timeZoneName: style }).formatToParts(new Date()).find((part) => part.type === "timeZoneName")?.value;
  const generic = named("longGeneric");
  return (generic && !generic.startsWith("GMT") ? generic : named("long")) ?? known;
}

/** 'Central Time (America/Chicago)': a zone as a person reads it, with the name to find it by in a list. */
export const zoneTitle = (zone: string) => `${zoneName(zone)} (${knownTimeZone(zone)})`;

const offsetOf = (zone: string, at: Date) =>
  dateFormat({ timeZone: zone, timeZoneName: "longOffset" }).formatToParts(at).find((part) => part.type === "timeZoneName")?.value;

/**
 * Whether two zones keep the same clock over the coming year (UTC and Etc/UTC, America/Detroit and America/New_York):
 * a device in either is not "in another zone" than an account in the other.
 */
export function sameClock(a: string, b: string, from = new Date()) {
  if (a === b) return true;
  if (!isKnownTimeZone(a) || !isKnownTimeZone(b)) return false;
  for (let month = 0; month <= 12; month++) {
    const at = new Date(from.getTime() + month * 30 * 86_400_000);
    if (offsetOf(a, at) !== offsetOf(b, at)) return false;
  }
  return true;
}
