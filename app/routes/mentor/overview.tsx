import { CalendarClock, CheckCircle2, CircleDollarSign, ClipboardCheck, Clock, ExternalLink, Lock, MessageSquareReply, Star, UserCheck, CalendarCog } from "#app/components/ui/icons.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { Route } from "./+types/overview";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { mentorLinks } from "#app/lib/links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { JOIN_LATER_TEXT, useJoinPhase, type JoinPhase, type JoinWindow } from "#app/modules/bookings/join-window.ts";
import { TimeZoneNote } from "#app/modules/bookings/dashboard-bookings.tsx";
import { sessionLength } from "#app/modules/bookings/session-time.ts";
import { BOOKING_STATUS_LABELS, type BookingStatus } from "#app/modules/bookings/status.ts";
import { monthLabel } from "#app/modules/billing/money.ts";
import { mentorOverview } from "#app/modules/mentor-overview/mentor-overview.server.ts";
import { greetingFor } from "#app/modules/accounts/greeting.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const guide = signedInUser(context);
    const [overview, greeting] = await Promise.all([mentorOverview(guide), greetingFor(guide)]);
    return { ...overview, greeting };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Overview · Ministry Mentors" }];

/** A session's meeting link in its join window (join-window.ts); before it, when it will appear. */
function JoinButton({ url, menteeName, join, phaseWhenDrawn }: { url: string; menteeName: string; join: JoinWindow; phaseWhenDrawn: JoinPhase }) {
  const phase = useJoinPhase(join, phaseWhenDrawn);
  if (phase === "over") return null;
  if (phase === "before") return <p className="text-sm text-slate-600">{JOIN_LATER_TEXT}</p>;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
      Join<span className="sr-only">{` the session with ${menteeName}`}</span>
      <ExternalLink className="size-3.5" />
    </a>
  );
}

function Card({ title, icon, children, className }: { title: string; icon: ReactNode; children: ReactNode; className?: string }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className ?? ""}`}>
      <h2 id={id} className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
        {icon}
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function TodoItem({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm font-medium text-slate-800 hover:border-brand-300 hover:bg-brand-50">
        {icon}
        <span>{children}</span>
      </Link>
    </li>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export default function MentorOverview({ loaderData }: Route.ComponentProps) {
  const { greeting, timeZone, upcoming, earnings, rating, todo } = loaderData;
  const todos = [
    todo.requests > 0 && (
      <TodoItem key="requests" to={`${mentorLinks.bookings}?tab=requests`} icon={<UserCheck className="size-5 text-amber-600" />}>
        {`${plural(todo.requests, "booking request", "booking requests")} to accept or decline`}
      </TodoItem>
    ),
    todo.toComplete > 0 && (
      <TodoItem key="complete" to={mentorLinks.bookings} icon={<ClipboardCheck className="size-5 text-brand-600" />}>
        {`${plural(todo.toComplete, "past session", "past sessions")} to mark completed`}
      </TodoItem>
    ),
    todo.covenants > 0 && (
      <TodoItem key="covenants" to={mentorLinks.bookings} icon={<Lock className="size-5 text-brand-600" />}>
        {`${plural(todo.covenants, "session asks", "sessions ask")} you to accept the confidentiality covenant`}
      </TodoItem>
    ),
    todo.unanswered > 0 && (
      <TodoItem key="reviews" to={`${mentorLinks.reviews}?reply=awaiting`} icon={<MessageSquareReply className="size-5 text-brand-600" />}>
        {`${plural(todo.unanswered, "review", "reviews")} without your reply`}
      </TodoItem>
    ),
    !todo.availabilitySet && (
      <TodoItem key="availability" to={mentorLinks.availability} icon={<CalendarCog className="size-5 text-red-600" />}>
        Set your weekly hours so mentees can book you
      </TodoItem>
    ),
    todo.bookingPaused && (
      <TodoItem key="paused" to={mentorLinks.availability} icon={<Clock className="size-5 text-amber-600" />}>
        New bookings are paused: mentees see no free times
      </TodoItem>
    ),
    todo.payouts !== "active" && (
      <TodoItem key="payouts" to={mentorLinks.billing} icon={<CircleDollarSign className="size-5 text-red-600" />}>
        {todo.payouts === "not_connected" ? "Set up payouts so your earnings reach your bank account" : "Finish your payouts setup: Stripe needs more details"}
      </TodoItem>
    ),
  ].filter(Boolean);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Overview</h1>
        <p className="mt-1 text-slate-600">{`${greeting}.`}</p>
        <TimeZoneNote timeZone={timeZone} settingsHref={mentorLinks.settings} className="mt-1" />
      </div>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card title="Earnings this month" icon={<CircleDollarSign className="size-4" />}>
          <p className="text-3xl font-bold text-slate-900">{formatMoney(earnings.netCents)}</p>
          <p className="mt-1 text-sm text-slate-600">
            {`${monthLabel(earnings.month)} · ${plural(earnings.sessions, "paid session", "paid sessions")}, after the ${earnings.feePercent}% platform fee and refunds`}
          </p>
          <Link to={mentorLinks.billing} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">See billing</Link>
        </Card>
        <Card title="Rating" icon={<Star className="size-4" />}>
          {rating.count > 0 ? (
            <>
              <p className="text-3xl font-bold text-slate-900">
                {rating.average.toFixed(1)} <span className="text-base font-medium text-slate-500">/ 5</span>
              </p>
              <p className="mt-1 text-sm text-slate-600">{`From ${plural(rating.count, "review", "reviews")}`}</p>
            </>
          ) : (
            <p className="text-sm text-slate-600">No reviews yet. Mentees can review a session once it is completed: when you mark it, or on its own after it ends.</p>
          )}
          <Link to={mentorLinks.reviews} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">See reviews</Link>
        </Card>
        <Card title="What needs doing" icon={<CheckCircle2 className="size-4" />} className="sm:col-span-2 lg:col-span-1">
          {todos.length ? (
            <ul className="grid gap-2">{todos}</ul>
          ) : (
            <p className="text-sm text-slate-600">You are all caught up.</p>
          )}
        </Card>
      </div>

      <Card title="Upcoming sessions" icon={<CalendarClock className="size-4" />}>
        {upcoming.length ? (
          <ul className="divide-y divide-slate-100">
            {upcoming.map((session) => (
              <li key={session.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900"><LocalTime value={session.startsAt} format="slot" /></p>
                  <p className="break-words text-sm text-slate-600">{`${session.menteeName} · ${session.topic} · ${sessionLength(session.durationMinutes)}`}</p>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  {session.status !== "confirmed" ? <StatusBadge tone="amber">{BOOKING_STATUS_LABELS[session.status as BookingStatus] ?? session.status}</StatusBadge> : null}
                  {session.joinUrl ? (
                    <JoinButton url={session.joinUrl} menteeName={session.menteeName} join={session.join} phaseWhenDrawn={session.joinPhase} />
                  ) : session.status === "confirmed" ? (
                    <Link to={mentorLinks.availability} className="text-sm font-medium text-brand-700 hover:underline">Add a video-call link</Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No upcoming sessions.</p>
        )}
        <Link to={mentorLinks.bookings} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">All bookings</Link>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Overview</h1>
      <p role="alert" className="rounded-xl border border-slate-200 bg-white p-6 text-red-700 shadow-sm">{routeErrorMessage(error) ?? "Failed to fetch Details"}</p>
    </div>
  );
}
