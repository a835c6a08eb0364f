// The seed's clock and dice: a fixed "now", one seeded faker whose draws every factory takes in turn (so two runs write
// the same rows), the text form Prisma writes a time in, and the progress lines each phase prints.
import { Faker, base, en, generateMersenne53Randomizer } from "@faker-js/faker";

const SEED = 20261122;
// The marketplace's "now": noon UTC of the day the seed runs, so a demo made any day has a past and a future
// (free times to book). SEED_NOW (an ISO date) pins it, for data that must come out the same every time.
export const NOW_MS = (() => {
  const pinned = process.env.SEED_NOW ? Date.parse(process.env.SEED_NOW) : NaN;
  if (!Number.isNaN(pinned)) return pinned;
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 12, 0, 0);
})();
export const NOW = new Date(NOW_MS);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

// ─── Random helpers (all drawn from the seeded faker) ───────────────────────────────────────
//
// The hot helpers draw straight from faker's randomizer with faker's own arithmetic (number.int,
// number.float, helpers.arrayElement, helpers.weightedArrayElement, date.recent/soon/between), so
// they return exactly what those calls would, without their per-call option handling.

const randomizer = generateMersenne53Randomizer();
export const faker = new Faker({ locale: [en, base], randomizer });
faker.seed(SEED);
faker.setDefaultRefDate(NOW);

/** A whole number from `min` to `max` (faker.number.int: no draw when they are equal). */
export const int = (min: number, max: number) => (min === max ? min : Math.floor(randomizer.next() * (max - min + 1) + min));
export const chance = (p: number) => randomizer.next() < p;
export const pick = <T>(items: readonly T[]): T => items[items.length > 1 ? int(0, items.length - 1) : 0];
export const pickSome = <T>(items: readonly T[], min: number, max: number): T[] =>
  faker.helpers.arrayElements(items, { min, max });
export function weighted<T>(pairs: ReadonlyArray<readonly [number, T]>): T {
  let total = 0;
  for (const [weight] of pairs) total += weight;
  const r = randomizer.next() * total;
  let sum = 0;
  for (const [weight, value] of pairs) {
    sum += weight;
    if (r < sum) return value;
  }
  return pairs[pairs.length - 1][1];
}
/** A moment between `minDays` and `maxDays` before the fixed now (faker.date.recent). */
export const daysAgo = (minDays: number, maxDays: number) => {
  const ref = NOW_MS - minDays * DAY;
  return int(ref - (maxDays - minDays) * DAY, ref - 1000);
};
/** A moment between `minDays` and `maxDays` after the fixed now (faker.date.soon). */
export const daysAhead = (minDays: number, maxDays: number) => {
  const ref = NOW_MS + minDays * DAY;
  return int(ref + 1000, ref + (maxDays - minDays) * DAY);
};
export const between = (from: number, to: number) => (to <= from ? from : int(from, to));

const two = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));
const three = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));
const dayPrefixes = new Map<number, string>();
/** Prisma's SQLite text form of a DateTime (toISOString with +00:00), with each day's date part cached. */
export function iso(ms: number): string {
  const dayIndex = Math.floor(ms / DAY);
  let prefix = dayPrefixes.get(dayIndex);
  if (prefix === undefined) {
    prefix = new Date(dayIndex * DAY).toISOString().slice(0, 11);
    dayPrefixes.set(dayIndex, prefix);
  }
  let rest = ms - dayIndex * DAY;
  const hours = Math.floor(rest / HOUR);
  rest -= hours * HOUR;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${prefix}${two[hours]}:${two[minutes]}:${two[seconds]}.${three[rest - seconds * 1000]}+00:00`;
}
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const bool = (b: boolean) => (b ? 1 : 0);
export const pad = (n: number, width = 6) => String(n).padStart(width, "0");
export const slug = (s: string) =>
  s
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
export const emailPart = (s: string) => s.normalize("NFKD").toLowerCase().replace(/[^a-z]/g, "");
export const thousands = (n: number) => n.toLocaleString("en-US");

/** Progress lines: one per phase (and every few seconds within a long one), with the time since the start. */
const started = performance.now();
let lastProgress = 0;
export const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
export function progress(label: string, done?: number, total?: number) {
  const now = performance.now();
  if (done !== undefined && total !== undefined && done < total && now - lastProgress < 2000) return;
  lastProgress = now;
  const counts = done === undefined ? "" : total === undefined ? thousands(done) : `${thousands(done)} / ${thousands(total)}`;
  console.log(`  ${label.padEnd(17)} ${counts}${counts ? " · " : "· "}${elapsed()}`);
}
