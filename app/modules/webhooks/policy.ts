import { HttpError } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { WEBHOOK_MESSAGES } from "./events.ts";

/**
 * Webhook endpoints are a mentee's or guide's own: each manages only theirs (every query is scoped to the actor), and
 * each is sent only events of their own bookings, reviews and messages, with what their dashboard shows them.
 */
export function requireWebhookOwner(actor: SessionUser) {
  if (actor.role !== "user" && actor.role !== "guide") throw new HttpError(403, WEBHOOK_MESSAGES.ownersOnly);
}
