import { z } from "zod";
import { nullableDate } from "#app/lib/openapi/shapes.ts";
import { pageContentSchema, slugSchema } from "./schema.ts";

/** A page's content as read (SavedPage of page-content.server.ts): `saved` false while the page shows its defaults. */
export const savedPage = z.object({ slug: slugSchema, content: pageContentSchema, updatedAt: nullableDate, saved: z.boolean() });

/** PUT /api/admin/home-content/quotes: the page as saved. */
export const pageSaved = z.looseObject({ slug: slugSchema, content: pageContentSchema });
