import { formatMoney } from "#app/lib/format.ts";

// How a guide's prices read, in one unit everywhere (the profile, Find a Mentor's cards, the booking dialog, the
// guide's Pricing screen and the application): a price is always for a length, "$95.00 for 60 minutes". Zod-free and
// server-free, so public pages' browser code may import it.

/** One length a guide offers and its price. */
export type PricedLength = { minutes: number; priceCents: number };

/** The length a guide offers before choosing any (the booking dialog offers it too): one hour at their hourly rate. */
export const DEFAULT_LENGTH_MINUTES = 60;

/** The lengths a guide offers, or, before they chose any, one hour at their hourly rate (as the booking dialog does). */
export function offeredLengths(options: ReadonlyArray<PricedLength>, hourlyRateCents: number): PricedLength[] {
  return options.length ? [...options].sort((a, b) => a.minutes - b.minutes) : [{ minutes: DEFAULT_LENGTH_MINUTES, priceCents: hourlyRateCents }];
}

/** "$95.00 for 60 minutes", or "Free for 30 minutes". */
export function lengthPrice({ minutes, priceCents }: PricedLength) {
  return `${priceCents > 0 ? formatMoney(priceCents) : "Free"} for ${minutes} minutes`;
}

/** The free introductory session as the booking dialog offers it: "Free for 30 minutes · introduction". */
export const introLength = (minutes: number) => `${lengthPrice({ minutes, priceCents: 0 })} · introduction`;

/**
 * A guide's prices in one line: "Pay what you want"; "$95.00 for 60 minutes" for one length; for several, the lowest
 * price with its length, "from $50.00 for 30 minutes" (the shorter length when two cost the same).
 */
export function priceSummary(lengths: ReadonlyArray<PricedLength>, payWhatYouWant: boolean) {
  if (payWhatYouWant) return "Pay what you want";
  if (!lengths.length) return "No sessions offered yet";
  const [lowest] = [...lengths].sort((a, b) => a.priceCents - b.priceCents || a.minutes - b.minutes);
  return lengths.length === 1 ? lengthPrice(lowest) : `from ${lengthPrice(lowest)}`;
}
