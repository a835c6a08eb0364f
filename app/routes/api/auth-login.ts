import type { Route } from "./+types/auth-login";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { EmailNotVerifiedError, limitSignIn, SignInError, verifyCredentials } from "#app/lib/auth.server.ts";
import { credentialsSchema } from "#app/lib/auth-schema.ts";
import { HttpError, parseOr400 } from "#app/lib/http.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { createSession } from "#app/lib/session.server.ts";
import { accountMessages } from "#app/modules/accounts/schema.ts";
import { remindToVerify } from "#app/modules/accounts/sign-up.server.ts";

export const loader = () => methodNotAllowed();

/**
 * POST /api/auth/login {email, password} → {token, user}. The token is an API session for the Authorization header.
 * An account whose address is not verified yet gets 403 {message} and a fresh code by e-mail.
 */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { email, password } = parseOr400(credentialsSchema, await jsonBody(request));
  const { clientAddress } = context.get(requestInfo);
  try {
    const user = await limitSignIn({ email, clientAddress }, () => verifyCredentials(email, password));
    const token = await createSession(user.id, "api");
    return { token, user: { id: user.id, name: user.name, email: user.email, userType: user.role } };
  } catch (error) {
    if (error instanceof EmailNotVerifiedError) {
      await remindToVerify(error.email, clientAddress);
      throw new HttpError(403, accountMessages.awaitingVerificationApi);
    }
    if (error instanceof SignInError) throw new HttpError(401, error.message);
    throw error;
  }
});
