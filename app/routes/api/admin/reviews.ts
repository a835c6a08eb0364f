import type { Route } from "./+types/reviews";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { requireAccount } from "#app/modules/accounts/accounts.server.ts";
import { profileReviewList } from "#app/modules/reviews/schema.ts";
import { listReviews } from "#app/modules/reviews/reviews.server.ts";

/**
 * GET /api/admin/guides/reviews/{id} (reviews a guide received) and /api/admin/users/reviews/{id}
 * (reviews a mentee wrote): limit, page, search, sortOrder ASC|DESC → {data, meta}.
 */
export const loader = api(async ({ request, params, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const role = url.pathname.startsWith("/api/admin/guides/") ? "guide" : "user";
  const id = idParam(params.id);
  if (wantsCsv(request)) return listExports[`${role}-reviews`].csv(url.searchParams, signedInUser(context), id);
  const { state, filters } = parseList(profileReviewList, url.searchParams);
  await requireAccount(role, id);
  return listReviews(state, role === "guide" ? { ...filters, guideId: id } : { ...filters, userId: id }, signedInUser(context));
});
