import type { Route } from "./+types/reviews";
import { ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { parseList, redirectPastLastPage } from "#app/lib/list.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { ReviewCards, reviewCardsFrame } from "#app/modules/reviews/review-cards.tsx";
import { listReviews } from "#app/modules/reviews/reviews.server.ts";
import { reviewList, type ReviewSort } from "#app/modules/reviews/schema.ts";
import { PeopleFilterBar } from "#app/modules/users/people-filter-bar.tsx";
import { peopleFilterBar } from "#app/modules/users/person-picker.server.ts";

const frame = { ...reviewCardsFrame, title: "Reviews", width: "max-w-5xl" } satisfies ListFrame<ReviewSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { state, filters } = parseList(reviewList, url.searchParams);
    const people = await peopleFilterBar(url.searchParams, filters);
    const { data: reviews, meta } = await listReviews(state, filters, signedInUser(context));
    redirectPastLastPage(url, state, meta);
    return { reviews, meta, state, people };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews · Ministry Mentors" }];

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { reviews, meta, state, people } = loaderData;
  return (
    <ReviewCards
      frame={frame}
      perspective="guide"
      list={reviewList}
      reviews={reviews}
      meta={meta}
      state={state}
      filters={<PeopleFilterBar {...people} />}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ListScreenError frame={frame} linkLabel="Retry">
      Failed to load reviews: {routeErrorMessage(error) || "Unknown error"}
    </ListScreenError>
  );
}
