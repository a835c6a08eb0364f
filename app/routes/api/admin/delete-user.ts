import type { Route } from "./+types/delete-user";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { userIdSchema } from "#app/modules/users/schema.ts";
import { softDeleteAccount } from "#app/modules/users/users.server.ts";

export const loader = () => methodNotAllowed();

/** DELETE /api/admin/delete-user-by-id/{id}: a soft delete that keeps the person's history. */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const { id } = parseOr400(userIdSchema, params);
  await softDeleteAccount("user", id, signedInUser(context));
  return { message: "User deleted successfully", id };
});
