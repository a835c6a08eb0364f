import type { Route } from "./+types/update-user";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { updateUserSchema } from "#app/modules/users/schema.ts";
import { updateUser } from "#app/modules/users/users.server.ts";

export const loader = () => methodNotAllowed();

/** PUT /api/admin/update-user-by-id/{id} → {message, user}. The e-mail is not part of an update. */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const id = idParam(params.id);
  const input = parseOr400(updateUserSchema, await jsonBody(request));
  const user = await updateUser(id, input, signedInUser(context));
  return { message: "User updated successfully.", user };
});
