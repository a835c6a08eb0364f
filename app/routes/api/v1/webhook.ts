import type { Route } from "./+types/webhook";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { once } from "#app/modules/access-tokens/idempotency.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { endpointPatchSchema } from "#app/modules/webhooks/schema.ts";
import { deleteWebhookEndpoint, updateWebhookEndpoint, webhookEndpointOf } from "#app/modules/webhooks/webhooks.server.ts";
import { requireMessagesScopeFor } from "#app/modules/webhooks/policy.ts";

const METHODS = ["GET", "PATCH", "DELETE"];

/** GET /api/v1/webhooks/{id} (scope schedule): one of the holder's endpoints → {endpoint}; another's is a 404. */
export const loader = api(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "schedule");
  return { endpoint: await webhookEndpointOf(user, idParam(params.id)) };
});

/**
 * PATCH /api/v1/webhooks/{id} {url?, events?, enabled?} → {endpoint}; DELETE → {message, id} (its deliveries go with
 * it). Scope schedule; both take an Idempotency-Key.
 */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(METHODS);
  const holder = holderWith(context, "schedule");
  const id = idParam(params.id);
  return once(holder, request, async () => {
    if (request.method === "DELETE") {
      await deleteWebhookEndpoint(holder.user, id);
      return Response.json({ message: "Webhook endpoint deleted", id });
    }
    const patch = parseOr400(endpointPatchSchema, await jsonBody(request));
    requireMessagesScopeFor(holder, patch.events);
    return Response.json({ endpoint: await updateWebhookEndpoint(holder.user, id, patch) });
  });
});
