import type { Route } from "./+types/webhook-secret";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { once } from "#app/modules/access-tokens/idempotency.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { rotateWebhookSecret } from "#app/modules/webhooks/webhooks.server.ts";

/** POST /api/v1/webhooks/{id}/secret (scope schedule): a new signing secret → {secret}, shown once; the old one stops. */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const holder = holderWith(context, "schedule");
  const id = idParam(params.id);
  return once(holder, request, async () => Response.json({ secret: await rotateWebhookSecret(holder.user, id) }));
});

export const loader = () => methodNotAllowed(["POST"]);
