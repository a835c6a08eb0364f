import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { EyeOff, Eye } from "#app/components/ui/icons.ts";
import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Textarea } from "#app/components/ui/field.tsx";
import { RouteDialog, useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { Rating } from "./rating.tsx";
import type { ReviewRow, ReviewToModerate } from "./reviews.server.ts";
import { HIDE_REASON_MAX, reviewExcerpt } from "./schema.ts";

/** The URL parameter that opens the hide dialog for one review (?hide=12): it opens, reloads and works without JavaScript. */
export const HIDE_PARAM = "hide";

/**
 * The console's hide / show under one review card. Showing a hidden review again is one button; hiding asks for the
 * reason in a dialog (HideReviewDialog), so a page of cards holds one form with a reason, not one per card.
 */
export function ReviewModeration({ review }: { review: ReviewRow }) {
  const hrefWith = useSearchHref();
  const pending = useIsPending({ match: (form) => form.get("reviewId") === String(review.id) });
  if (review.hiddenAt) {
    return (
      <Form method="post" preventScrollReset className="border-t border-slate-100 pt-3">
        <input type="hidden" name="reviewId" value={review.id} />
        <Button type="submit" name="intent" value="unhide" variant="secondary" size="sm" disabled={pending}>
          <Eye className="size-4" />
          {pending ? "Showing…" : "Show review again"}
        </Button>
      </Form>
    );
  }
  return (
    <div className="border-t border-slate-100 pt-3">
      <Link
        to={hrefWith({ [HIDE_PARAM]: review.id })}
        preventScrollReset
        aria-label={`Hide review by ${review.author}`}
        className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-red-700 underline-offset-2 hover:underline"
      >
        <EyeOff className="size-4" /> Hide review
      </Link>
    </div>
  );
}

/** Hiding one review: who wrote it about whom, what it says, and the reason (kept with the review and shown to the guide). */
export function HideReviewDialog({ review, lastResult }: { review: ReviewToModerate; lastResult: SubmissionResult<string[]> | undefined }) {
  const hrefWith = useSearchHref();
  const closeHref = hrefWith({ [HIDE_PARAM]: null });
  const pending = useIsPending({ intent: "hide" });
  const [form, fields] = useAppForm({
    id: `hide-${review.id}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/reviews/schema.ts").then((module) => module.reviewModerationSchema),
  });
  const reason = fields.reason as typeof fields.reviewId;
  const { key, ...reasonProps } = getTextareaProps(reason);
  return (
    <RouteDialog title="Hide review" description={`By ${review.author}, about ${review.guideName}`} closeHref={closeHref}>
      <figure className="grid gap-2 rounded-md bg-slate-50 p-3">
        <Rating rating={review.rating} />
        <blockquote className="whitespace-pre-line text-sm text-slate-700">
          {reviewExcerpt(review.content)}
        </blockquote>
      </figure>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-4 grid gap-2">
        <input type="hidden" name="reviewId" value={review.id} />
        <input type="hidden" name="intent" value="hide" />
        <label htmlFor={reason.id} className="text-sm font-medium text-slate-800">Reason for hiding</label>
        <Textarea key={key} {...reasonProps} rows={3} maxLength={HIDE_REASON_MAX} aria-describedby={`${reason.id}-hint ${reason.errorId}`} />
        <p id={`${reason.id}-hint`} className="text-xs text-slate-500">The guide sees this reason. The review leaves the public profile and the rating.</p>
        <ErrorList id={reason.errorId} errors={reason.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="mt-2 flex justify-end gap-3">
          <Button variant="secondary" asChild>
            <Link to={closeHref} replace preventScrollReset>Cancel</Link>
          </Button>
          <Button type="submit" variant="danger" disabled={pending}>{pending ? "Hiding…" : "Hide review"}</Button>
        </div>
      </Form>
    </RouteDialog>
  );
}
