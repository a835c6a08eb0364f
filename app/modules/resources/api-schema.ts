import { z } from "zod";
import { isoDate } from "#app/lib/openapi/shapes.ts";
import { resourceTypes } from "./types.ts";

/** A resource as /api/admin/resources* answers it (ResourceRow of resources.server.ts). */
export const resourceRow = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(resourceTypes),
  link: z.string().nullable(),
  uploadId: z.string().nullable(),
  fileUrl: z.string().nullable().describe("Where the uploaded file is served (/images/{uploadId})"),
  fileName: z.string().nullable(),
  fileType: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
