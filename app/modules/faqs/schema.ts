import { z } from "zod";
import { changesSomething } from "#app/lib/patch.ts";
import { idSchema } from "#app/lib/id.ts";
import { defineList } from "#app/lib/list.ts";
import { faqListDefaults, faqTypes } from "./types.ts";

export { faqListDefaults, faqTypeLabels, faqTypes, type FaqSort, type FaqType } from "./types.ts";

export const faqIdSchema = z.object({
  id: idSchema(),
});

const typeMessage = `type must be one of: ${faqTypes.join(", ")}`;
const faqType = z.enum(faqTypes, { error: typeMessage });

/** The ?type= filter of the lists: empty means every type. */
export const faqTypeFilterSchema = z.preprocess((value) => (value === "" || value === null ? undefined : value), faqType.optional());

/** FAQs (the console screen and GET /api/admin/faq/all, which says per_page and sortOrder), by type. */
export const faqList = defineList({ defaults: faqListDefaults, filters: { type: faqTypeFilterSchema }, aliases: { limit: "per_page", order: "sortOrder" } });

/** is_active as JSON (true/false) or text ("true"/"false", "1"/"0"). */
const isActive = z.preprocess(
  (value) => (value === "true" || value === "1" || value === 1 ? true : value === "false" || value === "0" || value === 0 ? false : value),
  z.boolean({ error: "must be true or false" }),
);

const question = z
  .string({ error: "Question is required" })
  .trim()
  .min(1, "Question is required")
  .max(500, "Question must be at most 500 characters");
const answer = z
  .string({ error: "Answer is required" })
  .trim()
  .min(1, "Answer is required")
  .max(5000, "Answer must be at most 5000 characters");

/** The console's FAQ form (create and edit): an unticked Active box means inactive. */
export const faqFormSchema = z.object({
  type: z.enum(faqTypes, { error: (issue) => (issue.input === undefined || issue.input === "" ? "Type is required" : typeMessage) }),
  question,
  answer,
  is_active: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
});
export type FaqInput = z.output<typeof faqFormSchema>;

/** POST /api/admin/faq/create: is_active defaults to true, type to general. */
export const faqCreateSchema = z.object({
  type: faqType.default("general"),
  question,
  answer,
  is_active: isActive.default(true),
});

/** PATCH /api/admin/faq/update/{id}: only the fields sent change (question, answer, is_active, type). */
export const faqUpdateSchema = changesSomething(
  z.object({
    type: faqType.optional(),
    question: question.optional(),
    answer: answer.optional(),
    is_active: isActive.optional(),
  }),
);
export type FaqUpdate = z.output<typeof faqUpdateSchema>;

/** PATCH /api/admin/faq/{id}/status {is_active} */
export const faqStatusSchema = z.object({ is_active: isActive });
