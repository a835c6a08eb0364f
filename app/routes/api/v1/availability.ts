import type { Route } from "./+types/availability";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { once } from "#app/modules/access-tokens/idempotency.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { requireGuide } from "#app/modules/schedule/policy.ts";
import { getAvailability, saveAvailability, scheduleLimits } from "#app/modules/schedule/schedule.server.ts";
import { availabilityApiSchema } from "#app/modules/schedule/schema.ts";

/** GET /api/v1/availability (scope schedule, guides): weekly hours and booking rules, as the Availability screen shows them. */
export const loader = api(async ({ context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "schedule");
  requireGuide(user);
  return getAvailability(user.id);
});

/**
 * PUT /api/v1/availability (scope schedule, guides): replaces the weekly hours and booking rules with the
 * Availability form's rules and words (the date overrides stay: they have their own calls) → the new state.
 * Takes an Idempotency-Key.
 */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const holder = holderWith(context, "schedule");
  return once(holder, request, async () => {
    requireGuide(holder.user);
    const input = parseOr400(availabilityApiSchema(await scheduleLimits()), await jsonBody(request));
    await saveAvailability(holder.user.id, input);
    return Response.json(await getAvailability(holder.user.id));
  });
});
