import { authLinks } from "#app/lib/links.ts";

/** Why a person lands on /verify-email: a new account (the default) or a sign-in of an unverified one. */
export type VerifyReason = "signup" | "unverified";

const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** /verify-email for an address, keeping where the person was going (`redirectTo`, already checked with safeRedirect). */
export const verifyEmailHref = (email: string, { redirectTo, reason }: { redirectTo?: string | null; reason?: VerifyReason } = {}) =>
  withQuery(authLinks.verifyEmail, { email, reason: reason === "unverified" ? reason : null, redirectTo });

/** /signup, /login or /reset-password, keeping `redirectTo` (and an address to fill in). */
export const authHref = (path: string, query: { redirectTo?: string | null; email?: string | null } = {}) => withQuery(path, query);
