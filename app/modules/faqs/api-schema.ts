import { z } from "zod";
import { isoDate } from "#app/lib/openapi/shapes.ts";
import { faqTypes } from "./types.ts";

/** An FAQ as /api/admin/faq/* answers it (FaqRow of faqs.server.ts). */
export const faqRow = z.object({
  id: z.number().int(),
  type: z.enum(faqTypes),
  question: z.string(),
  answer: z.string(),
  is_active: z.boolean(),
  position: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
