import type { Route } from "./+types/admin-profile-update";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { adminProfileSchema } from "#app/modules/admin-account/schema.ts";
import { updateAdminProfile } from "#app/modules/admin-account/admin-account.server.ts";

export const loader = () => methodNotAllowed();

/** PUT /api/admin/update-admin-profile {name, email} → {message, user}; 409 when the e-mail is taken. */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const input = parseOr400(adminProfileSchema, await jsonBody(request));
  const user = await updateAdminProfile(signedInUser(context), input);
  return { message: "Profile updated successfully", user };
});
