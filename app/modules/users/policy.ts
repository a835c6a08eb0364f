import type { SessionUser } from "#app/lib/session.server.ts";
import { isAdmin } from "#app/modules/accounts/policy.ts";

/** A mentee's profile: an admin may see and change any, a user only their own. */
export function canSeeUser(actor: SessionUser, userId: number) {
  return isAdmin(actor) || (actor.role === "user" && actor.id === userId);
}
