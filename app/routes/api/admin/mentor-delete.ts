import type { Route } from "./+types/mentor-delete";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { softDeleteAccount } from "#app/modules/accounts/accounts.server.ts";

export const loader = () => methodNotAllowed();

/** DELETE /api/admin/delete-mentor-by-id/{id}: a soft delete that keeps the guide's history. */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const id = idParam(params.id);
  await softDeleteAccount("guide", id, signedInUser(context));
  return { message: "Mentor deleted successfully", id };
});
