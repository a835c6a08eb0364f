import type { Route } from "./+types/account-status";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { setAccountStatus } from "#app/modules/accounts/accounts.server.ts";
import { statusChangeSchema } from "#app/modules/users/schema.ts";

export const loader = () => methodNotAllowed();

/** PATCH /api/admin/{user|guide}/{id}/status/{active|inactive} */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed();
  const change = parseOr400(statusChangeSchema, params);
  const result = await setAccountStatus(change, signedInUser(context));
  return { message: change.action === "active" ? "Activated successfully" : "Deactivated successfully", ...result };
});
