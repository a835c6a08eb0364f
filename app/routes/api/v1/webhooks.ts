import type { Route } from "./+types/webhooks";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { once } from "#app/modules/access-tokens/idempotency.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { newEndpointSchema } from "#app/modules/webhooks/schema.ts";
import { createWebhookEndpoint, webhookEndpointsOf } from "#app/modules/webhooks/webhooks.server.ts";
import { requireMessagesScopeFor } from "#app/modules/webhooks/policy.ts";

/** GET /api/v1/webhooks (scope schedule): the holder's webhook endpoints, newest first → {endpoints}. */
export const loader = api(async ({ context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "schedule");
  return { endpoints: await webhookEndpointsOf(user) };
});

/**
 * POST /api/v1/webhooks (scope schedule; `messages` too for message.created): adds an endpoint {url, events} → 201
 * {endpoint, secret}; the secret is shown this once. Takes an Idempotency-Key.
 */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const holder = holderWith(context, "schedule");
  return once(holder, request, async () => {
    const input = parseOr400(newEndpointSchema, await jsonBody(request));
    requireMessagesScopeFor(holder, input.events);
    const { endpoint, secret } = await createWebhookEndpoint(holder.user, input);
    return Response.json({ endpoint, secret }, { status: 201 });
  });
});
