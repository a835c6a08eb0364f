import { Link, useLocation } from "react-router";
import type { Route } from "./+types/reviews";
import { useListLoading } from "#app/components/ui/data-table.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { parseListParams, redirectPastLastPage } from "#app/lib/list.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { expandedReviews, ReviewCards } from "#app/modules/reviews/review-cards.tsx";
import { listReviews } from "#app/modules/reviews/reviews.server.ts";
import { reviewListDefaults } from "#app/modules/reviews/schema.ts";
import { PeopleFilterBar } from "#app/modules/users/people-filter-bar.tsx";
import { guideOptions, peopleFilters } from "#app/modules/users/people-filters.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const state = parseListParams(url.searchParams, reviewListDefaults);
    const { guideId, userId, user } = await peopleFilters(url.searchParams);
    const guides = await guideOptions(guideId);
    const { data: reviews, meta } = await listReviews(state, { guideId, userId }, signedInUser(context));
    redirectPastLastPage(url, state, meta);
    return { reviews, meta, state, filters: { guideId, userId }, user, guides };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews · Ministry Mentors" }];

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { reviews, meta, state, filters, user, guides } = loaderData;
  const location = useLocation();
  const loading = useListLoading();
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Reviews</h1>
      <ReviewCards
        perspective="guide"
        reviews={reviews}
        meta={meta}
        state={state}
        defaults={reviewListDefaults}
        loading={loading}
        expandedIds={expandedReviews(location.search)}
        filters={<PeopleFilterBar guides={guides} guideId={filters.guideId} user={user} />}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Reviews</h1>
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-700">
        Failed to load reviews: {message || "Unknown error"}
        <br />
        <Link to="." className="mt-2 inline-block font-medium text-brand-600 underline">Retry</Link>
      </div>
    </div>
  );
}
