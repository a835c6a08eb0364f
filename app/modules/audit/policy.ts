import type { SessionUser } from "#app/lib/session.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";

/** The audit log is the support team's: only an admin reads it, and nobody edits or deletes a row (no function does). */
export function requireAuditReader(actor: SessionUser) {
  requireAdmin(actor);
}

/** Who opened a person's records: the person themself reads it in their Settings, an admin on their console profile. */
export function requireOpenedReader(actor: SessionUser, personId: number) {
  if (actor.id !== personId) requireAdmin(actor);
}
