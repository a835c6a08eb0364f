import type { Route } from "./+types/availability-override";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { once } from "#app/modules/access-tokens/idempotency.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { requireGuide } from "#app/modules/schedule/policy.ts";
import { removeOverride } from "#app/modules/schedule/schedule.server.ts";

/** DELETE /api/v1/availability/overrides/{id} (scope schedule, guides): removes one of the guide's date overrides. */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const holder = holderWith(context, "schedule");
  return once(holder, request, async () => {
    requireGuide(holder.user);
    const id = idParam(params.id);
    await removeOverride(holder.user.id, id);
    return Response.json({ message: "Date override removed", id });
  });
});

export const loader = () => methodNotAllowed(["DELETE"]);
