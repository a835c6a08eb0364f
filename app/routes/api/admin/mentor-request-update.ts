import type { Route } from "./+types/mentor-request-update";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { decideGuideRequest } from "#app/modules/guide-requests/guide-requests.server.ts";
import { APPROVE, decisionSchema } from "#app/modules/guide-requests/schema.ts";

export const loader = () => methodNotAllowed();

/** PATCH /api/admin/mentor-request-update/{guideId}/{actionId}: 1 approves, 2 rejects with body {declineReason}. */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed();
  const body = await jsonBody(request);
  const decision = parseOr400(decisionSchema, { guideId: params.guideId, actionId: params.actionId, declineReason: body.declineReason });
  const result = await decideGuideRequest(decision, signedInUser(context));
  return { message: decision.actionId === APPROVE ? "Guide request Approved" : "Guide request Rejected", request: result };
});
