import { HttpError } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { SCHEDULE_MESSAGES } from "./schema.ts";

/**
 * Hours, overrides and prices are a guide's own: the dashboard's screens are behind the guide area's guard, and the
 * API's calls refuse anyone else (a mentee's token with the `schedule` scope) with a 403 that says so.
 */
export function requireGuide(actor: SessionUser) {
  if (actor.role !== "guide") throw new HttpError(403, SCHEDULE_MESSAGES.guidesOnly);
}
