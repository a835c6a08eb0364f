import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { EyeOff, Eye } from "lucide-react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Textarea } from "#app/components/ui/field.tsx";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import type { ReviewRow } from "./reviews.server.ts";
import { HIDE_REASON_MAX } from "./schema.ts";

/** The key an action files a card's form reply under, so the right card shows its messages. */
export const moderationKey = (reviewId: unknown) => `moderate-${typeof reviewId === "string" ? reviewId.replace(/\D/g, "").slice(0, 12) : ""}`;

/**
 * The console's hide / show of one review. Hiding asks for the reason (kept with the review and shown to the guide);
 * a hidden review leaves the public profile and the guide's rating. Plain forms: they work without JavaScript.
 */
export function ReviewModeration({ review, lastResult }: { review: ReviewRow; lastResult: SubmissionResult<string[]> | undefined }) {
  const pending = useIsPending({ match: (form) => form.get("reviewId") === String(review.id) });
  const [form, fields] = useAppForm({
    id: `moderate-${review.id}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/reviews/schema.ts").then((module) => module.reviewModerationSchema),
  });
  if (review.hiddenAt) {
    return (
      <Form method="post" preventScrollReset className="border-t border-slate-100 pt-3">
        <input type="hidden" name="reviewId" value={review.id} />
        <Button type="submit" name="intent" value="unhide" variant="secondary" size="sm" disabled={pending}>
          <Eye aria-hidden className="size-4" />
          {pending ? "Showing…" : "Show review again"}
        </Button>
      </Form>
    );
  }
  const reasonField = fields.reason as typeof fields.reviewId;
  const { key, ...reasonProps } = getTextareaProps(reasonField);
  const failed = Boolean(lastResult?.error && Object.keys(lastResult.error).length);
  return (
    <details className="border-t border-slate-100 pt-3" open={failed || undefined}>
      <summary className="inline-flex cursor-pointer items-center gap-1.5 rounded-md text-sm font-medium text-red-700 hover:underline">
        <EyeOff aria-hidden className="size-4" /> Hide review
      </summary>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="mt-3 grid gap-2">
        <input type="hidden" name="reviewId" value={review.id} />
        <input type="hidden" name="intent" value="hide" />
        <label htmlFor={reasonField.id} className="text-sm font-medium text-slate-800">Reason for hiding</label>
        <Textarea key={key} {...reasonProps} rows={2} maxLength={HIDE_REASON_MAX} aria-describedby={`${reasonField.id}-hint ${reasonField.errorId}`} />
        <p id={`${reasonField.id}-hint`} className="text-xs text-slate-500">The guide sees this reason. The review leaves the public profile and the rating.</p>
        <ErrorList id={reasonField.errorId} errors={reasonField.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" variant="danger" size="sm" className="w-fit" disabled={pending}>{pending ? "Hiding…" : "Hide review"}</Button>
      </Form>
    </details>
  );
}
