import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { credentialsSchema } from "./auth-schema.ts";
import { prisma } from "./db.server.ts";
import { decoyHash, verifyPassword } from "./password.server.ts";
import { signInAttempts } from "./rate-limit.server.ts";
import type { Role } from "./roles.ts";
import type { SessionUser } from "./session.server.ts";


export const INVALID_CREDENTIALS = "Invalid email or password";
export const ACCOUNT_INACTIVE = "Your account has been deactivated. Please contact support.";

export class SignInError extends Error {}

/** The password was right, but the person never proved they own the address: they verify it first (a new code is sent). */
export class EmailNotVerifiedError extends SignInError {
  constructor(readonly email: string) {
    super("Your account is awaiting verification.");
  }
}

/**
 * Checks an e-mail and password. The same message whether the account exists or not (a deleted account counts
 * as not existing), and the same work (one argon2 verification) either way. A deactivated account is told so;
 * an account whose address was never verified is refused with EmailNotVerifiedError.
 */
export async function verifyCredentials(email: string, password: string): Promise<SessionUser> {
  const user = await prisma.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, name: true, email: true, role: true, imageId: true, status: true, isDeleted: true, emailVerifiedAt: true, password: true },
  });
  const valid = await verifyPassword(password, user?.password?.hash ?? (await decoyHash()));
  if (!user || !user.password || user.isDeleted || !valid) throw new SignInError(INVALID_CREDENTIALS);
  if (user.status !== "active") throw new SignInError(ACCOUNT_INACTIVE);
  if (!user.emailVerifiedAt) throw new EmailNotVerifiedError(user.email);
  return { id: user.id, name: user.name, email: user.email, role: user.role as Role, imageId: user.imageId };
}

/**
 * Runs one sign-in attempt within the limits on wrong passwords (per account and per client address):
 * 429 once they are used up, a failure counted for a wrong password, the account's count cleared on success.
 */
export async function limitSignIn(keys: { email: string; clientAddress: string | null }, attempt: () => Promise<SessionUser>) {
  const counted = { account: keys.email, address: keys.clientAddress };
  await signInAttempts.assertAllowed(counted);
  try {
    const user = await attempt();
    await signInAttempts.clear(counted);
    return user;
  } catch (error) {
    if (error instanceof SignInError && error.message === INVALID_CREDENTIALS) await signInAttempts.recordFailure(counted);
    throw error;
  }
}

export const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const { email, password } = credentialsSchema.parse({ email: form.get("email"), password: form.get("password") });
    return verifyCredentials(email, password);
  }),
  "form",
);
