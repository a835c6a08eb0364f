import type { Route } from "./+types/auth-login";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { limitSignIn, SignInError, verifyCredentials } from "#app/lib/auth.server.ts";
import { credentialsSchema } from "#app/lib/auth-schema.ts";
import { HttpError, parseOr400 } from "#app/lib/http.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { createSession } from "#app/lib/session.server.ts";

export const loader = () => methodNotAllowed();

/** POST /api/auth/login {email, password} → {token, user}. The token is an API session for the Authorization header. */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { email, password } = parseOr400(credentialsSchema, await jsonBody(request));
  try {
    const user = await limitSignIn({ email, clientAddress: context.get(requestInfo).clientAddress }, () => verifyCredentials(email, password));
    const token = await createSession(user.id, "api");
    return { token, user: { id: user.id, name: user.name, email: user.email, userType: user.role } };
  } catch (error) {
    if (error instanceof SignInError) throw new HttpError(401, error.message);
    throw error;
  }
});
