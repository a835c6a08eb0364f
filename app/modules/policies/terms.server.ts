import { prisma } from "#app/lib/db.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { canSeeAccount } from "#app/modules/accounts/policy.ts";
import { TERMS_VERSION, type TermsAcceptance } from "./policies.ts";

/**
 * A person's acceptance of the Terms, as the console's profiles show it (the person themselves may read their own).
 * Read apart from the profile, so the API's user and guide JSON keep their shape.
 */
export async function termsAcceptanceOf(personId: number, actor: SessionUser): Promise<TermsAcceptance> {
  if (!canSeeAccount(actor, personId)) throw notFound("Account not found");
  const row = await prisma.user.findUnique({ where: { id: personId }, select: { termsVersion: true, termsAcceptedAt: true } });
  if (!row) throw notFound("Account not found");
  const version = row.termsAcceptedAt ? row.termsVersion : null;
  return { version, acceptedAt: row.termsAcceptedAt?.toISOString() ?? null, current: version === TERMS_VERSION };
}
