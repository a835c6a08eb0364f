import type { Route } from "./+types/booking-review";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { once } from "#app/modules/access-tokens/idempotency.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { getReviewForm, saveReview } from "#app/modules/reviews/reviews.server.ts";
import { reviewFormSchema } from "#app/modules/reviews/schema.ts";

/**
 * GET /api/v1/bookings/{id}/review (scope read): the mentee's review of their session and what they may do with it
 * now (mode create, update, readOnly or notYet, and until when it can be changed).
 */
export const loader = api(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "read");
  return getReviewForm(idParam(params.id), user);
});

/**
 * POST /api/v1/bookings/{id}/review (scope book) writes the review of a completed session {rating, content} → 201;
 * PATCH changes it within the edit window → 200. Both answer what GET does. Another person's booking is a 404; a
 * session not completed, a second review or a change after the window, a 409. Takes an Idempotency-Key.
 */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  const intent = request.method === "POST" ? "create" : request.method === "PATCH" ? "update" : null;
  if (!intent) return methodNotAllowed(["GET", "POST", "PATCH"]);
  const holder = holderWith(context, "book");
  return once(holder, request, async () => {
    const bookingId = idParam(params.id);
    // Another person's booking (or a missing one) is a 404 before the body is read, as on the screen.
    await getReviewForm(bookingId, holder.user);
    const input = parseOr400(reviewFormSchema, { ...(await jsonBody(request)), intent });
    await saveReview(bookingId, input, holder.user);
    return Response.json(await getReviewForm(bookingId, holder.user), { status: intent === "create" ? 201 : 200 });
  });
});
