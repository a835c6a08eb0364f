import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { EVENT_VALUES, WEBHOOK_MESSAGES } from "./events.ts";

const urlSchema = z.string({ error: WEBHOOK_MESSAGES.url }).trim().min(1, WEBHOOK_MESSAGES.url).max(500, WEBHOOK_MESSAGES.urlTooLong).regex(/^https?:\/\//i, WEBHOOK_MESSAGES.url);
const eventsSchema = z
  .array(z.enum(EVENT_VALUES, { error: WEBHOOK_MESSAGES.events }), { error: WEBHOOK_MESSAGES.events })
  .min(1, WEBHOOK_MESSAGES.events)
  .transform((events) => [...new Set(events)]);

/** Settings' "Add endpoint" form and POST /api/v1/webhooks: where to send, and which events. */
export const newEndpointSchema = z.object({ url: urlSchema, events: eventsSchema });
export type NewEndpointInput = z.output<typeof newEndpointSchema>;

/** PATCH /api/v1/webhooks/{id}: any of the address, the events, and whether it is on. */
export const endpointPatchSchema = z.object({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
});
export type EndpointPatch = z.output<typeof endpointPatchSchema>;

/** Settings' buttons on one endpoint. */
export const endpointChangeSchema = z.object({
  endpointId: z.coerce.number({ error: WEBHOOK_MESSAGES.notFound }).int().positive(WEBHOOK_MESSAGES.notFound),
  change: z.enum(["rotate", "disable", "enable", "delete"], { error: "Choose what to change" }),
});

export const endpointIdSchema = z.object({ id: idSchema(WEBHOOK_MESSAGES.notFound) });

export const attemptSortColumns = ["attemptedAt", "statusCode", "duration"] as const;
export type AttemptSort = (typeof attemptSortColumns)[number];

export const attemptListDefaults = {
  sortable: attemptSortColumns,
  defaultSort: "attemptedAt",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [10, 25, 50],
} as const satisfies ListDefaults<AttemptSort>;

export const ATTEMPT_OUTCOMES = ["delivered", "refused"] as const;

/** One endpoint's delivery attempts: newest first, searched by event type, optionally one outcome or one event. */
export const attemptList = defineList({
  defaults: attemptListDefaults,
  filters: {
    outcome: z.enum(ATTEMPT_OUTCOMES, { error: "outcome must be delivered or refused" }).optional(),
    event: z.enum(EVENT_VALUES, { error: `event must be one of ${EVENT_VALUES.join(", ")}` }).optional(),
  },
});
