import { z } from "zod";
import { isoDate } from "#app/lib/openapi/shapes.ts";
import { AUDIT_ACTIONS, AUDIT_KINDS } from "./types.ts";

const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A row of GET /api/admin/audit-log (AuditRow of types.ts). */
export const auditRow = z.object({
  id: z.number().int(),
  createdAt: isoDate,
  actorId: z.number().int(),
  actorName: z.string(),
  door: z.enum(["screen", "api"]),
  recordKind: z.enum(AUDIT_KINDS),
  recordId: z.string(),
  recordLabel: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  changes: z.record(z.string(), z.object({ before: value, after: value })).describe("The fields that changed, before and after"),
});
