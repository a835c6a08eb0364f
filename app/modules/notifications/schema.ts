import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";

/** A person's notifications, newest first. */
export const notificationListDefaults = {
  sortable: ["newest"],
  defaultSort: "newest",
  defaultOrder: "desc",
  defaultLimit: 20,
  pageSizes: [20, 50],
} as const satisfies ListDefaults<"newest">;

export const notificationList = defineList({ defaults: notificationListDefaults });

/** The notifications screen's forms: open one (marks it read), or mark them all read. */
export const notificationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id: idSchema("Choose a notification") }),
  z.object({ intent: z.literal("read-all") }),
], { error: "Unknown action" });
