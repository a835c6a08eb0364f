import type { Route } from "./+types/mentor";
import { api } from "#app/lib/api.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { mentorProfileQuery } from "#app/modules/mentor-profile/api-schema.ts";
import { getMentorProfile } from "#app/modules/mentor-profile/mentor-profile.server.ts";

/**
 * GET /api/v1/mentors/{id} (scope read): a live mentor's public profile as /mentor/{id} shows it (reviewsPage: a page
 * of their reviews, newest first; next free times) → the profile. Anyone who is not a live mentor is a 404.
 */
export const loader = api(async ({ request, params, context }: Route.LoaderArgs) => {
  holderWith(context, "read");
  const search = new URL(request.url).searchParams;
  const { reviewsPage } = parseOr400(mentorProfileQuery, { reviewsPage: search.get("reviewsPage") || undefined });
  return getMentorProfile(idParam(params.id), { reviewsPage });
});
