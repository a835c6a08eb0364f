import type { Route } from "./+types/admin-change-password";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { readApiToken } from "#app/lib/session.server.ts";
import { changeOwnPasswordSchema } from "#app/modules/accounts/password-schema.ts";
import { changeOwnPassword } from "#app/modules/accounts/own-password.server.ts";

export const loader = () => methodNotAllowed();

/**
 * PUT /api/admin/change-password {currentPassword, password, confirmPassword} → {message}. Every other
 * session of the admin ends; the token making the call stays valid. A wrong current password is a 400.
 */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const input = parseOr400(changeOwnPasswordSchema, await jsonBody(request));
  await changeOwnPassword(signedInUser(context), input, { keepToken: readApiToken(request), clientAddress: context.get(requestInfo).clientAddress });
  return { message: "Password changed successfully" };
});
