import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { Route } from "./+types/reviews";
import { ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { ErrorList, Textarea } from "#app/components/ui/field.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { backTo, HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { ReviewCards, reviewCardsFrame } from "#app/modules/reviews/review-cards.tsx";
import type { ReviewRow } from "#app/modules/reviews/reviews.server.ts";
import { listReviews, replyToReview } from "#app/modules/reviews/reviews.server.ts";
import { guideReviewList, guideReviewSortOptions, REPLY_MAX, reviewReplySchema, type ReviewSort } from "#app/modules/reviews/schema.ts";

const frame = {
  ...reviewCardsFrame,
  title: "Reviews",
  width: "max-w-5xl",
  empty: "No reviews yet. Mentees can review a session once it is completed: when you mark it, or on its own after it ends.",
} satisfies ListFrame<ReviewSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const guide = signedInUser(context);
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(guideReviewList, url);
    // The guide's own reviews only (reviewScope), whatever the URL says.
    const { data: reviews, meta } = await listReviews(state, { guideId: guide.id, reply: filters.reply }, guide);
    redirectPastLastPage(url, state, meta);
    return { reviews, meta, state, reply: filters.reply ?? null };
  } catch (error) {
    throwForScreen(error);
  }
}

const formKey = (reviewId: unknown) => `reply-${typeof reviewId === "string" ? reviewId.replace(/\D/g, "").slice(0, 12) : ""}`;

export async function action({ request, context }: Route.ActionArgs) {
  const guide = signedInUser(context);
  const formData = await request.formData();
  const as = formKey(formData.get("reviewId"));
  const submission = parseWithZod(formData, { schema: reviewReplySchema });
  if (submission.status !== "success") return replyToForm(submission, { as });
  try {
    await replyToReview(submission.value.reviewId, submission.value.response, guide);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { as, toast: "Submission Failed" });
  }
  return redirectWithSuccess(backTo(request), { message: "Reply Posted", description: "Your reply shows under the review on your public profile." });
}

export const meta: Route.MetaFunction = () => [{ title: "Reviews · Ministry Mentors" }];

function ReplyForm({ review, lastResult }: { review: ReviewRow; lastResult: SubmissionResult<string[]> | undefined }) {
  const posting = useIsPending({ match: (form) => form.get("reviewId") === String(review.id) });
  const [form, fields] = useAppForm({
    id: `reply-${review.id}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/reviews/schema.ts").then((module) => module.reviewReplySchema),
  });
  const { key, ...props } = getTextareaProps(fields.response);
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="grid gap-2 border-t border-slate-100 pt-3">
      <input type="hidden" name="reviewId" value={review.id} />
      <label htmlFor={fields.response.id} className="text-sm font-medium text-slate-800">{`Reply to ${review.author}`}</label>
      <Textarea
        key={key}
        {...props}
        rows={3}
        maxLength={REPLY_MAX}
        aria-describedby={`${fields.response.id}-hint ${fields.response.errorId}`}
      />
      <p id={`${fields.response.id}-hint`} className="text-xs text-slate-500">{`Shown publicly under the review as 'Mentor Reply:'. You can reply once, up to ${REPLY_MAX} characters.`}</p>
      <ErrorList id={fields.response.errorId} errors={fields.response.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" size="sm" className="w-fit" disabled={posting}>{posting ? "Posting…" : "Post reply"}</Button>
    </Form>
  );
}

export default function MentorReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, meta, state, reply } = loaderData;
  const replies = (actionData ?? {}) as Record<string, SubmissionResult<string[]> | undefined>;
  return (
    <ReviewCards
      frame={frame}
      perspective="reviewer"
      sortOptions={guideReviewSortOptions}
      list={guideReviewList}
      reviews={reviews}
      meta={meta}
      state={state}
      filters={
        <FilterBar
          selects={[
            {
              name: "reply",
              label: "Reply",
              value: reply ?? "",
              allLabel: "All reviews",
              options: [
                { value: "awaiting", label: "Awaiting my reply" },
                { value: "replied", label: "Replied" },
              ],
            },
          ]}
        />
      }
      actions={(review) => (review.mentorResponse ? null : <ReplyForm key={review.id} review={review} lastResult={replies[`reply-${review.id}`]} />)}
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
