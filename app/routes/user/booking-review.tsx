import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Lock, Star } from "#app/components/ui/icons.ts";
import { useState } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/booking-review";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Textarea } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cn } from "#app/lib/cn.ts";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { userLinks } from "#app/lib/links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { Rating } from "#app/modules/reviews/rating.tsx";
import { getReviewForm, saveReview } from "#app/modules/reviews/reviews.server.ts";
import { RATING_SCALE, REVIEW_EDIT_DAYS, REVIEW_MAX, REVIEW_MIN, reviewFormSchema, reviewMessages } from "#app/modules/reviews/schema.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return await getReviewForm(recordParam(params.id, reviewMessages.bookingNotFound), signedInUser(context));
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const mentee = signedInUser(context);
  let bookingId: number;
  try {
    bookingId = recordParam(params.id, reviewMessages.bookingNotFound);
    // Another person's booking (or a missing one) is a 404 before anything is read from the form.
    await getReviewForm(bookingId, mentee);
  } catch (error) {
    throwForScreen(error);
  }
  const submission = parseWithZod(await request.formData(), { schema: reviewFormSchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    const { created } = await saveReview(bookingId, submission.value, mentee);
    return redirectWithSuccess(userLinks.bookingReview(bookingId), {
      message: created ? "Review Submitted" : "Review Updated",
      description: created ? "Thank you. Your review is on your mentor's profile." : "Your changes are saved.",
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { toast: "Submission Failed" });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Review your session · Ministry Mentors" }];

const ratingWords = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

/** Five radio buttons drawn as stars: a real radio group, so it works by keyboard and without JavaScript. */
function StarInput({ name, defaultValue, errorId, errors, disabled }: { name: string; defaultValue: number; errorId: string; errors?: string[]; disabled?: boolean }) {
  const [value, setValue] = useState(defaultValue);
  return (
    <fieldset aria-describedby={errorId} disabled={disabled} className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Your rating</legend>
      <div className="flex flex-wrap items-center gap-1">
        {Array.from({ length: RATING_SCALE }, (_, index) => {
          const stars = index + 1;
          const id = `${name}-${stars}`;
          return (
            <span key={stars} className="relative">
              <input
                id={id}
                type="radio"
                name={name}
                value={stars}
                defaultChecked={defaultValue === stars}
                onChange={() => setValue(stars)}
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              />
              <label
                htmlFor={id}
                className="grid size-11 cursor-pointer place-items-center rounded-md peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500"
              >
                <Star className={cn("size-8", stars <= value ? "fill-accent-400 text-accent-500" : "text-slate-300")} />
                <span className="sr-only">{`${stars} ${stars === 1 ? "star" : "stars"}: ${ratingWords[stars]}`}</span>
              </label>
            </span>
          );
        })}
        <span className="ml-2 text-sm text-slate-600" aria-hidden>{value ? `${value} / ${RATING_SCALE} · ${ratingWords[value]}` : "Choose 1 to 5 stars"}</span>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

function ReviewForm({ state, lastResult }: { state: Route.ComponentProps["loaderData"]; lastResult: Route.ComponentProps["actionData"] }) {
  const saving = useIsPending();
  const intent = state.mode === "update" ? "update" : "create";
  const [form, fields] = useAppForm({
    id: `review-${state.booking.id}`,
    lastResult,
    defaultValue: { rating: state.review ? String(state.review.rating) : "", content: state.review?.content ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/reviews/schema.ts").then((module) => module.reviewFormSchema),
  });
  const { key: contentKey, ...contentProps } = getTextareaProps(fields.content);
  const [length, setLength] = useState(String(fields.content.initialValue ?? "").length);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6">
      <input type="hidden" name="intent" value={intent} />
      <StarInput name={fields.rating.name} defaultValue={Number(fields.rating.initialValue) || 0} errorId={fields.rating.errorId} errors={fields.rating.errors} />
      <div className="grid gap-1.5">
        <label htmlFor={fields.content.id} className="text-sm font-medium text-slate-800">Your review</label>
        <p id={`${fields.content.id}-hint`} className="text-xs text-slate-500">
          {`What helped, and what would you tell another leader considering ${state.booking.guideName}? ${REVIEW_MIN} to ${REVIEW_MAX} characters. Your first name is shown with it.`}
        </p>
        <Textarea
          key={contentKey}
          {...contentProps}
          rows={7}
          maxLength={REVIEW_MAX}
          aria-describedby={`${fields.content.id}-hint ${fields.content.errorId}`}
          onInput={(event) => setLength(event.currentTarget.value.length)}
        />
        <p className="text-right text-xs text-slate-500" aria-hidden>{`${length} / ${REVIEW_MAX}`}</p>
        <ErrorList id={fields.content.errorId} errors={fields.content.errors} />
      </div>
      {/* No grid row while there is no error: no empty gap above the button. */}
      <div className="[&:not(:has(li))]:hidden">
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {state.editableUntil ? (
            <>You can change your review until <LocalTime value={state.editableUntil} format="date" />.</>
          ) : (
            `You can change your review for ${REVIEW_EDIT_DAYS} days after you post it.`
          )}
        </p>
        <Button type="submit" disabled={saving} className="h-11 px-6">
          {saving ? "Saving…" : intent === "create" ? "Post review" : "Save changes"}
        </Button>
      </div>
    </Form>
  );
}

function ReadOnlyReview({ state }: { state: Route.ComponentProps["loaderData"] }) {
  const review = state.review;
  return (
    <div className="grid gap-4">
      {state.notice ? (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <Lock className="mt-0.5 size-4 shrink-0" />
          {state.notice}
        </p>
      ) : null}
      {review ? (
        <article aria-label="Your review" className="grid gap-3 rounded-lg border border-slate-200 p-4">
          <Rating rating={review.rating} size="size-5" />
          <p className="whitespace-pre-line text-slate-700">{review.content}</p>
          <p className="text-xs text-slate-500">
            Posted <LocalTime value={review.createdAt} format="date" />
            {review.editedAt ? <>{" · edited "}<LocalTime value={review.editedAt} format="date" /></> : null}
          </p>
        </article>
      ) : null}
    </div>
  );
}

export default function BookingReview({ loaderData, actionData }: Route.ComponentProps) {
  const state = loaderData;
  const { booking, review } = state;
  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <Link to={userLinks.bookings} className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4" /> Back to my bookings
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{review ? "Your review" : "Review your session"}</h1>
        <p className="mt-1 text-slate-600">
          {`${booking.topic} with `}
          <Link to={`/mentor/${booking.guideId}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">{booking.guideName}</Link>
          {booking.startsAt ? <>{" · "}<LocalTime value={booking.startsAt} format="slot" /></> : null}
        </p>
      </div>
      <section aria-label="Review" className="grid gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {state.mode === "create" || state.mode === "update" ? <ReviewForm state={state} lastResult={actionData} /> : <ReadOnlyReview state={state} />}
        {review?.mentorResponse ? (
          <div className="rounded-md border-l-4 border-brand-500 bg-brand-50 p-3 text-sm">
            <p className="font-semibold text-brand-800">Mentor Reply:</p>
            <p className="mt-1 whitespace-pre-line text-slate-700">{review.mentorResponse}</p>
          </div>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Review your session</h1>
      <div role="alert" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-red-700">{routeErrorMessage(error) ?? "Something went wrong."}</p>
        <Link to={userLinks.bookings} className="mt-4 inline-block font-medium text-brand-700 underline">Back to my bookings</Link>
      </div>
    </div>
  );
}
