import type { Route } from "./+types/audit-log";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { listAudit } from "#app/modules/audit/audit.server.ts";
import { auditList } from "#app/modules/audit/schema.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";

/**
 * GET /api/admin/audit-log?page&limit&search&sort&order&actorId&kind&action&recordId → the audit log's rows (who, when,
 * through which door, the record, the action, the fields before and after) as {data, meta}, newest first (as CSV to
 * `Accept: text/csv` or `?format=csv`). Read only:
 * no method of this route or any other changes a row.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports["audit-log"].csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(auditList, new URL(request.url).searchParams);
  return listAudit(state, filters, signedInUser(context));
});
