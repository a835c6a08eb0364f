import type { Route } from "./+types/availability-overrides";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { once } from "#app/modules/access-tokens/idempotency.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { requireGuide } from "#app/modules/schedule/policy.ts";
import { addOverride, listOverrides } from "#app/modules/schedule/schedule.server.ts";
import { overrideSchema } from "#app/modules/schedule/schema.ts";

/** GET /api/v1/availability/overrides (scope schedule, guides): the date overrides from today on, soonest first. */
export const loader = api(async ({ context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "schedule");
  requireGuide(user);
  return { overrides: await listOverrides(user.id) };
});

/**
 * POST /api/v1/availability/overrides (scope schedule, guides): one date's own hours {date, start, end}, or a day
 * off {date}, with the Availability form's rules and words → 201 {override}. Takes an Idempotency-Key.
 */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const holder = holderWith(context, "schedule");
  return once(holder, request, async () => {
    requireGuide(holder.user);
    const override = await addOverride(holder.user.id, parseOr400(overrideSchema, await jsonBody(request)));
    return Response.json({ override }, { status: 201 });
  });
});
