import type { Route } from "./+types/auth-login";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { EmailNotVerifiedError, limitSignIn, SignInError, verifyCredentials } from "#app/lib/auth.server.ts";
import { HttpError, parseOr400 } from "#app/lib/http.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { createSession } from "#app/lib/session.server.ts";
import { accountMessages } from "#app/modules/accounts/schema.ts";
import { remindToVerify } from "#app/modules/accounts/sign-up.server.ts";
import { apiSignInSchema, twoFactorMessages } from "#app/modules/two-factor/schema.ts";
import { checkSecondFactor, secondStepFor } from "#app/modules/two-factor/two-factor.server.ts";

export const loader = () => methodNotAllowed();

/**
 * POST /api/auth/login {email, password[, code]} → {token, user}. The token is an API session for the Authorization
 * header. An account whose address is not verified yet gets 403 {message} and a fresh code by e-mail. An account with
 * two-factor sign-in needs `code` (401 without it, or wrong; wrong codes are limited); an administrator who has not
 * set it up yet gets 403 (the setup is on the sign-in page).
 */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { email, password, code } = parseOr400(apiSignInSchema, await jsonBody(request));
  const { clientAddress } = context.get(requestInfo);
  try {
    const user = await limitSignIn({ email, clientAddress }, () => verifyCredentials(email, password));
    const step = await secondStepFor(user);
    if (step === "setup") throw new HttpError(403, twoFactorMessages.setupNeeded);
    if (step === "code") {
      if (!code) throw new HttpError(401, twoFactorMessages.codeNeeded);
      await checkSecondFactor(user, code, clientAddress);
    }
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
