import { Form, Link, useSearchParams } from "react-router";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { Route } from "./+types/bookings";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { Textarea } from "#app/components/ui/field.tsx";
import { LinkTabs, useActiveTab } from "#app/components/ui/link-tabs.tsx";
import { RouteDialog, useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { mentorLinks } from "#app/lib/links.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { bookingChangeAction, dialogOrRefusal, focusBooking, GUIDE_CHANGES } from "#app/routes/dashboard/bookings-screen.server.ts";
import { AcceptCovenantForm, AddToCalendar, AnswerProblemDialog, BookingCard, BookingNotes, CancelDialog, ChangeButton, ChangeError, DialogLink, FreeTimePicker, JoinLink, MessageLink, TimeZoneNote } from "#app/modules/bookings/dashboard-bookings.tsx";
import { bookingTabOf, guideBookingTabs, listForTab } from "#app/modules/bookings/dashboard-schema.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { acceptDialog, cancelDialog, declineDialog, listDashboardBookings, proposeChoices, waitingRequestCount } from "#app/modules/bookings/dashboard.server.ts";
import { sessionLength } from "#app/modules/bookings/session-time.ts";
import { CovenantAcceptance } from "#app/modules/covenant/covenant-view.tsx";

const frame = {
  label: "My sessions",
  search: { placeholder: "Search bookings...", label: "Search your sessions by topic or mentee" },
  loadingText: "Loading bookings...",
  empty: "No bookings here yet.",
} satisfies ListFrame<"startsAt">;

const emptyText = { upcoming: "No upcoming sessions.", requests: "No requests are waiting for you.", past: "No past sessions yet." } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const guide = signedInUser(context);
  const url = new URL(request.url);
  try {
    const tab = bookingTabOf(url.searchParams);
    const { state } = parseScreenList(listForTab(tab), url);
    const focused = await focusBooking(guide, url, state.limit);
    const timeZone = await timeZoneOf(guide.id);
    const [{ data: bookings, meta, covenant }, waiting] = await Promise.all([listDashboardBookings(guide, tab, state, timeZone), waitingRequestCount(guide)]);
    redirectPastLastPage(url, state, meta);
    // A dialog's booking, as every list's dialogs read it: anything but an id opens none.
    const cancelId = parseId(url.searchParams.get("cancel"));
    // A request's e-mail links here with ?booking=<id>&answer=accept|decline: the matching dialog opens (a GET changes nothing).
    const answer = answerOf(url.searchParams);
    const declineId = parseId(url.searchParams.get("decline") ?? (answer === "decline" ? url.searchParams.get("booking") : null));
    const acceptId = answer === "accept" ? parseId(url.searchParams.get("booking")) : null;
    const proposeId = parseId(url.searchParams.get("propose"));
    return {
      bookings,
      meta,
      state,
      timeZone,
      waiting,
      focused,
      cancel: cancelId ? await dialogOrRefusal(() => cancelDialog(guide, cancelId)) : null,
      decline: declineId ? await dialogOrRefusal(() => declineDialog(guide, declineId)) : null,
      accept: acceptId ? await dialogOrRefusal(() => acceptDialog(guide, acceptId)) : null,
      propose: proposeId ? await dialogOrRefusal(() => proposeChoices(guide, proposeId, url.searchParams.get("week"), timeZone)) : null,
      covenant,
    };
  } catch (error) {
    throwForScreen(error);
  }
}

/** ?answer= names the dialog a request's e-mail opens: accept or decline (with ?booking=<id>); anything else opens none. */
function answerOf(params: URLSearchParams) {
  const answer = params.get("answer");
  return answer === "accept" || answer === "decline" ? answer : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return bookingChangeAction(request, signedInUser(context), GUIDE_CHANGES);
}

export const meta: Route.MetaFunction = () => [{ title: "Bookings · Ministry Mentors" }];

export default function MentorBookings({ loaderData, actionData }: Route.ComponentProps) {
  const { bookings, meta, state, timeZone, waiting, focused, cancel, decline, accept, propose, covenant } = loaderData;
  const active = useActiveTab(guideBookingTabs);
  const searchHref = useSearchHref();
  const closeHref = searchHref({ cancel: null, decline: null, answer: null, respond: null, propose: null, week: null });
  const [params] = useSearchParams();
  const responding = bookings.find((booking) => String(booking.id) === params.get("respond") && booking.canAnswerProblem);
  return (
    <div className="mx-auto grid max-w-5xl gap-4">
      <h1 className="text-2xl font-bold text-slate-900">Bookings</h1>
      <TimeZoneNote timeZone={timeZone} settingsHref={mentorLinks.settings} />
      <ChangeError message={actionData?.error} />
      <LinkTabs tabs={waiting ? guideBookingTabs.map((tab) => (tab.id === "requests" ? { ...tab, label: `Requests (${waiting})` } : tab)) : guideBookingTabs} active={active} label="Bookings" panelId="bookings-panel">
        <ListScreen frame={{ ...frame, empty: emptyText[active] }} list={listForTab(active)} state={state} meta={meta} rows={bookings}>
          {(booking) => {
            const describedBy = `booking-${booking.id}-heading`;
            return (
              <BookingCard key={booking.id} booking={booking} focused={booking.id === focused} otherRole="Mentee">
                <JoinLink booking={booking} viewer="guide" />
                <AddToCalendar booking={booking} />
                {booking.changes.includes("accept") ? (
                  // The first answer to this mentee asks for the covenant too: in the accept dialog, with its checkbox.
                  booking.covenant && !booking.covenant.mine ? (
                    <DialogLink to={searchHref({ booking: booking.id, answer: "accept", cancel: null, decline: null })} variant="primary" describedBy={describedBy}>Accept</DialogLink>
                  ) : (
                    <ChangeButton booking={booking} intent="accept" label="Accept" pendingLabel="Accepting…" variant="primary" />
                  )
                ) : null}
                {booking.changes.includes("decline") ? <DialogLink to={searchHref({ decline: booking.id, cancel: null })} variant="danger" describedBy={describedBy}>Decline</DialogLink> : null}
                {booking.changes.includes("complete") ? <ChangeButton booking={booking} intent="complete" label="Mark completed" pendingLabel="Saving…" variant="primary" /> : null}
                {booking.changes.includes("noShow") ? <ChangeButton booking={booking} intent="noShow" label="No-show" pendingLabel="Saving…" /> : null}
                {booking.canAnswerProblem ? (
                  <DialogLink to={searchHref({ respond: booking.id, cancel: null, decline: null, answer: null })} variant="primary" describedBy={describedBy}>
                    {booking.problem?.kind === "guide_absent" ? "Contest report" : "Answer report"}
                  </DialogLink>
                ) : null}
                {booking.changes.includes("propose") ? (
                  <DialogLink to={searchHref({ propose: booking.id, week: null, cancel: null, decline: null })} describedBy={describedBy}>
                    {booking.proposal ? "Propose a different time" : "Propose another time"}
                  </DialogLink>
                ) : null}
                <MessageLink booking={booking} href={mentorLinks.conversation(booking.other.id)} />
                {booking.changes.includes("cancel") && booking.status === "confirmed" ? (
                  <DialogLink to={searchHref({ cancel: booking.id, decline: null, propose: null })} variant="danger" describedBy={describedBy}>Cancel</DialogLink>
                ) : null}
                <AcceptCovenantForm booking={booking} covenant={covenant} />
              </BookingCard>
            );
          }}
        </ListScreen>
      </LinkTabs>
      {cancel ? <CancelDialog dialog={cancel} closeHref={closeHref} viewer="guide" /> : null}
      {decline ? <DeclineDialog dialog={decline} closeHref={closeHref} /> : null}
      {accept ? <AcceptDialog dialog={accept} closeHref={closeHref} lastError={actionData?.error} /> : null}
      {responding ? <AnswerProblemDialog booking={responding} closeHref={closeHref} /> : null}
      {propose ? <ProposeDialog dialog={propose} closeHref={closeHref} weekHref={(week) => searchHref({ week })} lastError={actionData?.error} /> : null}
    </div>
  );
}

type ProposeData = Awaited<ReturnType<typeof proposeChoices>> | { refusal: string };

/**
 * "Propose another time" (?propose=<id>): one week of the guide's own free times for the session's length and an
 * optional note. Nothing moves until the mentee accepts; the guide may still cancel instead.
 */
function ProposeDialog({ dialog, closeHref, weekHref, lastError }: { dialog: ProposeData; closeHref: string; weekHref: (week: string) => string; lastError?: string }) {
  const sending = useIsPending({ intent: "propose" });
  if ("refusal" in dialog) {
    return (
      <RouteDialog title="Propose another time" closeHref={closeHref}>
        <p role="alert" className="text-sm text-slate-700">{dialog.refusal}</p>
      </RouteDialog>
    );
  }
  const { booking, days, week } = dialog;
  return (
    <RouteDialog
      title="Propose another time"
      description={<>{`${booking.topic} with ${booking.menteeName} · now `}<LocalTime value={booking.startsAt} format="session" />{` · ${sessionLength(booking.durationMinutes)}`}</>}
      closeHref={closeHref}
    >
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="propose" />
        <input type="hidden" name="bookingId" value={booking.id} />
        <p className="text-sm text-slate-700">
          {`${booking.menteeName} can accept the new time or keep the current one. Until then the session stays as it is, and the time you propose is not held.`}
        </p>
        {booking.proposedStartsAt ? <p className="text-sm text-slate-600">This replaces the time you proposed before, <LocalTime value={booking.proposedStartsAt} format="session" />.</p> : null}
        <FreeTimePicker choices={{ days, week }} weekHref={weekHref} legend="Choose a time to propose" error={lastError} />
        <div className="grid gap-1.5">
          <label htmlFor="propose-note" className="text-sm font-medium text-slate-800">{`Note to ${booking.menteeName} (optional)`}</label>
          <Textarea id="propose-note" name="note" rows={3} maxLength={500} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={closeHref} replace preventScrollReset className={buttonClass({ variant: "secondary" })}>Close</Link>
          <button type="submit" className={buttonClass()} disabled={sending || days.length === 0}>{sending ? "Sending…" : "Propose this time"}</button>
        </div>
      </Form>
    </RouteDialog>
  );
}

type AcceptData = Awaited<ReturnType<typeof acceptDialog>> | { refusal: string };

/** Accepting a request from its e-mail's link: the request, the mentee's topic and notes, and Accept as a POST. */
function AcceptDialog({ dialog, closeHref, lastError }: { dialog: AcceptData; closeHref: string; lastError?: string }) {
  const accepting = useIsPending({ intent: "accept" });
  if ("refusal" in dialog) {
    return (
      <RouteDialog title="Accept this request?" closeHref={closeHref}>
        <p role="alert" className="text-sm text-slate-700">{dialog.refusal}</p>
      </RouteDialog>
    );
  }
  const { booking, covenant } = dialog;
  return (
    <RouteDialog
      title="Accept this request?"
      description={<>{`${booking.topic} with ${booking.menteeName} · `}<LocalTime value={booking.startsAt} format="session" />{` · ${sessionLength(booking.durationMinutes)}`}</>}
      closeHref={closeHref}
    >
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="accept" />
        <input type="hidden" name="bookingId" value={booking.id} />
        {booking.notes ? (
          <BookingNotes bookingId={booking.id} label={`Notes from ${booking.menteeName}`} notes={booking.notes} />
        ) : (
          <p className="text-sm text-slate-600">{booking.menteeName} added no notes.</p>
        )}
        <p className="text-sm text-slate-700">The session will be confirmed, and you will both get the calendar invitation.</p>
        {covenant ? (
          <CovenantAcceptance
            covenant={covenant}
            id="accept-covenant"
            intro={`Before you meet ${booking.menteeName}, please read the covenant you both keep, and accept it.`}
          />
        ) : null}
        {lastError ? <p role="alert" className="text-sm text-red-700">{lastError}</p> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={closeHref} replace preventScrollReset className={buttonClass({ variant: "secondary" })}>Not now</Link>
          <button type="submit" className={buttonClass()} disabled={accepting}>{accepting ? "Accepting…" : "Accept request"}</button>
        </div>
      </Form>
    </RouteDialog>
  );
}

type DeclineData = Awaited<ReturnType<typeof declineDialog>> | { refusal: string };

function DeclineDialog({ dialog, closeHref }: { dialog: DeclineData; closeHref: string }) {
  const declining = useIsPending({ intent: "decline" });
  if ("refusal" in dialog) {
    return (
      <RouteDialog title="Decline this request?" closeHref={closeHref}>
        <p role="alert" className="text-sm text-slate-700">{dialog.refusal}</p>
      </RouteDialog>
    );
  }
  const { booking, paidCents } = dialog;
  return (
    <RouteDialog
      title="Decline this request?"
      description={<>{`${booking.topic} with ${booking.menteeName} · `}<LocalTime value={booking.startsAt} format="session" />{` · ${sessionLength(booking.durationMinutes)}`}</>}
      closeHref={closeHref}
    >
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="decline" />
        <input type="hidden" name="bookingId" value={booking.id} />
        <p className="text-sm text-slate-700">
          {paidCents > 0 ? `The mentee will be refunded in full: ${formatMoney(paidCents)}.` : "The mentee will be told, and the time becomes free again."}
        </p>
        <div className="grid gap-1.5">
          <label htmlFor="decline-reason" className="text-sm font-medium text-slate-800">Message to the mentee (optional)</label>
          <Textarea id="decline-reason" name="reason" rows={3} maxLength={500} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={closeHref} replace preventScrollReset className={buttonClass({ variant: "secondary" })}>Keep request</Link>
          <button type="submit" className={buttonClass({ variant: "danger" })} disabled={declining}>{declining ? "Declining…" : "Decline request"}</button>
        </div>
      </Form>
    </RouteDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListScreenError frame={{ ...frame, title: "Bookings" }}>Failed to load bookings: {routeErrorMessage(error) || "Unknown error"}</ListScreenError>;
}
