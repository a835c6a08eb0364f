import type { Route } from "./+types/bulk-undo";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { undoBulkChange } from "#app/modules/bulk/bulk.server.ts";
import { undoOutcome } from "#app/modules/bulk/texts.ts";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/admin/bulk/undo/{token}: restores what that bulk change of the caller altered, within 10 seconds. */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const outcome = await undoBulkChange(params.token, signedInUser(context));
  return { message: undoOutcome(outcome.list, outcome.restored, outcome.skipped), ...outcome };
});
