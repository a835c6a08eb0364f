import type { SessionUser } from "#app/lib/session.server.ts";
import { isAdmin } from "#app/modules/accounts/policy.ts";

/** A saved view is its admin's alone: another admin's view answers like one that does not exist (404). */
export function canSeeSavedView(actor: SessionUser, view: { adminId: number }) {
  return isAdmin(actor) && view.adminId === actor.id;
}
