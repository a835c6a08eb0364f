import { HttpError } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { TOKEN_MESSAGES } from "./scopes.ts";

/**
 * Personal access tokens are a mentee's or guide's own: each manages only theirs (every query is scoped to the actor),
 * and an administrator has the admin API's token instead, so that door and this one never mix.
 */
export function requireTokenOwner(actor: SessionUser) {
  if (actor.role !== "user" && actor.role !== "guide") throw new HttpError(403, TOKEN_MESSAGES.adminRefused);
}
