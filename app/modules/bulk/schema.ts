import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";
import { declineReasonSchema } from "#app/modules/guide-requests/schema.ts";
import { hideReasonSchema } from "#app/modules/reviews/schema.ts";
import { BULK_ACTIONS, BULK_LIMIT, tooManyRows, type BulkAction } from "./texts.ts";

const action = z.enum(BULK_ACTIONS, { error: `action must be one of ${BULK_ACTIONS.join(", ")}` });
const ids = z.array(idSchema()).min(1, { error: "Select at least one row" }).max(BULK_LIMIT, { error: tooManyRows });
/** The reason as typed (checked against its action's rule by `bulkReasonSchemas`). */
const reason = z.string({ error: "reason must be text" }).optional();

/** A bulk form as the console posts it: the action, the ticked ids or `all` (every row the list's URL shows), confirmed or not. */
export const bulkFormSchema = z.object({
  action,
  ids: z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(idSchema())),
  all: z.literal("1").optional(),
  confirm: z.literal("1").optional(),
  reason,
});

/** POST /api/admin/bulk/{list}: `{ action, ids }`, or `{ action, query }` (a list URL's query string: every row it shows); `reason` with reject and hide. */
export const bulkApiSchema = z
  .object({ action, ids: ids.optional(), query: z.string({ error: "query must be a list's query string" }).max(2000).optional(), reason })
  .refine((input) => input.ids !== undefined || input.query !== undefined, { error: "Send the ids to change, or a list's query" });

export const bulkIdsSchema = ids;

/** The rule of the reason an action gives every row: the single-row form's own (its messages and length). */
export const bulkReasonSchemas: Partial<Record<BulkAction, z.ZodType<string, unknown>>> = { reject: declineReasonSchema, hide: hideReasonSchema };
