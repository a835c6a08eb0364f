import { z } from "zod";
import { isoDate, nullableDate, pageOf } from "#app/lib/openapi/shapes.ts";

/** A row of GET /api/admin/user-guide/list (DirectoryRow of messages.server.ts). */
export const directoryRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
  role: z.enum(["user", "guide"]),
  status: z.string(),
  imageId: z.string().nullable(),
});

const correspondent = z.object({ id: z.number().int(), name: z.string(), email: z.string(), role: z.string(), imageId: z.string().nullable() });

/** A conversation as Messages lists it (ThreadRow of messages.server.ts). */
export const threadRow = z.object({
  person: correspondent.describe("The other person"),
  lastMessage: z.object({ body: z.string(), createdAt: isoDate, fromMe: z.boolean() }),
  unread: z.number().int().describe("Their messages to the holder not read yet"),
});

/** GET /api/v1/conversations: a page of conversations, and people the holder may start one with. */
export const conversationsResponse = pageOf(threadRow, "conversations").extend({
  contacts: z
    .array(z.object({ id: z.number().int(), name: z.string(), imageId: z.string().nullable() }))
    .describe("People the holder shares a booking with and has not written to yet: POST to their conversation to start it"),
});

const conversationMessage = z.object({ id: z.number().int(), body: z.string(), createdAt: isoDate, readAt: nullableDate, fromMe: z.boolean() });

/** GET /api/v1/conversations/{id}/messages: one conversation, as Messages opens it. */
export const conversationResponse = z.object({
  person: correspondent.extend({ organisation: z.string().nullable() }),
  canWrite: z.boolean(),
  refusal: z.string().nullable().describe("Why the holder may not write, when they may not"),
  blockedByMe: z.boolean(),
  blockedMe: z.boolean(),
  messages: z.array(conversationMessage).describe("Oldest first: up to 50, ending before `before` or at the newest"),
  hasEarlier: z.boolean().describe("Older messages remain: ask again with before=<the first one's id>"),
});

/** POST /api/v1/conversations/{id}/messages. */
export const messageSentResponse = z.object({ message: conversationMessage });
