import { z } from "zod";
import { BULK_ACTIONS, BULK_LISTS } from "./texts.ts";

/** POST /api/admin/bulk/{list}: what changed, and the token that undoes it (null when it cannot be undone). */
export const bulkOutcome = z.object({
  message: z.string(),
  list: z.enum(BULK_LISTS),
  action: z.enum(BULK_ACTIONS),
  changed: z.number().int(),
  skipped: z.number().int(),
  undoToken: z.string().nullable(),
});

/** POST /api/admin/bulk/undo/{token}. */
export const undoOutcome = z.object({ message: z.string(), list: z.enum(BULK_LISTS), action: z.enum(BULK_ACTIONS), restored: z.number().int(), skipped: z.number().int() });
