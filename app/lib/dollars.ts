import { z } from "zod";

/** Dollars as people write them: "40", "42.50", "1,500" or "$1,500.00" (a comma only between thousands). */
const DOLLARS = /^\$?\s*(\d+|\d{1,3}(,\d{3})+)(\.\d{1,2})?$/;

/** An amount in dollars as typed, in cents; null when it is not one. */
export function centsOf(typed: string): number | null {
  const text = typed.trim();
  return DOLLARS.test(text) ? Math.round(Number(text.replace(/[$,\s]/g, "")) * 100) : null;
}

/**
 * A form's or an API's dollar amount, read as cents: `invalid` when it is not an amount, `missing` when it is absent,
 * `tooHigh` above `maxCents`. Every amount a person types goes through this one reading.
 */
export const dollarsField = ({ invalid, missing = invalid, tooHigh = invalid, maxCents }: { invalid: string; missing?: string; tooHigh?: string; maxCents: number }) =>
  z
    .string({ error: missing })
    .transform((typed, context) => {
      const cents = centsOf(typed);
      if (cents === null) context.addIssue({ code: "custom", message: invalid });
      return cents ?? z.NEVER;
    })
    .refine((cents) => cents <= maxCents, tooHigh);
