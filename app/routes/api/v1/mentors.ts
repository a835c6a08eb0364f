import type { Route } from "./+types/mentors";
import { api } from "#app/lib/api.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { searchMentors } from "#app/modules/mentor-search/mentor-search.server.ts";
import { defaultOrder } from "#app/modules/mentor-search/query.ts";
import { searchInput, searchSchema } from "#app/modules/mentor-search/schema.ts";

/**
 * GET /api/v1/mentors (scope read): Find a Mentor's search with every facet, the same parameters as /search (q,
 * category, specialty, language, price, pwyw, free, rating, sort, order, page) → {mentors, facets, meta}.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  holderWith(context, "read");
  const { order, ...query } = parseOr400(searchSchema, searchInput(new URL(request.url).searchParams));
  return searchMentors({ ...query, order: query.sort === "relevance" ? "desc" : (order ?? defaultOrder(query.sort)) });
});
