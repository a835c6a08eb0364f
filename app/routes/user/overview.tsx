import { ArrowRight, CalendarClock, CreditCard, ExternalLink, Hourglass, Lock, MessageSquare, Search, Star, UserRound, Video } from "#app/components/ui/icons.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { Route } from "./+types/overview";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { userLinks } from "#app/lib/links.ts";
import { greetingFor } from "#app/modules/accounts/greeting.server.ts";
import { getMenteeOverview, type NextSession, type Todo } from "#app/modules/mentee-overview/overview.server.ts";
import { JOIN_LATER_TEXT, joinPhase, useJoinPhase, type JoinPhase } from "#app/modules/bookings/join-window.ts";
import { TimeZoneNote } from "#app/modules/bookings/dashboard-bookings.tsx";
import { sessionLength } from "#app/modules/bookings/session-time.ts";
import { PayNowForm } from "#app/modules/payments/pay-now.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const now = new Date();
    const person = signedInUser(context);
    const [overview, greeting] = await Promise.all([getMenteeOverview(person, now), greetingFor(person, now)]);
    const phase: JoinPhase = overview.next ? joinPhase(overview.next.join, now) : "before";
    return { overview, joinPhase: phase, greeting };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Overview · Ministry Mentors" }];

const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";

function NextSessionCard({ next, joinPhase, zone }: { next: NextSession | null; joinPhase: JoinPhase; zone: string }) {
  const open = useJoinPhase(next?.join ?? null, joinPhase) === "open";
  if (!next) {
    return (
      <section aria-labelledby="next-heading" className={`${card} lg:col-span-2`}>
        <h2 id="next-heading" className="text-lg font-semibold text-slate-900">Your next session</h2>
        <p className="mt-2 text-slate-600">You have no session booked. Find a mentor who has walked your road and book a time that suits you.</p>
        <Link to="/search" className={`${buttonClass()} mt-4`}>
          <Search className="size-4" /> Find a Mentor
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="next-heading" className={`${card} lg:col-span-2`}>
      <h2 id="next-heading" className="text-lg font-semibold text-slate-900">Your next session</h2>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar imageId={next.guideImageId} name={next.guideName} className="size-14 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="text-lg font-semibold text-slate-900">{next.topic}</p>
          <p className="text-slate-700">
            with <Link to={`/mentor/${next.guideId}`} className="font-medium text-brand-700 hover:underline">{next.guideName}</Link>
          </p>
          <p className="mt-2 flex items-start gap-2 text-slate-700" data-testid="next-session-time">
            <CalendarClock className="mt-1 size-4 shrink-0 text-brand-600" />
            <span>
              <LocalTime value={next.startsAt} format="full" /> <span className="text-sm text-slate-500">· {zone} · {sessionLength(next.durationMinutes)}</span>
            </span>
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {next.meetingUrl && open ? (
              <a href={next.meetingUrl} target="_blank" rel="noreferrer noopener" className={buttonClass()}>
                {/* Said as on the session's card in Bookings, and, like it, said to open a new tab. */}
                <Video className="size-4" /> Join session
                <ExternalLink className="size-3.5" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : next.meetingUrl ? (
              <p className="text-sm text-slate-600">{JOIN_LATER_TEXT}</p>
            ) : (
              <p className="text-sm text-slate-600">Your mentor will send the meeting link; check your messages before the start.</p>
            )}
            {/* What to ask or bring before the session goes to the mentor from here, without a search for the conversation. */}
            <Link to={userLinks.conversation(next.guideId)} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline underline-offset-2">
              <MessageSquare className="size-4" /> Message {next.guideName}
            </Link>
            <Link to={userLinks.bookings} className="text-sm font-medium text-brand-700 underline underline-offset-2">Manage bookings</Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/** A session's start in a sentence, or that it has none yet. */
const When = ({ startsAt }: { startsAt: string | null }) => (startsAt ? <LocalTime value={startsAt} format="full" /> : <>a time to be set</>);

const todoAction = "shrink-0 text-sm font-medium text-brand-700 underline underline-offset-2";

function TodoItem({ todo }: { todo: Todo }) {
  const row = (icon: ReactNode, text: ReactNode, href: string | ReactNode, action?: string) => (
    <li className="flex items-start gap-3 py-3">
      <span className="mt-0.5 text-brand-600">{icon}</span>
      <div className="min-w-0 flex-1 text-sm text-slate-700">{text}</div>
      {typeof href === "string" ? <Link to={href} className={todoAction}>{action}</Link> : href}
    </li>
  );
  switch (todo.kind) {
    case "pay":
      // Straight to the Checkout, which starts or resumes the payment.
      return row(
        <CreditCard className="size-5" />,
        <>Complete the payment for your session with <strong className="font-medium text-slate-900">{todo.guideName}</strong> on <When startsAt={todo.startsAt} />. The time is held for you only briefly.</>,
        <PayNowForm bookingId={todo.bookingId} className={`${todoAction} cursor-pointer disabled:cursor-wait`} />,
      );
    case "covenant":
      // The session's card, brought into view, holds the covenant's text and the button that accepts it.
      return row(<Lock className="size-5" />, <>Please read and accept the confidentiality covenant before your session with <strong className="font-medium text-slate-900">{todo.guideName}</strong> on <When startsAt={todo.startsAt} />.</>, `${userLinks.bookings}?booking=${todo.bookingId}`, "Read and accept");
    case "review":
      return row(<Star className="size-5" />, <>How was your session with <strong className="font-medium text-slate-900">{todo.guideName}</strong> on <When startsAt={todo.startsAt} />? A review helps other leaders choose.</>, userLinks.bookingReview(todo.bookingId), "Leave a review");
    case "waiting":
      return row(<Hourglass className="size-5" />, <><strong className="font-medium text-slate-900">{todo.guideName}</strong> has not answered your request for <When startsAt={todo.startsAt} /> yet.</>, userLinks.bookings, "View");
    case "profile": {
      // Name only what is missing: a pastor who gave their job title at sign-up is not asked for it again.
      const what = todo.missing.title && todo.missing.bio ? "your job title and a short bio" : todo.missing.title ? "your job title" : "a short bio";
      return row(<UserRound className="size-5" />, <>Add {what} so mentors know who they are meeting.</>, userLinks.profile, "Complete profile");
    }
  }
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { overview, joinPhase, greeting } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{greeting}</h1>
          <TimeZoneNote timeZone={overview.timeZone} settingsHref={userLinks.settings} className="mt-1" />
        </div>
        <Link to="/search" className={buttonClass({ variant: "secondary" })}>
          <Search className="size-4" /> Find a Mentor
        </Link>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <NextSessionCard next={overview.next} joinPhase={joinPhase} zone={overview.zone} />
        <section aria-labelledby="messages-heading" className={card}>
          <h2 id="messages-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <MessageSquare className="size-5 text-brand-600" /> Messages
          </h2>
          <p className="mt-3 text-3xl font-bold text-slate-900" data-testid="unread-count">{overview.unreadMessages}</p>
          <p className="text-sm text-slate-600">{overview.unreadMessages === 1 ? "unread message" : "unread messages"}</p>
          <Link to={userLinks.messages} className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2">
            Open messages <ArrowRight className="size-4" />
          </Link>
        </section>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="todo-heading" className={card}>
          <h2 id="todo-heading" className="text-lg font-semibold text-slate-900">What needs doing</h2>
          {overview.todos.length ? (
            <ul className="mt-2 divide-y divide-slate-100">
              {overview.todos.map((todo) => <TodoItem key={todo.kind === "profile" ? "profile" : `${todo.kind}-${todo.bookingId}`} todo={todo} />)}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-600">Nothing right now. You are all caught up.</p>
          )}
        </section>
        <section aria-labelledby="upcoming-heading" className={card}>
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="upcoming-heading" className="text-lg font-semibold text-slate-900">Upcoming sessions</h2>
            <Link to={userLinks.bookings} className="text-sm font-medium text-brand-700 underline underline-offset-2">All bookings</Link>
          </div>
          {overview.upcoming.length ? (
            <ul className="mt-2 divide-y divide-slate-100">
              {overview.upcoming.map((session) => (
                <li key={session.id} className="flex items-start gap-3 py-3">
                  <Avatar imageId={session.guideImageId} name={session.guideName} className="size-10 shrink-0" />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium text-slate-900">{session.topic}</p>
                    <p className="text-slate-600">{session.guideName} · <LocalTime value={session.startsAt} format="full" /></p>
                  </div>
                  <StatusBadge tone={session.status === "confirmed" ? "green" : "amber"}>{session.statusLabel}</StatusBadge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-600">
              No sessions ahead. <Link to="/search" className="font-medium text-brand-700 underline underline-offset-2">Find a Mentor</Link> to book one.
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
