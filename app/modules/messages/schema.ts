import { z } from "zod";
import { idSchema, parseId } from "#app/lib/id.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";

/** Users and Guides (user-guide): the people an admin can message. */
export const directoryFilters = ["guides", "users"] as const;
export type DirectoryFilter = (typeof directoryFilters)[number];

export const directoryFilterSchema = z.preprocess(
  (value) => (value === null || value === "" ? undefined : value),
  z.enum(directoryFilters, { error: "filter must be guides or users" }).default("guides"),
);

export const directoryListDefaults = {
  sortable: ["name", "email", "organisation"],
  defaultSort: "name",
  defaultOrder: "asc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<"name" | "email" | "organisation">;
export type DirectorySort = (typeof directoryListDefaults.sortable)[number];

/** Users and Guides (the console screen and GET /api/admin/user-guide/list?filter=guides|users). */
export const directoryList = defineList({ defaults: directoryListDefaults, filters: { filter: directoryFilterSchema } });

/** The thread list of Messaging: most recent conversation first, searched by the other person. */
export const threadListDefaults = {
  sortable: ["latest"],
  defaultSort: "latest",
  defaultOrder: "desc",
  defaultLimit: 20,
  pageSizes: [20, 50],
} as const satisfies ListDefaults<"latest">;

/** Messaging's conversations, most recent first. */
export const threadList = defineList({ defaults: threadListDefaults });

export const MESSAGE_MAX = 5000;

/** Messaging's send form. */
export const sendMessageSchema = z.object({
  recipientId: idSchema("Choose who to write to"),
  body: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`),
});

export const REPORT_REASON_MAX = 1000;

/** Block, unblock: the person of the open conversation. */
export const blockSchema = z.object({ personId: idSchema("Choose who to block") });

/** Report a person to the support team. */
export const reportSchema = z.object({
  personId: idSchema("Choose who to report"),
  reason: z
    .string({ error: "Tell us what happened" })
    .trim()
    .min(5, "Tell us what happened (at least 5 characters)")
    .max(REPORT_REASON_MAX, `Keep it under ${REPORT_REASON_MAX} characters`),
});

/** The console: mark a report handled. */
export const resolveReportSchema = z.object({ reportId: idSchema("Choose a report") });

/** A conversation's page through the API (GET /api/v1/conversations/{id}/messages): the messages before `before`. */
export const conversationPageSchema = z.object({
  before: z
    .string()
    .refine((value) => parseId(value) !== null, "before must be a message's id")
    .transform(Number)
    .optional(),
});
