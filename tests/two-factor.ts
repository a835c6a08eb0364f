import { prisma } from "#app/lib/db.server.ts";
import { sealSecret } from "#app/modules/two-factor/secret-box.server.ts";
import { currentCode, newSecret, TOTP_PERIOD_MS } from "#app/modules/two-factor/totp.ts";
import { cookiesFrom, postForm, TEST_PASSWORD } from "./app.ts";

// Two-factor sign-in for tests: a person's authenticator app turned on with a known secret, and the codes it makes.

/** Turns two-factor sign-in on for a person, as confirming the setup does; returns the secret (base32). */
export async function turnOnTwoFactor(userId: number) {
  const secret = newSecret();
  await prisma.twoFactor.create({ data: { userId, secret: sealSecret(secret), enabledAt: new Date() } });
  return secret;
}

/**
 * A code the app accepts now: the current 30-second step's, or the next one's when this step's code was used
 * already (the app accepts the steps either side of now, each once).
 */
export async function freshCode(userId: number, secret: string) {
  const row = await prisma.twoFactor.findUnique({ where: { userId }, select: { lastStep: true } });
  const now = Math.floor(Date.now() / TOTP_PERIOD_MS);
  const step = Math.max(now, (row?.lastStep ?? 0) + 1);
  if (step > now + 1) throw new Error("Both codes of this moment are used: wait for the next step");
  return currentCode(secret, step * TOTP_PERIOD_MS);
}

/** Signs in through the forms as a browser does: the password, then the code step. */
export async function signInWithCode(
  person: { id: number; email: string },
  secret: string,
  { path = "/admin/login", redirectTo }: { path?: string; redirectTo?: string } = {},
) {
  const target: Record<string, string> = redirectTo ? { redirectTo } : {};
  const password = await postForm(path, { email: person.email, password: TEST_PASSWORD, ...target });
  const pending = cookiesFrom(password);
  const step = password.headers.get("Location") ?? "";
  const response = await postForm(step, { code: await freshCode(person.id, secret), ...target }, pending);
  return { password, step, response, cookie: cookiesFrom(response, pending) };
}
