import { redirect } from "react-router";
import { authLinks } from "#app/lib/links.ts";
import { commitSession, createSession, endSession, readSessionToken, userForToken, type SessionUser } from "#app/lib/session.server.ts";
import { authHref } from "#app/modules/accounts/account-links.ts";
import { secondStepFor } from "#app/modules/two-factor/two-factor.server.ts";

/**
 * After a right password (or an e-mail code): a signed-in session and on to `target`, or, when a second factor is needed, a short-lived
 * "pending" session (which signs nobody in) and on to the code step, or an administrator without one to its setup.
 */
export async function signInAfterPassword(user: Pick<SessionUser, "id" | "role">, target: string, redirectTo: string | null): Promise<never> {
  const step = await secondStepFor(user);
  if (step === "none") {
    throw redirect(target, { headers: { "Set-Cookie": await commitSession(await createSession(user.id, "web")) } });
  }
  const pending = await createSession(user.id, "pending");
  const next = step === "code" ? authLinks.twoFactor : authLinks.twoFactorSetup;
  throw redirect(authHref(next, { redirectTo }), { headers: { "Set-Cookie": await commitSession(pending) } });
}

/** The person whose password was right a moment ago (the pending session), with its token; else back to sign-in. */
export async function pendingSignIn(request: Request) {
  const token = await readSessionToken(request);
  const person = await userForToken(token, "pending");
  if (!token || !person) throw redirect(authLinks.login);
  return { token, person };
}

/** The second factor passed: the pending session gives way to a signed-in one. Returns its Set-Cookie header. */
export async function completeSignIn(pendingToken: string, person: SessionUser) {
  await endSession(pendingToken);
  return commitSession(await createSession(person.id, "web"));
}
