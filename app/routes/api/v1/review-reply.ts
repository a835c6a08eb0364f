import type { Route } from "./+types/review-reply";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { once } from "#app/modules/access-tokens/idempotency.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { replyToReview } from "#app/modules/reviews/reviews.server.ts";
import { reviewReplySchema } from "#app/modules/reviews/schema.ts";

/**
 * POST /api/v1/reviews/{id}/reply (scope schedule, guides): the guide's reply under a review about them {response},
 * once → {reviewId, mentorResponse, mentorRespondedAt}. Anyone else's review is a 404; a second reply, a 409.
 */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const holder = holderWith(context, "schedule");
  return once(holder, request, async () => {
    const { reviewId, response } = parseOr400(reviewReplySchema, { ...(await jsonBody(request)), reviewId: idParam(params.id) });
    return Response.json(await replyToReview(reviewId, response, holder.user));
  });
});

export const loader = () => methodNotAllowed(["POST"]);
