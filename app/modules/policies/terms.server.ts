import { prisma } from "#app/lib/db.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { dateOf } from "#app/lib/sql.server.ts";
import { canSeeAccount } from "#app/modules/accounts/policy.ts";
import { TERMS_VERSION, type TermsAcceptance } from "./policies.ts";

/**
 * A person's acceptance of the Terms, as the console's profiles show it (the person themselves may read their own).
 * Read apart from the profile, so the API's user and guide JSON keep their shape.
 */
export async function termsAcceptanceOf(personId: number, actor: SessionUser): Promise<TermsAcceptance> {
  if (!canSeeAccount(actor, personId)) throw notFound("Account not found");
  const [row] = await prisma.$queryRaw<Array<{ termsVersion: string | null; termsAcceptedAt: unknown }>>`
    SELECT "termsVersion", "termsAcceptedAt" FROM "User" WHERE id = ${personId}`;
  if (!row) throw notFound("Account not found");
  const acceptedAt = dateOf(row.termsAcceptedAt);
  const version = acceptedAt ? row.termsVersion : null;
  return { version, acceptedAt: acceptedAt?.toISOString() ?? null, current: version === TERMS_VERSION };
}
