import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";
import { savedViewListKeys, savedViewMessages as messages, VIEW_NAME_MAX } from "./lists.ts";

const name = z.string({ error: messages.nameRequired }).trim().min(1, messages.nameRequired).max(VIEW_NAME_MAX, messages.nameTooLong);

/** "Save view" (the dialog over a list, POST /api/admin/saved-views): the list, a name and its URL state. */
export const saveViewSchema = z.object({
  list: z.enum(savedViewListKeys, { error: `list must be one of: ${savedViewListKeys.join(", ")}` }),
  name,
  query: z.string().max(4000, "query must be at most 4000 characters").default(""),
});
export type SaveViewInput = z.output<typeof saveViewSchema>;

/** Renaming a view (the Saved Views screen's dialog, PATCH /api/admin/saved-views/{id}). */
export const renameViewSchema = z.object({ id: idSchema(), name });

export const savedViewIdSchema = z.object({ id: idSchema() });
