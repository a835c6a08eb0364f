/** Display formats shared by server and browser (moments on a page: `formatMoment`, through components/ui/local-time.tsx). */

/** Whole numbers with thousands separators ('1,250'); one formatter, made once (making one is the costly part). */
export const formatCount = (value: number) => counts.format(value);
const counts = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The date format for `options` (a time zone among them), made once per process: making an Intl.DateTimeFormat costs
 * tens of times more than using one, and a guide's billing page spent 4 ms making one per month it listed.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions, locale = "en-US") {
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = dateFormats.get(key);
  if (!made) dateFormats.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
}

/** '$12.50' for 1250 cents (money is integer cents in the database); '$0.00' when the amount is missing. */
export function formatMoney(cents: number | null | undefined) {
  const value = typeof cents === "number" && Number.isFinite(cents) ? Math.round(cents) : 0;
  const abs = Math.abs(value);
  return `${value < 0 ? "-" : ""}$${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}

/** 'Paid' for 'paid': a stored status as a label. */
export function capitalise(text: string) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** How a moment is written, in the zone it is shown in. */
const momentFormats = {
  /** 'Nov 28, 2026' */
  date: { dateStyle: "medium" },
  /** 'Nov 28, 2026, 11:00 AM CST' */
  dateTime: { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  /** '10:00 AM' */
  time: { hour: "numeric", minute: "2-digit" },
  /** A time offered or coming, naming its zone: 'Tue, Jun 2, 3:00 PM CDT'. */
  slot: { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  /** A session on a list, naming its zone: 'Tue, Jun 2, 2026, 3:00 PM CDT'. */
  session: { weekday: "short", month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  /** A session in a sentence: 'Tuesday, November 24, 2026 at 10:00 AM'. */
  full: { dateStyle: "full", timeStyle: "short" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type MomentFormat = keyof typeof momentFormats;

/** A moment (a Date or ISO text) as people read it in `timeZone`; null when it is missing or not a date. */
export function formatMoment(value: Date | string | null | undefined, format: MomentFormat, timeZone: string) {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return dateFormat({ ...momentFormats[format], timeZone }).format(date);
}
