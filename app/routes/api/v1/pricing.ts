import type { Route } from "./+types/pricing";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { once } from "#app/modules/access-tokens/idempotency.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { requireGuide } from "#app/modules/schedule/policy.ts";
import { getPricing, savePricing } from "#app/modules/schedule/schedule.server.ts";
import { pricingApiSchema } from "#app/modules/schedule/schema.ts";

/** GET /api/v1/pricing (scope schedule, guides): the prices of the lengths offered, in cents, as the Pricing screen shows them. */
export const loader = api(async ({ context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "schedule");
  requireGuide(user);
  return getPricing(user.id);
});

/**
 * PUT /api/v1/pricing (scope schedule, guides): replaces the prices with the Pricing form's rules (money in cents)
 * → the new prices. Lengths are chosen with the availability; a price for a length not offered is ignored, as on
 * the screen. Takes an Idempotency-Key.
 */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const holder = holderWith(context, "schedule");
  return once(holder, request, async () => {
    requireGuide(holder.user);
    await savePricing(holder.user.id, parseOr400(pricingApiSchema, await jsonBody(request)));
    return Response.json(await getPricing(holder.user.id));
  });
});
