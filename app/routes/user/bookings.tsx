import { Form, Link, useSearchParams } from "react-router";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { Route } from "./+types/bookings";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { LinkTabs, useActiveTab } from "#app/components/ui/link-tabs.tsx";
import { RouteDialog, useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { userLinks } from "#app/lib/links.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { bookingChangeAction, dialogOrRefusal, focusBooking, MENTEE_CHANGES } from "#app/routes/dashboard/bookings-screen.server.ts";
import { AcceptCovenantForm, AddToCalendar, BookingCard, CancelDialog, ChangeButton, ChangeError, DialogLink, FreeTimePicker, JoinLink, MessageLink, ReportDialog, TimeZoneNote } from "#app/modules/bookings/dashboard-bookings.tsx";
import { bookingTabOf, listForTab, menteeBookingTabs } from "#app/modules/bookings/dashboard-schema.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { cancelDialog, listDashboardBookings, rescheduleChoices } from "#app/modules/bookings/dashboard.server.ts";
import { sessionLength } from "#app/modules/bookings/session-time.ts";
import { PayNowForm } from "#app/modules/payments/pay-now.tsx";
import { coveredCentsOfBookings } from "#app/modules/sponsorship/sponsorship.server.ts";

const frame = {
  label: "My bookings",
  search: { placeholder: "Search bookings...", label: "Search your bookings by topic or mentor" },
  loadingText: "Loading bookings...",
  empty: "No bookings here yet.",
} satisfies ListFrame<"startsAt">;

export async function loader({ request, context }: Route.LoaderArgs) {
  const person = signedInUser(context);
  const url = new URL(request.url);
  try {
    const tab = bookingTabOf(url.searchParams);
    const list = listForTab(tab === "requests" ? "upcoming" : tab);
    const { state } = parseScreenList(list, url);
    const focused = await focusBooking(person, url, state.limit);
    const justBooked = url.searchParams.get("booked") === "1";
    const timeZone = await timeZoneOf(person.id);
    const { data: bookings, meta, covenant } = await listDashboardBookings(person, tab === "requests" ? "upcoming" : tab, state, timeZone);
    redirectPastLastPage(url, state, meta);
    // A sponsored session's badge says what the pastor paid, as the payment and its toast do, not the full price.
    const covered = await coveredCentsOfBookings(person.id, bookings.map((booking) => booking.id));
    // A dialog's booking, as every list's dialogs read it: anything but an id opens none.
    const cancelId = parseId(url.searchParams.get("cancel"));
    const rescheduleId = parseId(url.searchParams.get("reschedule"));
    return {
      bookings,
      covered,
      meta,
      state,
      timeZone,
      focused,
      justBooked,
      covenant,
      cancel: cancelId ? await dialogOrRefusal(() => cancelDialog(person, cancelId)) : null,
      reschedule: rescheduleId
        ? await dialogOrRefusal(() => rescheduleChoices(person, rescheduleId, url.searchParams.get("week"), timeZone))
        : null,
    };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return bookingChangeAction(request, signedInUser(context), MENTEE_CHANGES);
}

export const meta: Route.MetaFunction = () => [{ title: "My Bookings · Ministry Mentors" }];

export default function UserBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { bookings, covered, meta, state, timeZone, focused, justBooked, covenant, cancel, reschedule } = loaderData;
  const active = useActiveTab(menteeBookingTabs);
  const searchHref = useSearchHref();
  const list = listForTab(active === "past" ? "past" : "upcoming");
  const closeHref = searchHref({ cancel: null, reschedule: null, week: null, report: null });
  const [params] = useSearchParams();
  const reporting = bookings.find((booking) => String(booking.id) === params.get("report") && booking.canReport);
  return (
    <div className="mx-auto grid max-w-5xl gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">My Bookings</h1>
        <Link to="/search" className={buttonClass({ size: "sm" })}>Book a session</Link>
      </div>
      <TimeZoneNote timeZone={timeZone} settingsHref={userLinks.settings} />
      <ChangeError message={actionData?.error} />
      <LinkTabs tabs={menteeBookingTabs} active={active} label="Bookings" panelId="bookings-panel">
        <ListScreen frame={{ ...frame, empty: active === "past" ? "No past sessions yet." : "No upcoming sessions. Find a mentor to book one." }} list={list} state={state} meta={meta} rows={bookings}>
          {(booking) => (
            <BookingCard key={booking.id} booking={booking} paidCents={booking.rateCents - (covered[booking.id] ?? 0)} focused={booking.id === focused} justBooked={justBooked} otherRole="Mentor" otherHref={`/mentor/${booking.other.id}`}>
              {booking.proposal && booking.changes.includes("answerProposal") ? (
                <>
                  <ChangeButton booking={booking} intent="accept-proposal" label="Accept new time" pendingLabel="Moving…" variant="primary" describedBy={`booking-${booking.id}-heading booking-${booking.id}-proposal`} />
                  <ChangeButton booking={booking} intent="decline-proposal" label="Keep current time" pendingLabel="Saving…" describedBy={`booking-${booking.id}-heading booking-${booking.id}-proposal`} />
                </>
              ) : null}
              <JoinLink booking={booking} viewer="mentee" />
              <AddToCalendar booking={booking} />
              <MessageLink booking={booking} href={userLinks.conversation(booking.other.id)} />
              {booking.holdExpiresAt ? (
                <PayNowForm bookingId={booking.id} className={buttonClass({ size: "sm" })} describedBy={`booking-${booking.id}-heading booking-${booking.id}-state`} />
              ) : null}
              {booking.changes.includes("reschedule") && booking.canReschedule ? (
                <DialogLink to={searchHref({ reschedule: booking.id, cancel: null, week: null })} describedBy={`booking-${booking.id}-heading`}>Reschedule</DialogLink>
              ) : null}
              {booking.changes.includes("cancel") ? (
                <DialogLink to={searchHref({ cancel: booking.id, reschedule: null, week: null })} variant="danger" describedBy={`booking-${booking.id}-heading`}>Cancel</DialogLink>
              ) : null}
              {booking.canReport ? (
                <DialogLink to={searchHref({ report: booking.id, cancel: null, reschedule: null, week: null })} describedBy={`booking-${booking.id}-heading`}>Report a problem</DialogLink>
              ) : null}
              {booking.status === "completed" ? (
                <Link to={userLinks.bookingReview(booking.id)} className={buttonClass({ size: "sm", variant: booking.hasReview ? "secondary" : "primary" })} aria-describedby={`booking-${booking.id}-heading`}>
                  {booking.hasReview ? "See your review" : "Leave a review"}
                </Link>
              ) : null}
              <AcceptCovenantForm booking={booking} covenant={covenant} />
            </BookingCard>
          )}
        </ListScreen>
      </LinkTabs>
      {cancel ? <CancelDialog dialog={cancel} closeHref={closeHref} viewer="mentee" /> : null}
      {reporting ? <ReportDialog booking={reporting} closeHref={closeHref} /> : null}
      {reschedule ? <RescheduleDialog dialog={reschedule} closeHref={closeHref} weekHref={(week) => searchHref({ week })} lastError={actionData?.error} /> : null}
    </div>
  );
}

type RescheduleData = Exclude<Route.ComponentProps["loaderData"]["reschedule"], null>;

function RescheduleDialog({ dialog, closeHref, weekHref, lastError }: { dialog: RescheduleData; closeHref: string; weekHref: (week: string) => string; lastError?: string }) {
  const moving = useIsPending({ intent: "reschedule" });
  if ("refusal" in dialog) {
    return (
      <RouteDialog title="Reschedule this session" closeHref={closeHref}>
        <p role="alert" className="text-sm text-slate-700">{dialog.refusal}</p>
      </RouteDialog>
    );
  }
  const { booking, closed, days, week } = dialog;
  return (
    <RouteDialog
      title="Reschedule this session"
      description={<>{`${booking.topic} with ${booking.guideName} · now `}<LocalTime value={booking.startsAt} format="session" />{` · ${sessionLength(booking.durationMinutes)}`}</>}
      closeHref={closeHref}
    >
      {closed ? (
        <p role="alert" className="text-sm text-slate-700">{closed}</p>
      ) : (
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="reschedule" />
          <input type="hidden" name="bookingId" value={booking.id} />
          <FreeTimePicker choices={{ days, week }} weekHref={weekHref} legend="Choose a new time" error={lastError} />
          <div className="flex flex-wrap justify-end gap-2">
            <Link to={closeHref} replace preventScrollReset className={buttonClass({ variant: "secondary" })}>Keep current time</Link>
            <button type="submit" className={buttonClass()} disabled={moving || days.length === 0}>{moving ? "Moving…" : "Move session"}</button>
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListScreenError frame={{ ...frame, title: "My Bookings" }}>Failed to load bookings: {routeErrorMessage(error) || "Unknown error"}</ListScreenError>;
}
