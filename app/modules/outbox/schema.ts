import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";

export const outboxListDefaults = {
  sortable: ["createdAt"],
  defaultSort: "createdAt",
  defaultOrder: "desc",
  defaultLimit: 25,
  pageSizes: [10, 25, 50, 100],
} as const satisfies ListDefaults<"createdAt">;

export type OutboxSort = (typeof outboxListDefaults.sortable)[number];

/** Mail kept without an SMTP server (the console's Outbox): newest first, searched by recipient or subject. */
export const outboxList = defineList({ defaults: outboxListDefaults });

export const outboxMessageIdSchema = z.object({ id: idSchema("Invalid message id: expected a positive whole number") });
