import type { Route } from "./+types/all-reviews";
import { api } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { listReviews } from "#app/modules/reviews/reviews.server.ts";
import { reviewListDefaults } from "#app/modules/reviews/schema.ts";
import { peopleFilters } from "#app/modules/users/people-filters.server.ts";

/**
 * GET /api/admin/all/reviews: limit, page, sortOrder (ASC or DESC, any case), search, guideId (mentorId),
 * userId (the author) → {data, meta}; newest first. A filter by a person who never existed is a 404.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  const query = new URL(request.url).searchParams;
  const state = parseListParams(query, reviewListDefaults, { order: "sortOrder", sort: "sortBy" });
  const { guideId, userId } = await peopleFilters(query);
  return listReviews(state, { guideId, userId }, signedInUser(context));
});
