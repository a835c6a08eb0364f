import type { Route } from "./+types/webhook-attempts";
import { api } from "#app/lib/api.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { attemptList } from "#app/modules/webhooks/schema.ts";
import { listWebhookAttempts } from "#app/modules/webhooks/webhooks.server.ts";

/**
 * GET /api/v1/webhooks/{id}/attempts (scope schedule): one endpoint's delivery attempts as Settings lists them (page,
 * limit, search by event, sort attemptedAt|statusCode|duration, outcome, event) → {attempts, meta}.
 */
export const loader = api(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "schedule");
  const id = idParam(params.id);
  const { state, filters } = parseList(attemptList, new URL(request.url).searchParams);
  const { data, meta } = await listWebhookAttempts(user, id, state, filters);
  return { attempts: data, meta };
});
