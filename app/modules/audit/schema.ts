import { z } from "zod";
import { dateRange } from "#app/lib/date-range.ts";
import { idSchema } from "#app/lib/id.ts";
import { defineList, type ListDefaults, type ListFilterValues } from "#app/lib/list.ts";
import { AUDIT_ACTIONS, AUDIT_KINDS } from "./types.ts";

export const auditListDefaults = {
  sortable: ["createdAt", "action", "recordKind"],
  defaultSort: "createdAt",
  defaultOrder: "desc",
  defaultLimit: 25,
  pageSizes: [10, 25, 50, 100],
} as const satisfies ListDefaults<"createdAt" | "action" | "recordKind">;

export type AuditSort = (typeof auditListDefaults.sortable)[number];

/**
 * The console's audit log: newest first, filtered by the person who acted, the kind of record and the action (and, on a
 * record's own page, by that record) and the days it happened, searched by the record's label or the actor's name.
 */
export const auditList = defineList({
  defaults: auditListDefaults,
  filters: {
    actorId: idSchema("actorId must be a positive whole number").optional(),
    kind: z.enum(AUDIT_KINDS, { error: `kind must be one of ${AUDIT_KINDS.join(", ")}` }).optional(),
    action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(", ")}` }).optional(),
    recordId: z.string().regex(/^[\w-]{1,64}$/, "recordId must be a record's id").optional(),
    ...dateRange(),
  },
  aliases: { limit: "per_page", order: "sortOrder", sort: "sortBy" },
});

export type AuditFilters = ListFilterValues<typeof auditList.filters>;
