import { HttpError } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";

/**
 * Who may change published content: its guide only (their dashboard's Published content). Administrators read
 * every guide's (guides/policy.ts guideScope, the console's Publish Content tab) but write none; another guide's
 * item is the same 404 as a missing one.
 */
export function requireGuide(actor: SessionUser) {
  if (actor.role !== "guide") throw new HttpError(403, "Only mentors publish content");
}

export const canChangeContent = (actor: SessionUser, item: { guideId: number }) => actor.role === "guide" && actor.id === item.guideId;
