import type { Route } from "./+types/reviews";
import { ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { MissingNotice } from "#app/components/ui/missing-notice.tsx";
import { parseWithZod } from "@conform-to/zod/v4";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { backTo, HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { HIDE_PARAM, HideReviewDialog, ReviewModeration } from "#app/modules/reviews/review-moderation.tsx";
import { dateRangeChoices } from "#app/lib/date-range.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { knownTimeZone } from "#app/lib/time-zones.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { ReviewCards, reviewCardsFrame } from "#app/modules/reviews/review-cards.tsx";
import { listReviews, reviewToModerate, setReviewHidden } from "#app/modules/reviews/reviews.server.ts";
import { reviewList, reviewModerationSchema, type ReviewSort } from "#app/modules/reviews/schema.ts";
import { PeopleFilterBar } from "#app/modules/users/people-filter-bar.tsx";
import { peopleFilterBar } from "#app/modules/users/person-picker.server.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";

const frame = { ...reviewCardsFrame, title: "Reviews", width: "max-w-5xl" } satisfies ListFrame<ReviewSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInUser(context);
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(reviewList, url);
    const people = await peopleFilterBar(url.searchParams, filters);
    const { data: reviews, meta } = await listReviews(state, filters, admin);
    redirectPastLastPage(url, state, meta);
    const hideId = parseId(url.searchParams.get(HIDE_PARAM));
    const toHide = hideId ? await reviewToModerate(hideId, admin) : null;
    return { reviews, meta, state, filters, people, toHide, missing: Boolean(hideId && !toHide), rangeChoices: dateRangeChoices(knownTimeZone(admin.timeZone)) };
  } catch (error) {
    throwForScreen(error);
  }
}

/** Hide a review with a reason, or show it again: the guide's rating is recomputed with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: reviewModerationSchema });
  if (submission.status !== "success") return replyToForm(submission);
  const input = submission.value;
  try {
    await setReviewHidden(input.reviewId, input.intent === "hide" ? { reason: input.reason } : null, admin);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { toast: "Action Failed" });
  }
  return redirectWithSuccess(backTo(request, [HIDE_PARAM]), {
    message: "Action Successful",
    description: input.intent === "hide" ? "The review is hidden from the public profile." : "The review is shown again.",
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews · Ministry Mentors" }];

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, meta, state, filters, people, toHide, missing, rangeChoices } = loaderData;
  return (
    <>
      <ReviewCards
        saveView={<SaveView list="reviews" />}
        frame={frame}
        perspective="guide"
        list={reviewList}
        reviews={reviews}
        meta={meta}
        state={state}
        filters={
          <PeopleFilterBar
            {...people}
            selects={[
              { name: "reply", label: "Guide's reply", value: filters.reply ?? "", allLabel: "Replied or not", options: [{ value: "awaiting", label: "Awaiting reply" }, { value: "replied", label: "Replied" }] },
            ]}
            range={{ legend: "Review date", from: filters.from ?? "", to: filters.to ?? "", choices: rangeChoices }}
          />
        }
        notice={missing ? <MissingNotice>Review not found. It may have been deleted or hidden already.</MissingNotice> : null}
        actions={(review) => <ReviewModeration review={review} />}
        exportList={{ name: "reviews" }}
        selectable
      />
      {toHide ? <HideReviewDialog key={toHide.id} review={toHide} lastResult={actionData} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ListScreenError frame={frame} linkLabel="Retry">
      Failed to load reviews: {routeErrorMessage(error) || "Unknown error"}
    </ListScreenError>
  );
}
