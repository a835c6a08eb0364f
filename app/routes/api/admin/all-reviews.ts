import type { Route } from "./+types/all-reviews";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { listReviews } from "#app/modules/reviews/reviews.server.ts";
import { reviewList } from "#app/modules/reviews/schema.ts";
import { filteredPeople } from "#app/modules/users/people-filters.server.ts";

/**
 * GET /api/admin/all/reviews: limit, page, sortOrder (ASC or DESC, any case), search, guideId (mentorId),
 * userId (the author) → {data, meta}; newest first. A filter by a person who never existed is a 404.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports.reviews.csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(reviewList, new URL(request.url).searchParams);
  await filteredPeople(filters);
  return listReviews(state, filters, signedInUser(context));
});
