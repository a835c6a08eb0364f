import type { SessionUser } from "#app/lib/session.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";

/** Only an admin publishes a version of the covenant (and reads who published each). */
export function requireCovenantEditor(actor: SessionUser) {
  requireAdmin(actor);
}

/**
 * A person accepts the covenant only for themself, toward the other person of a booking of theirs: the acceptance's
 * person is always the actor, never a value from the request.
 */
export function isPartyOf(actor: SessionUser, booking: { userId: number; guideId: number }) {
  return actor.id === booking.userId || actor.id === booking.guideId;
}
