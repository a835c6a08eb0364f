import { AttemptLimit } from "#app/lib/rate-limit.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { accountMessages } from "./schema.ts";

/**
 * Limits of the public account flows, counted in the database (RateLimit) so every app server shares them.
 * "Account" is the e-mail address a request is about, "address" the client's IP address.
 */

/** Sign-ups: 5 per e-mail address and 10 per client address an hour (each one sends a mail). */
export const signUpAttempts = new AttemptLimit("sign-up", { perAccount: 5, perAddress: 10, windowMinutes: 60 });

/**
 * Codes sent to an address (sign-up, "Send a new code", sign-in of an unverified account, reset requests):
 * 5 per e-mail address and 20 per client address per 15 minutes, so nobody can flood a mailbox.
 */
export const codeRequests = new AttemptLimit("code-request", { perAccount: 5, perAddress: 20, windowMinutes: 15 });

/**
 * Wrong codes: each code allows 5 tries (verification.server.ts); on top of that a client address may get 30
 * codes wrong per 15 minutes, whichever addresses it tries them on.
 */
export const codeGuesses = new AttemptLimit("code-guess", { perAccount: 30, perAddress: 30, windowMinutes: 15 });

/** Counts one request for a code, or refuses (429) with a message that says what to do instead. */
export async function countCodeRequest(email: string, clientAddress: string | null) {
  const keys = { account: email, address: clientAddress };
  try {
    await codeRequests.assertAllowed(keys);
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) {
      const minutes = Math.max(1, Math.ceil(Number(error.headers["Retry-After"] ?? 60) / 60));
      throw new HttpError(429, accountMessages.resendLimited(minutes), error.headers);
    }
    throw error;
  }
  await codeRequests.recordFailure(keys);
}
