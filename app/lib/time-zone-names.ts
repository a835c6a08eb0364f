// Time zones as people read them: the one name of a zone on every screen and in every e-mail ('Central Time
// (America/Chicago)'), a zone as the time zone picker lists it (that name and its offset, 'Central Time
// (America/Chicago), GMT-6'), and whether two keep the same clock. Apart from time-zones.ts so the public forms' scripts stay small.
import { dateFormat } from "./format.ts";
import { isKnownTimeZone, knownTimeZone } from "./time-zones.ts";

/**
 * A zone's everyday name in English: 'Central Time' for America/Chicago, 'Central European Time' for Europe/Berlin.
 * The generic name (the same in summer and winter); where the runtime has none but an offset ('GMT+00:00' for UTC),
 * the long name ('Coordinated Universal Time'). Never shown alone: several zones share one (zoneTitle tells them apart).
 */
function zoneName(zone: string): string {
  const known = knownTimeZone(zone);
  const named = (style: "longGeneric" | "long") =>
    dateFormat({ timeZone: known, timeZoneName: style }).formatToParts(new Date()).find((part) => part.type === "timeZoneName")?.value;
  const generic = named("longGeneric");
  return (generic && !generic.startsWith("GMT") ? generic : named("long")) ?? known;
}

/**
 * 'Central Time (America/Chicago)': how the product names a zone, wherever it does (pages, e-mails, notifications,
 * toasts): its everyday name, and the zone's own name to find it by in the picker. After a clock time it follows a
 * comma ('3:00–4:00 PM, Central Time (America/Chicago)'), never inside brackets. A zone this runtime does not know is
 * UTC, as the times shown in it are.
 */
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

// ─── Choosing a zone (the time zone picker: Settings, Availability, a new account's form without JavaScript) ─────

/** Zones many people choose, in the order a list shows them after the viewer's likely ones (where a zone goes by two
 * names, both: a runtime lists one of them). */
export const COMMON_ZONES = [
  "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu",
  "America/Toronto", "America/Mexico_City", "America/Bogota", "America/Sao_Paulo", "America/Argentina/Buenos_Aires",
  "Europe/London", "Europe/Paris", "Europe/Berlin", "Europe/Madrid", "Africa/Lagos", "Africa/Nairobi", "Africa/Johannesburg",
  "Asia/Dubai", "Asia/Kolkata", "Asia/Calcutta", "Asia/Manila", "Asia/Singapore", "Asia/Seoul", "Asia/Tokyo", "Australia/Sydney", "Pacific/Auckland", "UTC",
];

export type ZoneChoice = {
  zone: string;
  /** 'Central Time (America/Chicago), GMT-6': the zone's one name (zoneTitle) and its offset, which tells apart
   * the many zones of one everyday name at a glance ('Central European Time (Europe/Berlin), GMT+1'). */
  label: string;
  /** 'Central Time' */
  name: string;
  /** 'GMT-6', 'GMT+5:30', 'GMT+0' at the moment the list was made */
  offset: string;
  offsetMinutes: number;
  /** What a search looks in, lowercased: the name, the zone's own name (as written, and with spaces), its abbreviation
   * ('cst') and offset. */
  search: string;
};

const timeZoneNamePart = (zone: string, style: "shortOffset" | "short", at: Date) =>
  dateFormat({ timeZone: zone, timeZoneName: style }).formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "";

function offsetMinutesOf(offset: string) {
  const match = /^GMT([+-])(\d{1,2})(?::(\d{2}))?$/.exec(offset);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) : 0;
}

/** A zone as both pickers list it: 'Central Time (America/Chicago), GMT-6'. */
const zoneChoiceLabel = (zone: string, offset: string) => `${zoneTitle(zone)}, ${offset}`;

// Naming every zone costs a few hundred milliseconds the first time (formatters for each): each choice is made once a day.
const choices = new Map<string, ZoneChoice>();

/** A zone as a picker lists and searches it, with its offset on the day of `at`. */
export function zoneChoice(zone: string, at = new Date()): ZoneChoice {
  const key = `${zone} ${at.toISOString().slice(0, 10)}`;
  let choice = choices.get(key);
  if (!choice) {
    const known = knownTimeZone(zone);
    const offset = timeZoneNamePart(known, "shortOffset", at).replace(/^GMT$/, "GMT+0");
    const abbreviation = timeZoneNamePart(known, "short", at);
    const name = zoneName(zone);
    const label = zoneChoiceLabel(zone, offset);
    choice = { zone, label, name, offset, offsetMinutes: offsetMinutesOf(offset), search: `${label} ${zone} ${zone.replaceAll("_", " ")} ${abbreviation} ${offset}`.toLowerCase() };
    choices.set(key, choice);
  }
  return choice;
}

let collator: Intl.Collator | undefined;
const byLabel = (a: ZoneChoice, b: ZoneChoice) => (collator ??= new Intl.Collator("en")).compare(a.label, b.label);

/**
 * The zones of a picker in the order to offer them: `likely` first (the device's zone, the one chosen now, then up to
 * five at the same offset as the device's today, of the same name first: Winnipeg beside Chicago), then the common
 * ones, then every other zone from west to east.
 */
export function orderedZones({ zones, device, current, at = new Date() }: { zones: string[]; device?: string | null; current?: string | null; at?: Date }) {
  const of = new Map(zones.map((zone) => [zone, zoneChoice(zone, at)]));
  const likely = [...new Set([device, current].filter((zone): zone is string => Boolean(zone && of.has(zone))))];
  const anchor = of.get(likely[0] ?? "");
  if (anchor) {
    const region = anchor.zone.split("/")[0];
    const rank = (choice: ZoneChoice) => (choice.name === anchor.name ? 0 : 4) + (choice.zone.split("/")[0] === region ? 0 : 2) + (COMMON_ZONES.includes(choice.zone) ? 0 : 1);
    const neighbours = [...of.values()]
      .filter((choice) => !likely.includes(choice.zone) && choice.zone.includes("/") && choice.offsetMinutes === anchor.offsetMinutes)
      .sort((a, b) => rank(a) - rank(b) || byLabel(a, b));
    likely.push(...neighbours.slice(0, 5).map((choice) => choice.zone));
  }
  const common = COMMON_ZONES.filter((zone) => of.has(zone) && !likely.includes(zone));
  const listed = new Set([...likely, ...common]);
  const rest = [...of.values()]
    .filter((choice) => !listed.has(choice.zone))
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || byLabel(a, b))
    .map((choice) => choice.zone);
  return { likely, common, rest };
}
/**
 * The choices that match what someone typed, best first: a name that starts with it, then a word of the name ('chic',
 * 'central'), then anything else that holds it (the zone's own name, 'cst', 'gmt+5'); every word typed must match.
 * Ties keep the order given (the likely zones first).
 */
export function searchZones(ordered: ZoneChoice[], query: string) {
  const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean);
  if (!words.length) return ordered;
  const scored: Array<{ choice: ZoneChoice; score: number; index: number }> = [];
  ordered.forEach((choice, index) => {
    if (!words.every((word) => choice.search.includes(word))) return;
    const label = choice.label.toLowerCase();
    const first = words[0];
    const score = label.startsWith(first) ? 0 : new RegExp(`(^|[\\s(,/_-])${first.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).test(label) ? 1 : 2;
    scored.push({ choice, score, index });
  });
  return scored.sort((a, b) => a.score - b.score || a.index - b.index).map(({ choice }) => choice);
}
