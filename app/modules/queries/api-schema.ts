import { z } from "zod";
import { isoDate, nullableDate } from "#app/lib/openapi/shapes.ts";

/** A row of GET /api/admin/get-all-queries (CustomerQueryRow of queries.server.ts). */
export const customerQueryRow = z.object({
  id: z.number().int(),
  askerId: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  answer: z.string().nullable(),
  answeredAt: nullableDate,
  answeredById: z.number().int().nullable(),
  createdAt: isoDate,
  status: z.enum(["Answered", "Open"]),
});
