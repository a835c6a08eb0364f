import type { Route } from "./+types/delete-user";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { softDeleteAccount } from "#app/modules/accounts/accounts.server.ts";

export const loader = () => methodNotAllowed();

/** DELETE /api/admin/delete-user-by-id/{id}: a soft delete that keeps the person's history. */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const id = idParam(params.id);
  await softDeleteAccount("user", id, signedInUser(context));
  return { message: "User deleted successfully", id };
});
