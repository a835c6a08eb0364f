import { z } from "zod";
import { isoDate } from "#app/lib/openapi/shapes.ts";
import { savedViewListKeys } from "./lists.ts";

/** A saved view of a console list (SavedView of saved-views.server.ts); one view alone also names its admin. */
export const savedView = z.object({
  id: z.number().int(),
  adminId: z.number().int().optional(),
  list: z.enum(savedViewListKeys),
  name: z.string(),
  query: z.string(),
  href: z.string().describe("The list's screen with the view's query"),
  createdAt: isoDate,
});
