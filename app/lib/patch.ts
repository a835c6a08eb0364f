import type { z } from "zod";

export const NOTHING_TO_CHANGE = "Send at least one field to change";

/** A PATCH body changes only the fields it sends, so one that sends none is a mistake, not a no-op. */
export function changesSomething<S extends z.ZodType<Record<string, unknown>>>(schema: S) {
  return schema.refine((value) => Object.values(value).some((field) => field !== undefined), NOTHING_TO_CHANGE);
}
