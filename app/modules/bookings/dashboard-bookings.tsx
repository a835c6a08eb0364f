import { cn } from "#app/lib/cn.ts";
import { CovenantStatus, CovenantText } from "#app/modules/covenant/covenant-view.tsx";
import { CalendarClock, CalendarDays, ChevronDown, ChevronLeft, ChevronRight, Clock, ExternalLink, Video } from "#app/components/ui/icons.ts";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { StatusBadge, type Tone } from "#app/components/ui/badge.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { formatMoney } from "#app/lib/format.ts";
import { mentorLinks } from "#app/lib/links.ts";
import { zoneTitle } from "#app/lib/time-zone-names.ts";
import { Textarea } from "#app/components/ui/field.tsx";
import { RouteDialog } from "#app/components/ui/route-dialog.tsx";
import { useIsPending, usePendingFormData } from "#app/lib/use-is-pending.ts";
import type { cancelDialog, DashboardBooking } from "./dashboard.server.ts";
import { sessionLength } from "./session-time.ts";
import { JOIN_LATER_TEXT, useJoinPhase } from "./join-window.ts";
import { PROBLEM_KIND_LABELS, PROBLEM_KINDS, type ProblemView } from "./problems.ts";
import { BOOKING_STATUS_LABELS, type BookingStatus, type PaymentStatus } from "./status.ts";

// The pieces the two dashboards' bookings screens share: a booking's card, its badges and its small action forms.

const statusTones: Record<BookingStatus, Tone> = {
  held: "amber",
  requested: "amber",
  confirmed: "green",
  declined: "red",
  cancelled: "grey",
  expired: "grey",
  completed: "green",
  no_show: "red",
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return <StatusBadge tone={statusTones[status] ?? "grey"}>{BOOKING_STATUS_LABELS[status] ?? status}</StatusBadge>;
}

/** The payment as a person reads it: Free, Paid, Payment pending, Payment failed, Refunded. */
export function paymentLabel(paymentStatus: PaymentStatus, rateCents: number): { label: string; tone: Tone } {
  if (paymentStatus === "unpaid" || rateCents === 0) return { label: rateCents === 0 ? "Free" : "Not paid", tone: "grey" };
  switch (paymentStatus) {
    case "paid":
      return { label: `Paid ${formatMoney(rateCents)}`, tone: "green" };
    case "pending":
      return { label: "Payment pending", tone: "amber" };
    case "failed":
      return { label: "Payment failed", tone: "red" };
    case "refunded":
      return { label: "Refunded", tone: "grey" };
    default:
      return { label: paymentStatus, tone: "grey" };
  }
}

/** The line of a dashboard's page saying which zone its times are in, and where to change it. */
export function TimeZoneNote({ timeZone, settingsHref, className }: { timeZone: string; settingsHref: string; className?: string }) {
  return (
    <p className={cn("text-sm text-slate-600", className)}>
      Times are shown in your time zone, <strong className="font-medium text-slate-800">{zoneTitle(timeZone)}</strong>.{" "}
      <Link to={settingsHref} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">Change it in Settings</Link>
    </p>
  );
}

/**
 * One booking: the other person, when and how long, the topic, its state and payment (and what the state means, in a
 * sentence), a time the guide proposed instead, and what the viewer can do.
 * `focused`: the booking a link named (`?booking=<id>`): ringed, marked aria-current and scrolled into view; its
 * anchor (`#booking-<id>`) lets the browser scroll to it before JavaScript runs. `justBooked`: the booking was just
 * made or paid (the booking dialog's and Checkout's return, `&booked=1`), labelled so.
 */
export function BookingCard({
  booking,
  otherRole,
  otherHref,
  focused = false,
  justBooked = false,
  paidCents = booking.rateCents,
  children,
}: {
  booking: DashboardBooking;
  /** What the viewer pays: a sponsored pastor, less the sponsor's part. */
  paidCents?: number;
  otherRole: "Mentor" | "Mentee";
  otherHref?: string;
  focused?: boolean;
  justBooked?: boolean;
  children?: ReactNode;
}) {
  const payment =
    paidCents === 0 && booking.rateCents > 0 && booking.paymentStatus === "paid" ? { label: "Paid by your sponsor", tone: "green" as const } : paymentLabel(booking.paymentStatus, paidCents);
  const headingId = `booking-${booking.id}-heading`;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: "center", behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  }, [focused]);
  return (
    <article
      ref={ref}
      id={`booking-${booking.id}`}
      aria-labelledby={headingId}
      aria-current={focused ? "true" : undefined}
      data-booking={booking.id}
      className={`@container grid scroll-mt-24 gap-4 rounded-xl border bg-white p-4 shadow-sm sm:p-5 ${focused ? "border-brand-500 ring-2 ring-brand-500 ring-offset-2" : "border-slate-200"}`}
    >
      {focused && justBooked ? <p className="-mb-2 text-xs font-semibold uppercase tracking-wide text-brand-700">Just booked</p> : null}
      {/* The picture, then what and when at the card's full width; the badges under them in a narrow card (a phone),
          beside them in a wide one, never squeezing the title into a column of single words. */}
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-4 gap-y-3 @xl:grid-cols-[auto_minmax(0,1fr)_auto]">
        <Avatar imageId={booking.other.imageId} name={booking.other.name} className="size-12 shrink-0" />
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold break-words text-slate-900">{booking.topic}</h2>
          <p className="mt-0.5 text-sm text-slate-600">
            {otherRole}:{" "}
            {otherHref ? (
              <Link to={otherHref} className="font-medium text-brand-700 underline-offset-2 hover:underline">{booking.other.name}</Link>
            ) : (
              <span className="font-medium text-slate-800">{booking.other.name}</span>
            )}
            {booking.isIntro ? <span className="ml-2 text-xs font-medium uppercase tracking-wide text-brand-700">Free intro</span> : null}
          </p>
          <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
            <div className="flex items-center gap-1.5">
              <dt><CalendarClock className="size-4 text-slate-400" /><span className="sr-only">When</span></dt>
              <dd><LocalTime value={booking.startsAt} format="session" /></dd>
            </div>
            <div className="flex items-center gap-1.5">
              <dt><Clock className="size-4 text-slate-400" /><span className="sr-only">Length</span></dt>
              <dd>{sessionLength(booking.durationMinutes)}</dd>
            </div>
          </dl>
        </div>
        <div className="col-start-2 flex flex-wrap items-center gap-2 @xl:col-start-3 @xl:justify-end">
          <BookingStatusBadge status={booking.status} />
          <StatusBadge tone={payment.tone}>{payment.label}</StatusBadge>
        </div>
      </div>
      <p id={`booking-${booking.id}-state`} className="text-sm text-slate-700">{booking.stateText}</p>
      {booking.covenant ? <CovenantStatus state={booking.covenant} otherName={booking.other.name} /> : null}
      {booking.proposal ? <ProposalNote booking={booking} proposal={booking.proposal} viewer={otherRole === "Mentor" ? "mentee" : "guide"} /> : null}
      {booking.notes ? <BookingNotes bookingId={booking.id} label={otherRole === "Mentee" ? `Notes from ${booking.other.name}` : "Your notes for your mentor"} notes={booking.notes} /> : null}
      {booking.cancelReason && (booking.status === "cancelled" || booking.status === "declined" || booking.status === "expired") ? (
        <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">Reason: {booking.cancelReason}</p>
      ) : null}
      {booking.problem ? <ProblemNote problem={booking.problem} viewer={otherRole === "Mentor" ? "mentee" : "guide"} otherName={booking.other.name} /> : null}
      {/* The actions: none left (a session long past) leaves no divider under the card's text. */}
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3 empty:hidden">{children}</div>
    </article>
  );
}

/** A time the guide proposed instead of the current one: the mentee reads it with its note and answers below it. */
function ProposalNote({ booking, proposal, viewer }: { booking: DashboardBooking; proposal: NonNullable<DashboardBooking["proposal"]>; viewer: "mentee" | "guide" }) {
  const when = <LocalTime value={proposal.startsAt} format="session" />;
  return (
    // A named group, not a landmark: two cards with a proposal would make two regions of the same name.
    <div role="group" id={`booking-${booking.id}-proposal`} aria-label="Proposed new time" className="grid gap-1 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-slate-800">
      <p>
        {viewer === "mentee" ? <>{`${booking.other.name} proposes to move this session to `}<strong className="font-semibold">{when}</strong>.</> : <>You proposed <strong className="font-semibold">{when}</strong>{`. Waiting for ${booking.other.name} to accept it or keep the current time.`}</>}
      </p>
      {proposal.note ? <p className="whitespace-pre-line [overflow-wrap:anywhere]">{viewer === "mentee" ? `Note from ${booking.other.name}: "${proposal.note}"` : `Your note: "${proposal.note}"`}</p> : null}
      {viewer === "mentee" ? <p className="text-slate-600">Until you answer, your session stays at its current time.</p> : null}
    </div>
  );
}

/**
 * "Add to calendar" on a confirmed session ahead: a disclosure (a native <details>, so it opens by keyboard and
 * without JavaScript) with the .ics file (Apple Calendar, Outlook and any other) and Google Calendar's and Outlook on
 * the web's "add event" pages. Open, it takes a row of its own in the card's actions (nothing overlaps at 390 px).
 */
export function AddToCalendar({ booking }: { booking: DashboardBooking }) {
  if (!booking.calendar) return null;
  const item = "block rounded px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500";
  return (
    <details className="group open:basis-full">
      <summary className={`${buttonClass({ variant: "secondary", size: "sm" })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`} aria-describedby={`booking-${booking.id}-heading`}>
        <CalendarDays className="size-4" />
        Add to calendar
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul aria-label="Add to calendar" className="mt-1 grid w-full gap-0.5 rounded-lg border border-slate-200 bg-white p-1 shadow-sm sm:w-80">
        <li><a href={booking.calendar.ics} download={`session-${booking.id}.ics`} className={item}>Calendar file (.ics): Apple, Outlook and others</a></li>
        <li>
          <a href={booking.calendar.google} target="_blank" rel="noreferrer noopener" className={item}>
            Google Calendar <ExternalLink className="inline size-3.5" /><span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
        <li>
          <a href={booking.calendar.outlook} target="_blank" rel="noreferrer noopener" className={item}>
            Outlook.com <ExternalLink className="inline size-3.5" /><span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </details>
  );
}

export type FreeTimeChoices = {
  days: Array<{ key: string; label: string; times: Array<{ value: string }> }>;
  week: { label: string; previous: string | null; next: string | null } | null;
};

/**
 * One week of free times to move a session to (the mentee's reschedule dialog, the guide's "Propose another time"):
 * earlier and later weeks as links, the times as radio buttons named `startsAt`, grouped by day. No time chosen is the
 * server's to say (`error`, under the legend): the radios are drawn as buttons, where a browser's bubble has nothing
 * visible to point at.
 */
export function FreeTimePicker({ choices, weekHref, legend, error }: { choices: FreeTimeChoices; weekHref: (week: string) => string; legend: string; error?: string }) {
  const { week, days } = choices;
  const errorId = useId();
  return (
    <>
      {week ? (
        <div className="flex items-center justify-between gap-2">
          {week.previous ? (
            <Link to={weekHref(week.previous)} replace preventScrollReset className={buttonClass({ variant: "ghost", size: "sm" })} aria-label="Earlier week">
              <ChevronLeft className="size-4" /> Earlier
            </Link>
          ) : <span />}
          <p className="text-sm font-medium text-slate-800" aria-live="polite">{week.label}</p>
          {week.next ? (
            <Link to={weekHref(week.next)} replace preventScrollReset className={buttonClass({ variant: "ghost", size: "sm" })} aria-label="Later week">
              Later <ChevronRight className="size-4" />
            </Link>
          ) : <span />}
        </div>
      ) : null}
      {error ? <p id={errorId} role="alert" className="text-sm text-red-700">{error}</p> : null}
      {days.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">No free times this week. Try a later week.</p>
      ) : (
        <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
          {days.map((day) => (
            <div key={day.key} className="grid gap-2">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{day.label}</p>
              <div className="flex flex-wrap gap-2">
                {day.times.map((time) => (
                  <label key={time.value} className="cursor-pointer rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500">
                    <input type="radio" name="startsAt" value={time.value} className="sr-only" />
                    <LocalTime value={time.value} format="time" />
                  </label>
                ))}
              </div>
            </div>
          ))}
        </fieldset>
      )}
    </>
  );
}

/** Notes longer than this show their beginning, with "Show more". */
export const NOTES_EXCERPT_LENGTH = 240;

/** The first `length` characters of `text`, cut at a word where one is near, with an ellipsis; the whole when short. */
export function excerptOf(text: string, length = NOTES_EXCERPT_LENGTH) {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.7 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The mentee's notes on a booking's card, kept as written (line breaks too). Long notes show their beginning and a
 * "Show more" disclosure (a native <details>, so it opens without JavaScript and by keyboard) with the whole text.
 */
export function BookingNotes({ bookingId, label, notes }: { bookingId: number; label: string; notes: string }) {
  const long = notes.length > NOTES_EXCERPT_LENGTH;
  const labelId = `booking-${bookingId}-notes`;
  const text = "mt-1 whitespace-pre-line [overflow-wrap:anywhere]";
  // A named group, not a landmark: every card's notes would be a region of the same name ("Your notes for your mentor").
  return (
    <div role="group" aria-labelledby={labelId} className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 [&:has(details[open])>.notes-excerpt]:hidden">
      <h3 id={labelId} className="font-medium text-slate-900">{label}</h3>
      {long ? (
        <>
          <p className={`notes-excerpt ${text}`}>{excerptOf(notes)}</p>
          <details className="group">
            <summary className="mt-1 w-fit cursor-pointer list-none rounded font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
              <span className="group-open:hidden">Show more</span>
              <span className="hidden group-open:inline">Show less</span>
            </summary>
            <p className={text}>{notes}</p>
          </details>
        </>
      ) : (
        <p className={text}>{notes}</p>
      )}
    </div>
  );
}

/**
 * The guide's meeting link for a confirmed session in its join window (from 15 minutes before the start until the end),
 * the sentence saying when it appears before that; without one, the note that the guide will send one (to the mentee)
 * or where to add it (to the guide, as their overview does); nothing once it is over.
 */
export function JoinLink({ booking, viewer }: { booking: DashboardBooking; viewer: "mentee" | "guide" }) {
  const phase = useJoinPhase(booking.join, booking.joinPhase);
  if (booking.status !== "confirmed" || phase === "over") return null;
  if (!booking.meetingUrl && viewer === "guide") {
    return <Link to={mentorLinks.availability} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">Add a video-call link</Link>;
  }
  if (!booking.meetingUrl) return <p className="text-sm text-slate-600"><Video className="mr-1 inline size-4 text-slate-400" />The guide will send a link</p>;
  if (phase === "before") return <p className="text-sm text-slate-600"><Video className="mr-1 inline size-4 text-slate-400" />{JOIN_LATER_TEXT}</p>;
  return (
    <a href={booking.meetingUrl} target="_blank" rel="noreferrer noopener" className={buttonClass({ size: "sm" })}>
      <Video className="size-4" />
      Join session
      <ExternalLink className="size-3.5" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** "Message …": straight to the conversation with the other person (`href`), for what to ask or bring, when the booking lets them write. */
export function MessageLink({ booking, href }: { booking: DashboardBooking; href: string }) {
  if (!booking.canMessage) return null;
  return (
    <Link to={href} className={buttonClass({ size: "sm", variant: "secondary" })} aria-describedby={`booking-${booking.id}-heading`}>
      Message {booking.other.name}
    </Link>
  );
}

/** A one-click change (Accept, Mark completed…): a real form posting the intent, so it works without JavaScript. */
export function ChangeButton({
  booking,
  intent,
  label,
  pendingLabel,
  variant = "secondary",
  describedBy = `booking-${booking.id}-heading`,
}: {
  booking: DashboardBooking;
  intent: string;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "secondary" | "danger";
  describedBy?: string;
}) {
  const pending = usePendingFormData({ intent, match: (data) => data.get("bookingId") === String(booking.id) });
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="bookingId" value={booking.id} />
      <button type="submit" className={buttonClass({ variant, size: "sm" })} disabled={pending !== null} aria-describedby={describedBy}>
        {pending ? pendingLabel : label}
      </button>
    </Form>
  );
}

/**
 * On a card that asks the viewer to accept the covenant (`asksCovenant`: the guide of a session confirmed without their
 * answer; either of them after a new version was published): the text to read, and the button that accepts it.
 */
export function AcceptCovenantForm({ booking, covenant }: { booking: DashboardBooking; covenant: { version: number; text: string } | null }) {
  const pending = usePendingFormData({ intent: "accept-covenant", match: (data) => data.get("bookingId") === String(booking.id) });
  if (!covenant || !booking.asksCovenant) return null;
  return (
    <Form method="post" preventScrollReset className="grid w-full gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3">
      <input type="hidden" name="intent" value="accept-covenant" />
      <input type="hidden" name="bookingId" value={booking.id} />
      <input type="hidden" name="covenantVersion" value={covenant.version} />
      <p className="text-sm text-slate-700">
        {`Before your session with ${booking.other.name}, please read the confidentiality covenant you both keep, and accept it.`}
      </p>
      <CovenantText version={covenant.version} text={covenant.text} />
      <div>
        <button type="submit" className={buttonClass({ size: "sm" })} disabled={pending !== null}>
          {pending ? "Accepting…" : `Accept the covenant with ${booking.other.name}`}
        </button>
      </div>
    </Form>
  );
}

/** A link that opens one of the screen's dialogs (?cancel=12), styled as a small button. */
export function DialogLink({ to, children, variant = "secondary", describedBy }: { to: string; children: ReactNode; variant?: "primary" | "secondary" | "danger"; describedBy?: string }) {
  return (
    <Link to={to} preventScrollReset className={buttonClass({ variant, size: "sm" })} aria-describedby={describedBy}>
      {children}
    </Link>
  );
}

/** The refusal of the last change (409 and the like), said above the list as well as in a toast. */
export function ChangeError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {message}
    </p>
  );
}

export type CancelDialogData = Awaited<ReturnType<typeof cancelDialog>> | { refusal: string };

/**
 * The cancel dialog (?cancel=<id>): the session, the cancellation policy and exactly what cancelling now refunds,
 * stated before anyone confirms; an optional reason is shared with the other person.
 */
export function CancelDialog({ dialog, closeHref, viewer }: { dialog: CancelDialogData; closeHref: string; viewer: "mentee" | "guide" }) {
  const cancelling = useIsPending({ intent: "cancel" });
  if ("refusal" in dialog) {
    return (
      <RouteDialog title="Cancel this session?" closeHref={closeHref}>
        <p role="alert" className="text-sm text-slate-700">{dialog.refusal}</p>
      </RouteDialog>
    );
  }
  const { booking, refund, paidCents, policy, windowHours } = dialog;
  const refundText =
    paidCents === 0
      ? "Nothing was paid for this session, so there is nothing to refund."
      : viewer === "guide"
        ? `The mentee will be refunded in full: ${formatMoney(refund.amountCents)}.`
        : refund.late
          ? `It is less than ${windowHours} hours before the session, so you will be refunded ${refund.percent}%: ${formatMoney(refund.amountCents)} of the ${formatMoney(paidCents)} you paid.`
          : `You will get a full refund of ${formatMoney(refund.amountCents)}.`;
  return (
    <RouteDialog
      title="Cancel this session?"
      description={<>{`${booking.topic} with ${booking.otherName} · `}<LocalTime value={booking.startsAt} format="session" />{` · ${sessionLength(booking.durationMinutes)}`}</>}
      closeHref={closeHref}
    >
      <div className="grid gap-4">
        <div className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
          <p className="font-medium text-slate-900">Cancellation policy</p>
          <p className="mt-1">{policy}</p>
        </div>
        <p className="text-sm font-medium text-slate-900" data-testid="refund-summary">{refundText}</p>
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="bookingId" value={booking.id} />
          <div className="grid gap-1.5">
            <label htmlFor="cancel-reason" className="text-sm font-medium text-slate-800">
              Reason (optional, shared with your {viewer === "mentee" ? "mentor" : "mentee"})
            </label>
            <Textarea id="cancel-reason" name="reason" rows={3} maxLength={500} />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Link to={closeHref} replace preventScrollReset className={buttonClass({ variant: "secondary" })}>Keep booking</Link>
            <button type="submit" className={buttonClass({ variant: "danger" })} disabled={cancelling}>{cancelling ? "Cancelling…" : "Cancel booking"}</button>
          </div>
        </Form>
      </div>
    </RouteDialog>
  );
}

/** What became of a reported problem, as each person reads it on the booking's card. */
function problemStatusText(problem: ProblemView, viewer: "mentee" | "guide", otherName: string) {
  const until = <LocalTime value={problem.contestBy} format="session" />;
  if (problem.status === "resolved") {
    const refund = problem.refundCents ? `${formatMoney(problem.refundCents)} refunded` : "no refund";
    return problem.decidedByTeam ? `Settled by the Ministry Mentors team: ${refund}.` : `Not contested in time: ${refund}.`;
  }
  if (problem.status === "review") return "The Ministry Mentors team is reviewing it and will let you both know.";
  return viewer === "mentee" ? (
    <>{otherName} can contest it until {until}; if they do not, it is refunded in full.</>
  ) : (
    <>Contest it by {until} if you were there; otherwise the mentee is refunded in full.</>
  );
}

export function ProblemNote({ problem, viewer, otherName }: { problem: ProblemView; viewer: "mentee" | "guide"; otherName: string }) {
  const who = viewer === "mentee" ? "You reported" : `${otherName} reported`;
  return (
    <div role="status" className="grid gap-1 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p>
        <strong className="font-semibold">{`${who}: ${PROBLEM_KIND_LABELS[problem.kind]}.`}</strong> {problemStatusText(problem, viewer, otherName)}
      </p>
      <p className="[overflow-wrap:anywhere]">{`"${problem.details}"`}</p>
      {problem.guideReply ? <p className="[overflow-wrap:anywhere]">{viewer === "guide" ? `Your answer: "${problem.guideReply}"` : `${otherName}'s answer: "${problem.guideReply}"`}</p> : null}
    </div>
  );
}

/** The mentee reports a problem with a session (?report=<id>): what went wrong, in their words. */
export function ReportDialog({ booking, closeHref }: { booking: DashboardBooking; closeHref: string }) {
  const sending = useIsPending({ intent: "report" });
  return (
    <RouteDialog
      title="Report a problem"
      description={<>{`${booking.topic} with ${booking.other.name} · `}<LocalTime value={booking.startsAt} format="session" /></>}
      closeHref={closeHref}
    >
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="bookingId" value={booking.id} />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">What went wrong?</legend>
          {PROBLEM_KINDS.map((kind, index) => (
            <label key={kind} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="kind" value={kind} required defaultChecked={index === 0} className="size-4 accent-brand-600" />
              {PROBLEM_KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-1.5">
          <label htmlFor="report-details" className="text-sm font-medium text-slate-800">What happened</label>
          <Textarea id="report-details" name="details" rows={4} maxLength={2000} required />
        </div>
        <p className="text-sm text-slate-600">
          Your mentor's payout is held while this is settled. If your mentor did not come, you are refunded in full unless they contest it; otherwise the Ministry Mentors team decides.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={closeHref} replace preventScrollReset className={buttonClass({ variant: "secondary" })}>Close</Link>
          <button type="submit" className={buttonClass()} disabled={sending}>{sending ? "Sending…" : "Send report"}</button>
        </div>
      </Form>
    </RouteDialog>
  );
}

/** The guide answers a report (?answer=<id>): contests a no-show, or gives their side of another problem. */
export function AnswerProblemDialog({ booking, closeHref }: { booking: DashboardBooking; closeHref: string }) {
  const sending = useIsPending({ intent: "answer-problem" });
  const contesting = booking.problem?.kind === "guide_absent";
  return (
    <RouteDialog
      title={contesting ? "Contest this report" : "Answer this report"}
      description={<>{`${booking.topic} with ${booking.other.name} · `}<LocalTime value={booking.startsAt} format="session" /></>}
      closeHref={closeHref}
    >
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="intent" value="answer-problem" />
        <input type="hidden" name="bookingId" value={booking.id} />
        {booking.problem ? <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 [overflow-wrap:anywhere]">{`${booking.other.name}: "${booking.problem.details}"`}</p> : null}
        <div className="grid gap-1.5">
          <label htmlFor="answer-reply" className="text-sm font-medium text-slate-800">{contesting ? "What happened, from your side" : "Your answer"}</label>
          <Textarea id="answer-reply" name="reply" rows={4} maxLength={2000} required />
        </div>
        <p className="text-sm text-slate-600">The Ministry Mentors team reads both sides and decides whether the mentee is refunded.</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={closeHref} replace preventScrollReset className={buttonClass({ variant: "secondary" })}>Close</Link>
          <button type="submit" className={buttonClass()} disabled={sending}>{sending ? "Sending…" : "Send answer"}</button>
        </div>
      </Form>
    </RouteDialog>
  );
}
