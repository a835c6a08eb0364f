import { CalendarClock, Search } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import type { Route } from "./+types/mentors";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { userLinks } from "#app/lib/links.ts";
import { SaveMentorToggle } from "#app/modules/saved-mentors/save-toggle.tsx";
import { listMyMentors, type MyMentor } from "#app/modules/saved-mentors/saved-mentors.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return await listMyMentors(signedInUser(context));
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "My Mentors · Ministry Mentors" }];

function MentorItem({ mentor, booked }: { mentor: MyMentor; booked: boolean }) {
  const role = [mentor.title, mentor.organisation].filter(Boolean).join(" · ");
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:p-5" data-testid={booked ? "booked-mentor" : "saved-mentor"}>
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <Avatar imageId={mentor.imageId} name={mentor.name} className="size-14 shrink-0" />
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">
            {mentor.isLive ? <Link to={`/mentor/${mentor.id}`} className="hover:underline">{mentor.name}</Link> : mentor.name}
          </h3>
          {role ? <p className="text-sm text-slate-600">{role}</p> : null}
          {booked ? (
            <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-sm text-slate-600">
              <CalendarClock className="size-4 text-brand-600" />
              {mentor.sessions} {mentor.sessions === 1 ? "session" : "sessions"}
              {mentor.lastSessionAt ? <> · last on <LocalTime value={mentor.lastSessionAt} format="date" /></> : null}
              {mentor.nextSessionAt ? <> · next <LocalTime value={mentor.nextSessionAt} format="slot" /></> : null}
            </p>
          ) : mentor.category ? (
            <p className="mt-1 text-sm text-slate-600">{mentor.category}</p>
          ) : null}
          {!mentor.isLive ? <p className="mt-1 text-sm text-amber-700">No longer taking bookings.</p> : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        {mentor.isLive || mentor.saved ? <SaveMentorToggle guideId={mentor.id} guideName={mentor.name} saved={mentor.saved} viewer="mentee" /> : null}
        {booked && mentor.canMessage ? (
          <Link to={userLinks.conversation(mentor.id)} className={buttonClass({ size: "sm", variant: "secondary" })}>
            Message<span className="sr-only"> {mentor.name}</span>
          </Link>
        ) : null}
        {mentor.isLive ? (
          <Link to={`/mentor/${mentor.id}`} className={buttonClass({ size: "sm" })}>
            {booked ? "Book again" : "View and book"}<span className="sr-only"> with {mentor.name}</span>
          </Link>
        ) : null}
      </div>
    </li>
  );
}

export default function MyMentors({ loaderData }: Route.ComponentProps) {
  const { booked, saved } = loaderData;
  return (
    <div className="mx-auto grid max-w-4xl gap-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-2xl font-bold text-slate-900">My Mentors</h1>
        <Link to="/search" className={buttonClass({ variant: "secondary" })}>
          <Search className="size-4" /> Find a Mentor
        </Link>
      </div>
      <section aria-labelledby="booked-heading">
        <h2 id="booked-heading" className="text-lg font-semibold text-slate-900">Mentors you have met with</h2>
        {booked.length ? (
          <ul className="mt-3 grid gap-3">{booked.map((mentor) => <MentorItem key={mentor.id} mentor={mentor} booked />)}</ul>
        ) : (
          <p className="mt-2 rounded-xl border border-dashed border-slate-300 p-5 text-sm text-slate-600">
            Once you book a session, your mentor appears here so you can book again in one click.
          </p>
        )}
      </section>
      <section aria-labelledby="saved-heading">
        <h2 id="saved-heading" className="text-lg font-semibold text-slate-900">Saved mentors</h2>
        {saved.length ? (
          <ul className="mt-3 grid gap-3">{saved.map((mentor) => <MentorItem key={mentor.id} mentor={mentor} booked={false} />)}</ul>
        ) : (
          <p className="mt-2 rounded-xl border border-dashed border-slate-300 p-5 text-sm text-slate-600">
            Use <strong className="font-medium text-slate-800">Save</strong> on a mentor's profile or in{" "}
            <Link to="/search" className="font-medium text-brand-700 underline underline-offset-2">Find a Mentor</Link> to keep them here for later.
          </p>
        )}
      </section>
    </div>
  );
}
