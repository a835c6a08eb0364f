import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";
import { dateRange } from "#app/lib/date-range.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";

/** Customer queries: newest first by default (SPEC §9: DESC is the default for queries). */
export const queryListDefaults = {
  sortable: ["createdAt", "name", "email", "subject", "status"],
  defaultSort: "createdAt",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<"createdAt" | "name" | "email" | "subject" | "status">;

export type QuerySort = (typeof queryListDefaults.sortable)[number];

const OLDER_THAN_DAYS = "olderThanDays must be a whole number of days from 1 to 365";

/**
 * Customer queries (the console screen and GET /api/admin/get-all-queries, which says sortOrder); `from` and `to` are
 * days received; `status` open or answered; `olderThanDays`: received more than that many days (of 24 hours) ago.
 */
export const queryList = defineList({
  defaults: queryListDefaults,
  filters: {
    ...dateRange(),
    status: z.enum(["open", "answered"], { error: "status must be open or answered" }).optional(),
    olderThanDays: z
      .string({ error: OLDER_THAN_DAYS })
      .regex(/^\d{1,3}$/, OLDER_THAN_DAYS)
      .transform(Number)
      .refine((days) => days >= 1 && days <= 365, OLDER_THAN_DAYS)
      .optional(),
  },
  aliases: { order: "sortOrder" },
});
export type QueryFilters = { status?: "open" | "answered"; olderThanDays?: number };

/** A person's own questions to the support team (Support Queries of their dashboard): newest first, 5 a page. */
export const ownQueryList = defineList({ defaults: { ...queryListDefaults, sortable: ["createdAt"] as const, defaultLimit: 5 } });

export const queryIdSchema = z.object({
  id: idSchema(),
});

/** PUT /api/admin/answer/{id} and the answer form of the Customer Queries screen. */
export const answerSchema = z.object({
  answer: z
    .string({ error: "Answer is required" })
    .trim()
    .min(1, "Answer is required")
    .max(5000, "Answer must be at most 5000 characters"),
});

/** The query form of the user and mentor dashboards. */
export const askQuerySchema = z.object({
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, "Subject is required")
    .max(200, "Subject must be at most 200 characters"),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(5000, "Message must be at most 5000 characters"),
});
export type AskQueryInput = z.infer<typeof askQuerySchema>;

/**
 * The question form of the public Support Center for a visitor: the dashboard form's subject and message, plus
 * the name and e-mail address to answer to (a signed-in person's come from their account: askQuerySchema).
 */
export const visitorQuerySchema = askQuerySchema.extend({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(100, "Name must be at most 100 characters"),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email({ error: "Please enter a valid email address." })),
});
export type VisitorQueryInput = z.infer<typeof visitorQuerySchema>;
