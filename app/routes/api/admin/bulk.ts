import type { Route } from "./+types/bulk";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { notFound, parseOr400 } from "#app/lib/http.server.ts";
import { applyBulkChange } from "#app/modules/bulk/bulk.server.ts";
import { bulkApiSchema } from "#app/modules/bulk/schema.ts";
import { BULK_LISTS, bulkOutcome } from "#app/modules/bulk/texts.ts";
import { matchingIds } from "#app/routes/admin/bulk-lists.server.ts";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/admin/bulk/{list} {action, ids} or {action, query} (and `reason` with reject and hide): counts changed and
 * skipped, and the undo token (null when the change cannot be undone).
 */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = signedInUser(context);
  const list = BULK_LISTS.find((name) => name === params.list);
  if (!list) throw notFound(`No list "${params.list}" takes bulk changes`);
  const input = parseOr400(bulkApiSchema, await jsonBody(request));
  const ids = input.ids ?? (await matchingIds(list, input.query ?? "", admin));
  const outcome = await applyBulkChange(list, input.action, ids, admin, { reason: input.reason });
  return { message: bulkOutcome(list, input.action, outcome.changed, outcome.skipped), ...outcome };
});
