import { z } from "zod";

/** A record id as the URL or a form writes it: plain decimal digits, no sign, no leading zero, no spaces. */
const ID_TEXT = /^[1-9]\d*$/;

export const INVALID_ID = "Invalid id: expected a positive whole number";

/**
 * The one id parser of the product (route params, URL state such as ?edit=12, form fields, JSON bodies):
 * a positive whole number within the safe integer range, written in plain decimal digits
 * ('3', not '03', '+3', ' 3', '3e0' or '0x3'), or a JSON number that is one. Anything else is null.
 */
export function parseId(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value !== "string" || !ID_TEXT.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** The zod form of `parseId`, for schemas of forms, params and bodies; `message` is what a bad id reads. */
export const idSchema = (message = INVALID_ID) =>
  z.unknown().transform((value, ctx) => {
    const id = parseId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });

/** Ids from a comma-separated URL value such as ?expanded=3,7: the valid ones, in order. */
export const parseIdList = (value: string | null | undefined) =>
  (value ?? "").split(",").map(parseId).filter((id): id is number => id !== null);
