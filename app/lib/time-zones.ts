// IANA time zones: which ones a person may choose, and whether a stored one is usable. Zod-free and safe in the
// browser bundle (the settings and availability forms list the zones).

// Making a formatter is the costly part of checking a zone: each zone is checked once.
const checkedZones = new Map<string, boolean>();

function usable(zone: string) {
  let known = checkedZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    checkedZones.set(zone, known);
  }
  return known;
}

/** Whether `zone` is an IANA zone this runtime knows (UTC included, which some engines leave out of their list). */
export const isKnownTimeZone = (zone: string) => zone.length > 0 && zone.length <= 64 && usable(zone);

/** A zone the runtime knows, else UTC (a person's stored zone could be one an older runtime lacks). */
export const knownTimeZone = (zone: string | null | undefined) => (zone && isKnownTimeZone(zone) ? zone : "UTC");

/** The zones a person can choose, UTC first, with their current one even if the runtime's list lacks it. */
export function timeZoneChoices(current?: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set(["UTC", ...(current ? [current] : []), ...zones])];
}

/** What a form says when the zone sent is not one of the list (Settings, sign-up, the guide application). */
export const TIME_ZONE_MESSAGE = "Choose a time zone from the list";
