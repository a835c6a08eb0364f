import { z } from "zod";
import { isoDate } from "#app/lib/openapi/shapes.ts";

/** A row of GET /api/admin/guide-published-content/all/{guideId} (PublishedContentRow). */
export const publishedContentRow = z.object({
  id: z.number().int(),
  guideId: z.number().int(),
  title: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  publishedDate: isoDate,
});
