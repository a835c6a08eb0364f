import type { Route } from "./+types/reviews";
import { api } from "#app/lib/api.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { listReviews } from "#app/modules/reviews/reviews.server.ts";
import { guideReviewList } from "#app/modules/reviews/schema.ts";

/**
 * GET /api/v1/reviews (scope read): a guide's reviews received, or a mentee's written, as the guide's Reviews screen
 * lists them (page, limit, search, sort createdAt or rating, order, reply=awaiting|replied) → {reviews, meta}.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "read");
  const { state, filters } = parseList(guideReviewList, new URL(request.url).searchParams);
  const own = user.role === "guide" ? { guideId: user.id } : { userId: user.id };
  const { data, meta } = await listReviews(state, { ...own, reply: filters.reply }, user);
  return { reviews: data, meta };
});
