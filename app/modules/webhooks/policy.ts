import { HttpError } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import type { TokenHolder } from "#app/modules/access-tokens/access-tokens.server.ts";
import { TOKEN_MESSAGES } from "#app/modules/access-tokens/scopes.ts";
import { WEBHOOK_MESSAGES } from "./events.ts";

/**
 * Webhook endpoints are a mentee's or guide's own: each manages only theirs (every query is scoped to the actor), and
 * each is sent only events of their own bookings, reviews and messages, with what their dashboard shows them.
 */
export function requireWebhookOwner(actor: SessionUser) {
  if (actor.role !== "user" && actor.role !== "guide") throw new HttpError(403, WEBHOOK_MESSAGES.ownersOnly);
}

/** message.created carries the person's messages: a token may ask for it only if it may read them (scope messages). */
export function requireMessagesScopeFor(holder: TokenHolder, events: readonly string[] | undefined) {
  if (events?.includes("message.created") && !holder.scopes.includes("messages")) throw new HttpError(403, TOKEN_MESSAGES.scopeMissing("messages"));
}
