import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { Form, Link, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/booking-profile";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { CloseButton } from "#app/components/ui/close-button.tsx";
import { ErrorList, Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { useFocusOpener } from "#app/components/ui/focus-opener.ts";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { ProfileField, ProfileSection } from "#app/components/ui/profile-parts.tsx";
import { AuditHistory } from "#app/modules/audit/audit-history.tsx";
import { recordHistory } from "#app/modules/audit/audit.server.ts";
import { formatMoney } from "#app/lib/format.ts";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { getBooking } from "#app/modules/bookings/bookings.server.ts";
import { adminCancelSchema, problemDecisionSchema } from "#app/modules/bookings/dashboard-schema.ts";
import { cancelBooking } from "#app/modules/bookings/lifecycle.server.ts";
import { refuseChange } from "#app/modules/bookings/policy.ts";
import { bookingPaymentBadge } from "#app/modules/bookings/schema.ts";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "#app/modules/bookings/status.ts";
import { refundBooking } from "#app/modules/payments/refunds.server.ts";
import { PAYOUT_STATUS_LABELS } from "#app/modules/payments/payout-status.ts";
import { payoutOfBooking } from "#app/modules/payments/payouts.server.ts";
import { decideProblem, mentorNoShowCount, problemOf } from "#app/modules/bookings/problems.server.ts";
import { PROBLEM_KIND_LABELS, PROBLEM_OUTCOME_LABELS, PROBLEM_OUTCOMES } from "#app/modules/bookings/problems.ts";
import { bookingPaymentHistory } from "#app/modules/payments/payments.server.ts";
import { paymentEventOutcome, paymentStatusLabel, refundSchema } from "#app/modules/payments/schema.ts";

const listHref = adminLinks.bookings;

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const actor = signedInUser(context);
    const booking = await getBooking(recordParam(params.id, "Booking not found"), actor);
    const target = { userId: booking.user.id, guideId: booking.guide.id, status: booking.status, startsAt: booking.slot ? new Date(booking.slot.startsAt) : null };
    // Cancel booking is offered while the lifecycle would allow it (held, requested or confirmed).
    const [money, problem, payout, guideNoShows, history] = await Promise.all([
      bookingPaymentHistory(booking.id),
      problemOf(booking.id),
      payoutOfBooking(booking.id),
      mentorNoShowCount(booking.guide.id),
      recordHistory("booking", booking.id, actor),
    ]);
    return { booking, money, problem, payout, guideNoShows, history, cancellable: refuseChange(actor, target, "cancel", new Date()) === null };
  } catch (error) {
    throwForScreen(error);
  }
}

/**
 * Refund (`intent=refund`): asks Stripe for the refund; the webhook records it when Stripe confirms.
 * Cancel booking (`intent=cancel`): the lifecycle's cancellation, as a guide's: a full refund of what was paid, both
 * people told in the bell and by e-mail, the time freed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = signedInUser(context);
  let bookingId: number;
  try {
    bookingId = (await getBooking(recordParam(params.id, "Booking not found"), actor)).id;
  } catch (error) {
    throwForScreen(error);
  }
  const formData = await request.formData();
  if (formData.get("intent") === "cancel") return cancelAction(formData, actor, bookingId);
  if (formData.get("intent") === "decide-problem") return decideAction(formData, actor, bookingId);
  const submission = parseWithZod(formData, { schema: refundSchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    const refund = await refundBooking(bookingId, { amountCents: submission.value.amount, reason: `${submission.value.reason} (refunded by ${actor.name})`, requestedBy: actor });
    return redirectWithSuccess(adminLinks.bookingProfile(bookingId), {
      message: "Refund requested",
      description: `${formatMoney(refund.amountCents)} is being refunded to the mentee's card.`,
    });
  } catch (error) {
    if (error instanceof HttpError) return refuseForm(submission, error, { toast: "Refund Failed" });
    throw error;
  }
}

async function cancelAction(formData: FormData, actor: SessionUser, bookingId: number) {
  const submission = parseWithZod(formData, { schema: adminCancelSchema });
  if (submission.status !== "success") return replyToForm(submission, { as: "cancel" });
  try {
    const outcome = await cancelBooking(actor, bookingId, submission.value.reason);
    return redirectWithSuccess(adminLinks.bookingProfile(bookingId), {
      message: "Booking cancelled",
      description: outcome.refundFailed
        ? "The booking is cancelled. The refund could not be sent yet: use Refund to try again."
        : `${outcome.refundedCents > 0 ? `${formatMoney(outcome.refundedCents)} is being refunded to the mentee's card. ` : ""}The mentee and the guide have been told.`,
    });
  } catch (error) {
    if (error instanceof HttpError) return refuseForm(submission, error, { toast: "Cancel Failed", as: "cancel" });
    throw error;
  }
}

/** Settle a reported problem (`intent=decide-problem`): refund all, part or none; the guide's payout releases the rest. */
async function decideAction(formData: FormData, actor: SessionUser, bookingId: number) {
  const submission = parseWithZod(formData, { schema: problemDecisionSchema });
  if (submission.status !== "success") return replyToForm(submission, { as: "decide" });
  try {
    const decision = await decideProblem(actor, bookingId, { outcome: submission.value.outcome, amountCents: submission.value.amount, note: submission.value.note });
    return redirectWithSuccess(adminLinks.bookingProfile(bookingId), {
      message: "Report settled",
      // A sponsored session's refund is shared by the mentee's card and the sponsor's covered part.
      description: `${decision.refundCents > 0 ? `${formatMoney(decision.refundCents)} of the session is being refunded. ` : "No refund. "}Both people have been told.`,
    });
  } catch (error) {
    if (error instanceof HttpError) return refuseForm(submission, error, { toast: "Decision Failed", as: "decide" });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.booking ? `Booking #${data.booking.id}` : "Booking Details"} · Ministry Mentors` },
];

const statusLabel = (status: string) => BOOKING_STATUS_LABELS[status as BookingStatus] ?? status;

export default function BookingProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, money, cancellable, problem, payout, guideNoShows, history } = loaderData;
  const decideReply = actionData && "decide" in actionData ? actionData.decide : undefined;
  const badge = bookingPaymentBadge(booking.rateCents, booking.paymentStatus);
  const [searchParams] = useSearchParams();
  const refunding = searchParams.get("refund") === "1" && money.refundableCents > 0;
  const cancelling = searchParams.get("cancel") === "1" && cancellable;
  const cancelReply = actionData && "cancel" in actionData ? actionData.cancel : undefined;
  const profileHref = adminLinks.bookingProfile(booking.id);
  return (
    <div className="mx-auto max-w-4xl">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Booking Details</h1>
          <h2 className="mt-1 text-sm font-normal text-slate-500">Booking #{booking.id}</h2>
        </div>
        <CloseButton fallbackHref={listHref} />
      </div>
      <div className="grid gap-4">
        <ProfileSection title="Session">
          <dl className="grid gap-4 sm:grid-cols-2">
            <ProfileField label="Topic" value={booking.topic} wide />
            <ProfileField label="Payment Status" value={<StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>} />
            <ProfileField label="Rate" value={formatMoney(booking.rateCents)} />
            <ProfileField
              label="Session time"
              value={booking.slot ? <><LocalTime value={booking.slot.startsAt} format="session" /> · {booking.slot.durationMinutes} minutes</> : null}
            />
            <ProfileField label="Booking status" value={statusLabel(booking.status)} />
            <ProfileField label="Booked on" value={<LocalTime value={booking.createdAt} />} />
            <ProfileField label="Additional notes" value={booking.additionalNotes} wide />
          </dl>
          {cancellable ? (
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
              <p className="text-sm text-slate-600">
                Cancelling frees the guide's time{money.refundableCents > 0 ? `, refunds ${formatMoney(money.refundableCents)} in full` : ""} and tells both people.
              </p>
              <Button variant="danger" asChild>
                <Link to="?cancel=1" preventScrollReset>Cancel booking</Link>
              </Button>
            </div>
          ) : null}
        </ProfileSection>
        <div className="grid gap-4 md:grid-cols-2">
          <ProfileSection title="User">
            <dl className="grid gap-4">
              <ProfileField label="User Name" value={booking.user.name} />
              <ProfileField label="User Email" value={booking.user.email} />
            </dl>
          </ProfileSection>
          <ProfileSection title="Guide">
            <dl className="grid gap-4">
              <ProfileField label="Guide Name" value={booking.guide.name} />
              <ProfileField label="Guide Email" value={booking.guide.email} />
              <ProfileField label="Missed sessions (upheld reports)" value={String(guideNoShows)} />
            </dl>
          </ProfileSection>
        </div>

        <ProfileSection title="Payments">
          {money.payments.length ? (
            <ul className="grid gap-3">
              {money.payments.map((payment) => {
                const status = paymentStatusLabel(payment.status);
                return (
                  <li key={payment.id} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-1 rounded-lg border border-slate-200 px-4 py-3 text-sm">
                    <span className="font-medium tabular-nums text-slate-900">
                      {formatMoney(payment.amountCents)} <span className="font-normal text-slate-500">Payment #{payment.id}{payment.source === "sponsor" ? " · covered by the sponsor" : ""}</span>
                    </span>
                    <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
                    <span className="text-slate-600">{payment.paidAt ? <>Paid <LocalTime value={payment.paidAt} /></> : <>Started <LocalTime value={payment.createdAt} /></>}</span>
                    {payment.refundedCents > 0 ? (
                      <span className="w-full text-slate-700">
                        Refunded {formatMoney(payment.refundedCents)}
                        {payment.refundedAt ? <> · <LocalTime value={payment.refundedAt} /></> : null}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">No card payments for this booking.</p>
          )}
          {money.refundableCents > 0 ? (
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600">{formatMoney(money.refundableCents)} can be refunded.</p>
              <Button variant="secondary" asChild>
                <Link to="?refund=1" preventScrollReset>Refund</Link>
              </Button>
            </div>
          ) : null}
        </ProfileSection>

        {problem ? <ProblemSection problem={problem} menteeName={booking.user.name} guideName={booking.guide.name} refundableCents={money.sessionRefundableCents} lastResult={decideReply} /> : null}

        <ProfileSection title="Payout">
          {payout ? <PayoutDetails payout={payout} /> : <p className="text-sm text-slate-600">Nothing was paid for this session, so nothing is paid out.</p>}
        </ProfileSection>

        <ProfileSection title="Payment events">
          {money.events.length ? (
            // A list, not a table: each event wraps onto its own lines on a phone (event names are long).
            <ol aria-label="Stripe events received for this booking, newest first" className="grid gap-3">
              {money.events.map((event) => {
                const outcome = paymentEventOutcome(event.outcome);
                return (
                  <li key={event.id} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-1 rounded-lg border border-slate-200 px-4 py-3 text-sm">
                    <code className="min-w-0 break-all text-slate-900">{event.type}</code>
                    <StatusBadge tone={outcome.tone}>{outcome.label}</StatusBadge>
                    <span className="text-slate-600"><LocalTime value={event.createdAt} /></span>
                    {event.detail ? <span className="w-full break-words text-slate-700">{event.detail}</span> : null}
                  </li>
                );
              })}
            </ol>
          ) : (
            <p className="text-sm text-slate-600">No payment events yet.</p>
          )}
        </ProfileSection>

        <AuditHistory kind="booking" id={booking.id} history={history} />
      </div>
      {cancelling ? <CancelBookingDialog booking={booking} refundCents={money.refundableCents} cancelHref={profileHref} lastResult={cancelReply} /> : null}
      {refunding ? <RefundDialog remainingCents={money.refundableCents} cancelHref={profileHref} lastResult={actionData} /> : null}
    </div>
  );
}

type ProblemData = NonNullable<Route.ComponentProps["loaderData"]["problem"]>;
type PayoutData = NonNullable<Route.ComponentProps["loaderData"]["payout"]>;

/** The mentee's report, the guide's answer, and (until settled) the decision: refund all, part or none. */
function ProblemSection({ problem, menteeName, guideName, refundableCents, lastResult }: { problem: ProblemData; menteeName: string; guideName: string; refundableCents: number; lastResult: SubmissionResult<string[]> | undefined }) {
  const pending = useIsPending({ intent: "decide-problem" });
  const [form, fields] = useAppForm({
    id: "decide-problem",
    lastResult,
    defaultValue: { outcome: "", amount: "", note: "" },
    schema: () => import("#app/modules/bookings/dashboard-schema.ts").then((module) => module.problemDecisionSchema),
    shouldRevalidate: "onInput",
  });
  const status =
    problem.status === "resolved"
      ? `Settled: ${problem.outcome ? PROBLEM_OUTCOME_LABELS[problem.outcome] : ""}${problem.refundCents ? ` (${formatMoney(problem.refundCents)})` : ""}${problem.decidedByTeam ? "" : ", not contested in time"}`
      : problem.status === "review"
        ? "Waiting for your decision"
        : "Waiting for the guide: they may contest it until the date below";
  return (
    <ProfileSection title="Reported problem">
      <dl className="grid gap-4 sm:grid-cols-2">
        <ProfileField label="Reported" value={<>{PROBLEM_KIND_LABELS[problem.kind]} · <LocalTime value={problem.createdAt} /></>} />
        <ProfileField label="Status" value={status} />
        <ProfileField label={`${menteeName} wrote`} value={problem.details} wide />
        <ProfileField label={`${guideName}'s answer`} value={problem.guideReply ?? "No answer yet"} wide />
        {problem.status === "open" ? <ProfileField label="Guide may contest until" value={<LocalTime value={problem.contestBy} />} /> : null}
      </dl>
      {problem.status !== "resolved" ? (
        <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 border-t border-slate-100 pt-4">
          <input type="hidden" name="intent" value="decide-problem" />
          <ErrorList id={form.errorId} errors={form.errors} />
          <fieldset className="grid gap-2" aria-describedby={fields.outcome.errorId}>
            <legend className="mb-1 text-sm font-medium text-slate-800">Decision</legend>
            {PROBLEM_OUTCOMES.map((outcome) => (
              <label key={outcome} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name={fields.outcome.name} value={outcome} defaultChecked={fields.outcome.initialValue === outcome} className="size-4 accent-brand-600" />
                {PROBLEM_OUTCOME_LABELS[outcome]}
                {outcome === "refund_full" && refundableCents > 0 ? ` (${formatMoney(refundableCents)})` : null}
              </label>
            ))}
            <ErrorList id={fields.outcome.errorId} errors={fields.outcome.errors} />
          </fieldset>
          <Field label="Amount to refund, for a partial refund (USD)" htmlFor={fields.amount.id} errors={fields.amount.errors} errorId={fields.amount.errorId}>
            <Input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" autoComplete="off" className="max-w-40" />
          </Field>
          <Field label="Note to both people (optional)" htmlFor={fields.note.id} errors={fields.note.errors} errorId={fields.note.errorId}>
            <Textarea {...getTextareaProps(fields.note)} rows={3} maxLength={1000} />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" disabled={pending}>{pending ? "Settling…" : "Settle report"}</Button>
          </div>
        </Form>
      ) : null}
    </ProfileSection>
  );
}

/** Where the session's money is on its way to the guide, and the transfer once made. */
function PayoutDetails({ payout }: { payout: PayoutData }) {
  const badge = PAYOUT_STATUS_LABELS[payout.status];
  const waiting = (payout.status === "releasing" || payout.status === "failed") && !payout.accountActive;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <ProfileField label="Status" value={<span className="flex flex-wrap items-center gap-2"><StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>{waiting ? <span className="text-sm text-slate-600">The guide has not connected payouts yet.</span> : null}</span>} />
      <ProfileField label="To the guide" value={`${formatMoney(payout.amountCents)} (after the ${payout.feePercent}% platform fee)`} />
      <ProfileField label="Releases" value={payout.releaseAt ? <LocalTime value={payout.releaseAt} /> : payout.status === "held" ? "When the session is completed" : null} />
      <ProfileField label="Paid out" value={payout.paidAt ? <LocalTime value={payout.paidAt} /> : null} />
      <ProfileField label="Stripe transfer" value={payout.transferId ? <code className="break-all">{payout.transferId}</code> : null} />
      <ProfileField label="Taken back for refunds" value={payout.reversedCents ? formatMoney(payout.reversedCents) : null} />
      {payout.lastError ? <ProfileField label={`Last error (${payout.failures} refused)`} value={payout.lastError} wide /> : null}
    </dl>
  );
}

/** 'Cancel this booking?': opened by ?cancel=1 (works without JavaScript); the reason is optional and told to both. */
function CancelBookingDialog({
  booking,
  refundCents,
  cancelHref,
  lastResult,
}: {
  booking: Route.ComponentProps["loaderData"]["booking"];
  refundCents: number;
  cancelHref: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigate = useNavigate();
  const focusOpener = useFocusOpener(cancelHref);
  const pending = useIsPending({ intent: "cancel" });
  const [form, fields] = useAppForm({
    id: "cancel-booking",
    lastResult,
    defaultValue: { reason: "" },
    schema: () => import("#app/modules/bookings/dashboard-schema.ts").then((module) => module.adminCancelSchema),
    shouldRevalidate: "onInput",
  });
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && navigate(cancelHref, { preventScrollReset: true, replace: true })}>
      <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <AlertDialog.Content onCloseAutoFocus={focusOpener} className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
        <AlertDialog.Title className="text-lg font-semibold text-slate-900">Cancel this booking?</AlertDialog.Title>
        <AlertDialog.Description className="mt-2 text-sm text-slate-600">
          {booking.topic} · {booking.user.name} with {booking.guide.name}.{" "}
          {refundCents > 0 ? `${formatMoney(refundCents)} is refunded to the mentee's card in full. ` : ""}
          The guide's time is freed, and both people are told in their notifications and by e-mail. This cannot be undone.
        </AlertDialog.Description>
        <Form method="post" className="mt-4 grid gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="cancel" />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field label="Reason (optional, shown to both)" htmlFor={fields.reason.id} errors={fields.reason.errors} errorId={fields.reason.errorId}>
            <Textarea {...getTextareaProps(fields.reason)} rows={3} maxLength={500} />
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" asChild>
                <Link to={cancelHref} replace preventScrollReset>Keep booking</Link>
              </Button>
            </AlertDialog.Cancel>
            <Button type="submit" variant="danger" disabled={pending}>{pending ? "Cancelling…" : "Cancel booking"}</Button>
          </div>
        </Form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/** 'Refund payment': opened by ?refund=1 (works without JavaScript); the amount defaults to what remains. */
function RefundDialog({ remainingCents, cancelHref, lastResult }: { remainingCents: number; cancelHref: string; lastResult: Route.ComponentProps["actionData"] }) {
  const navigate = useNavigate();
  const focusOpener = useFocusOpener(cancelHref);
  const pending = useIsPending({ intent: "refund" });
  const [form, fields] = useAppForm({
    lastResult: lastResult && "status" in lastResult ? lastResult : undefined,
    defaultValue: { amount: (remainingCents / 100).toFixed(2), reason: "" },
    schema: () => import("#app/modules/payments/schema.ts").then((module) => module.refundSchema),
    shouldRevalidate: "onInput",
  });
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && navigate(cancelHref, { preventScrollReset: true, replace: true })}>
      <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <AlertDialog.Content onCloseAutoFocus={focusOpener} className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
        <AlertDialog.Title className="text-lg font-semibold text-slate-900">Refund payment</AlertDialog.Title>
        <AlertDialog.Description className="mt-2 text-sm text-slate-600">
          The money goes back to the mentee's card through Stripe. Up to {formatMoney(remainingCents)} can be refunded. This cannot be undone.
        </AlertDialog.Description>
        <Form method="post" className="mt-4 grid gap-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="refund" />
          <ErrorList id={form.errorId} errors={form.errors} />
          <Field label="Amount (USD)" htmlFor={fields.amount.id} errors={fields.amount.errors} errorId={fields.amount.errorId}>
            <Input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" autoComplete="off" />
          </Field>
          <Field label="Reason" htmlFor={fields.reason.id} errors={fields.reason.errors} errorId={fields.reason.errorId}>
            <Textarea {...getTextareaProps(fields.reason)} rows={3} />
          </Field>
          <div className="flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" asChild>
                <Link to={cancelHref} replace preventScrollReset>Cancel</Link>
              </Button>
            </AlertDialog.Cancel>
            <Button type="submit" variant="danger" disabled={pending}>{pending ? "Refunding…" : "Refund"}</Button>
          </div>
        </Form>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Booking Details</h1>
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-700">
        {message || "Failed to fetch booking"}
        <br />
        <Link to={listHref} className="mt-2 inline-block font-medium text-brand-700 underline">Back to Bookings</Link>
      </p>
    </div>
  );
}
