import type { Route } from "./+types/reviews";
import { ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { backTo, HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { moderationKey, ReviewModeration } from "#app/modules/reviews/review-moderation.tsx";
import { parseList, redirectPastLastPage } from "#app/lib/list.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { ReviewCards, reviewCardsFrame } from "#app/modules/reviews/review-cards.tsx";
import { listReviews, setReviewHidden } from "#app/modules/reviews/reviews.server.ts";
import { reviewList, reviewModerationSchema, type ReviewSort } from "#app/modules/reviews/schema.ts";
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

/** Hide a review with a reason, or show it again: the guide's rating is recomputed with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const formData = await request.formData();
  const as = moderationKey(formData.get("reviewId"));
  const submission = parseWithZod(formData, { schema: reviewModerationSchema });
  if (submission.status !== "success") return replyToForm(submission, { as });
  const input = submission.value;
  try {
    await setReviewHidden(input.reviewId, input.intent === "hide" ? { reason: input.reason } : null, admin);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { as, toast: "Action Failed" });
  }
  return redirectWithSuccess(backTo(request), {
    message: "Action Successful",
    description: input.intent === "hide" ? "The review is hidden from the public profile." : "The review is shown again.",
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews · Ministry Mentors" }];

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, meta, state, people } = loaderData;
  const replies = (actionData ?? {}) as Record<string, SubmissionResult<string[]> | undefined>;
  return (
    <ReviewCards
      frame={frame}
      perspective="guide"
      list={reviewList}
      reviews={reviews}
      meta={meta}
      state={state}
      filters={<PeopleFilterBar {...people} />}
      actions={(review) => <ReviewModeration key={`${review.id}-${review.hiddenAt ?? ""}`} review={review} lastResult={replies[moderationKey(String(review.id))]} />}
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
