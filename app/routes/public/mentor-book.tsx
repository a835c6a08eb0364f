import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { Route } from "./+types/mentor-book";
import { Button } from "#app/components/ui/button.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { ErrorList, Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { RouteDialog } from "#app/components/ui/route-dialog.tsx";
import { cn } from "#app/lib/cn.ts";
import { lengthPrice } from "#app/modules/schedule/prices.ts";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, notFound, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { userLinks } from "#app/lib/links.ts";
import { TimeZoneNotice } from "#app/modules/account-settings/time-zone-notice.tsx";
import { createBooking, getBookingOffer } from "#app/modules/bookings/booking-flow.server.ts";
import { bookingPicker } from "#app/modules/bookings/booking-picker.server.ts";
import { bookingFormSchema, toBookingRequest } from "#app/modules/bookings/booking-schema.ts";
import { bookingLink } from "#app/modules/bookings/dashboard-schema.ts";
import { startCheckout } from "#app/modules/bookings/checkout.server.ts";
import { covenantToAccept } from "#app/modules/covenant/covenant.server.ts";
import { CovenantAcceptance } from "#app/modules/covenant/covenant-view.tsx";
import { sponsorQuote } from "#app/modules/sponsorship/sponsorship.server.ts";
import { SponsorChoice } from "#app/modules/sponsorship/sponsor-choice.tsx";

// /mentor/{id}/book: the booking dialog over the mentor's profile (a child route, so the server renders it open and
// it works without JavaScript). Choosing a length and a time is navigation (the URL holds minutes, intro, week and
// start); confirming is the one POST.

export const middleware: Route.MiddlewareFunction[] = [requireRole(["user"])];

function guideIdOf(params: { id?: string }) {
  const id = parseId(params.id);
  if (id === null) throw notFound("This mentor's profile could not be found.");
  return id;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  try {
    const mentee = signedInUser(context);
    const guideId = guideIdOf(params);
    const [offer, ownZone, covenant] = await Promise.all([getBookingOffer(guideId, mentee.id), timeZoneOf(mentee.id), covenantToAccept(mentee.id, guideId)]);
    // The confidentiality covenant, when this mentee has not accepted its current version toward this guide.
    const picker = await bookingPicker(offer, new URL(request.url).searchParams, ownZone);
    // A sponsored pastor's offer for this price: "<Org> covers $X, you pay $Y", or nothing.
    const price = picker.chosen?.priceCents ?? 0;
    const sponsor = price > 0 ? await sponsorQuote(mentee.id, guideId, price) : null;
    return { ...picker, covenant, sponsor: sponsor && { organisation: sponsor.organisation, coveredCents: sponsor.coveredCents, payCents: sponsor.payCents, priceCents: price } };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const mentee = signedInUser(context);
  const guideId = guideIdOf(params);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: bookingFormSchema });
  if (submission.status !== "success") return replyToForm(submission);
  let booking;
  try {
    booking = await createBooking(mentee.id, toBookingRequest(guideId, submission.value));
  } catch (error) {
    if (error instanceof HttpError && error.status !== 404) return refuseForm(submission, error);
    throw error;
  }
  if (booking.status === "held") throw redirect((await startCheckout(booking.id)).url);
  const message = booking.status === "requested" ? "Your request has been sent. We will e-mail you when your mentor accepts." : "Your session is booked. The details are on their way to your inbox.";
  return redirectWithSuccess(bookingLink("user", booking.id, { justBooked: true }), message);
}

const pill = (active: boolean) =>
  cn(
    "inline-flex min-h-11 items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
    active ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand-400 hover:bg-brand-50",
  );

export default function BookSession({ loaderData, actionData }: Route.ComponentProps) {
  const { guide, zone, lengths, week, days, chosen, paused, notice, covenant, sponsor } = loaderData;
  const closeHref = `/mentor/${guide.id}`;
  return (
    <RouteDialog
      title={`Book a session with ${guide.name}`}
      description={chosen ? "Check the details and confirm." : "Choose a length and a free time."}
      closeHref={closeHref}
    >
      <TimeZoneNotice accountZone={zone.name} settingsHref={userLinks.settings} />
      {paused ? (
        <p className="rounded-lg bg-amber-50 p-4 text-amber-900">This mentor is not taking new bookings right now. Please check back soon.</p>
      ) : chosen ? (
        <ConfirmStep chosen={chosen} zone={zone} actionData={actionData} covenant={covenant} guideName={guide.name} sponsor={sponsor} />
      ) : (
        <div className="grid gap-6">
          {notice ? <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{notice}</p> : null}
          <section aria-labelledby="length-heading">
            <h3 id="length-heading" className="text-sm font-semibold text-slate-900">Session length</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {lengths.map((length) => (
                <li key={length.href}>
                  <Link to={length.href} replace preventScrollReset className={pill(length.active)} aria-current={length.active ? "true" : undefined}>
                    {length.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="times-heading" className="grid gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id="times-heading" className="text-sm font-semibold text-slate-900">Free times, {week.label}</h3>
              <nav aria-label="Weeks" className="flex gap-2">
                {week.previousHref ? (
                  <Link to={week.previousHref} replace preventScrollReset className={buttonClass({ variant: "secondary", size: "sm" })}>Previous week</Link>
                ) : null}
                {week.nextHref ? (
                  <Link to={week.nextHref} replace preventScrollReset className={buttonClass({ variant: "secondary", size: "sm" })}>Next week</Link>
                ) : null}
              </nav>
            </div>
            <p className="text-sm text-slate-600">
              Times are shown in <strong className="font-medium text-slate-800">{zone.label}</strong>
              {zone.own ? ", your time zone" : ""}.{" "}
              <Link to="/user-dashboard/settings" className="text-brand-700 underline underline-offset-2">Change your time zone</Link>
            </p>
            {days.length ? (
              <div className="grid gap-4 sm:grid-cols-2">
                {days.map((day) => (
                  <section key={day.key} aria-label={day.label} className="rounded-xl border border-slate-200 p-3">
                    <h4 className="text-sm font-semibold text-slate-800">{day.label}</h4>
                    <ul className="mt-2 flex flex-wrap gap-2">
                      {day.times.map((time) => (
                        <li key={time.href}>
                          <Link to={time.href} replace preventScrollReset className={pill(false)}><LocalTime value={time.startsAt} format="time" /></Link>
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            ) : (
              <p className="rounded-lg bg-slate-50 p-4 text-slate-700">
                No free times this week.{week.nextHref ? " Try the next week." : ""}
              </p>
            )}
          </section>
        </div>
      )}
    </RouteDialog>
  );
}

type Chosen = NonNullable<Route.ComponentProps["loaderData"]["chosen"]>;

function ConfirmStep({
  chosen,
  zone,
  actionData,
  covenant,
  guideName,
  sponsor,
}: {
  sponsor: Route.ComponentProps["loaderData"]["sponsor"];
  chosen: Chosen;
  zone: { label: string };
  actionData: Route.ComponentProps["actionData"];
  covenant: { version: number; text: string } | null;
  guideName: string;
}) {
  const navigation = useNavigation();
  const confirming = useIsPending();
  const [form, fields] = useAppForm({
    id: "book-session",
    lastResult: navigation.state === "idle" ? actionData : null,
    defaultValue: { amount: chosen.suggestedAmount ?? undefined },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/bookings/booking-schema.ts").then((module) => module.bookingFormSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-5">
      <input type="hidden" name="minutes" value={chosen.minutes} />
      <input type="hidden" name="startsAt" value={chosen.startsAt} />
      {chosen.intro ? <input type="hidden" name="intro" value="1" /> : null}
      <dl className="grid gap-2 rounded-xl bg-brand-50 p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-medium text-slate-600">When</dt>
        <dd className="text-slate-900">
          <span className="font-semibold"><LocalTime value={chosen.startsAt} format="full" /></span>, <span className="text-slate-600">{zone.label}</span>
          {chosen.guideZone ? (
            <span className="block text-slate-600">
              <LocalTime value={chosen.startsAt} format="full" timeZone={chosen.guideZone.name} />, {chosen.guideZone.label} for your mentor
            </span>
          ) : null}
        </dd>
        <dt className="font-medium text-slate-600">Length</dt>
        <dd className="text-slate-900">{chosen.minutes} minutes{chosen.intro ? " · free introductory session" : ""}</dd>
        {chosen.priceCents !== null ? (
          <>
            <dt className="font-medium text-slate-600">Price</dt>
            <dd className="text-slate-900">{lengthPrice({ minutes: chosen.minutes, priceCents: chosen.priceCents })}</dd>
          </>
        ) : null}
      </dl>
      <Field label="What would you like to talk about?" htmlFor={fields.topic.id} errors={fields.topic.errors} errorId={fields.topic.errorId}>
        <Input {...getInputProps(fields.topic, { type: "text" })} maxLength={200} placeholder="e.g. Leading a team through change" />
      </Field>
      <Field
        label={<>Notes for your mentor <span className="font-normal text-slate-500">(optional)</span></>}
        htmlFor={fields.notes.id}
        errors={fields.notes.errors}
        errorId={fields.notes.errorId}
      >
        <Textarea {...getTextareaProps(fields.notes)} rows={3} maxLength={2000} />
      </Field>
      {chosen.payWhatYouWant ? (
        <Field
          label={`Amount you would like to pay (USD)`}
          htmlFor={fields.amount.id}
          errors={fields.amount.errors}
          errorId={fields.amount.errorId}
        >
          <Input {...getInputProps(fields.amount, { type: "text" })} inputMode="decimal" aria-describedby={`${fields.amount.errorId} amount-hint`} />
          <p id="amount-hint" className="text-sm text-slate-600">{chosen.payWhatYouWant}</p>
        </Field>
      ) : null}
      {sponsor ? <SponsorChoice sponsor={sponsor} field={fields.sponsorship} /> : null}
      {chosen.priceCents !== 0 ? (
        <section aria-labelledby="refunds-heading" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <h3 id="refunds-heading" className="font-semibold text-slate-900">Cancellation and refunds</h3>
          <p className="mt-1">
            {chosen.cancellation}{" "}
            <Link to="/terms-of-service#cancellations" target="_blank" className="font-medium text-brand-700 underline underline-offset-2">
              Read the Terms of Service<span className="sr-only"> (opens in a new tab)</span>
            </Link>
          </p>
        </section>
      ) : null}
      {covenant ? (
        <CovenantAcceptance
          // A newer version published meanwhile comes back unticked, with its own text.
          key={covenant.version}
          covenant={covenant}
          id={fields.covenantVersion.id}
          errors={fields.covenantVersion.errors}
          errorId={fields.covenantVersion.errorId}
          intro={`What you share with ${guideName} stays between you, within the limits the covenant names. Please read it and accept it before your session; ${guideName} accepts it too.`}
        />
      ) : null}
      {/* One grid row for the form's own errors, none while there are none: no empty gaps above the buttons. */}
      <div className="grid gap-2 [&:not(:has(li))]:hidden">
        {sponsor ? null : <ErrorList id={fields.sponsorship.errorId} errors={fields.sponsorship.errors} />}
        <ErrorList id={fields.startsAt.errorId} errors={fields.startsAt.errors} />
        <ErrorList id={fields.minutes.errorId} errors={fields.minutes.errors} />
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to={chosen.changeHref} replace preventScrollReset className={buttonClass({ variant: "secondary" })}>Choose another time</Link>
        <Button type="submit" disabled={confirming}>
          {confirming ? "Booking…" : chosen.priceCents === 0 || chosen.priceCents === null && !chosen.payWhatYouWant ? "Confirm booking" : "Confirm and pay"}
        </Button>
      </div>
      {chosen.priceCents !== 0 ? (
        <p className="text-sm text-slate-600">You pay by card on the next page. Your time is held for {chosen.holdMinutes} minutes while you pay.</p>
      ) : null}
    </Form>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : "Booking is not available right now. Please try again.";
  return (
    <RouteDialog title="Book a session" closeHref={`/mentor/${params.id}`}>
      <p className="text-slate-700">{message}</p>
    </RouteDialog>
  );
}
