import { CalendarClock, Star } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { SaveMentorToggle } from "#app/modules/saved-mentors/save-toggle.tsx";
import type { MentorCard as Mentor } from "./query.ts";

/**
 * A mentor in the search results; the whole card opens their profile (/mentor/{id}), and the Save / Saved toggle
 * (a mentee's; a sign-in link for visitors) sits above it.
 */
export function MentorCard({ mentor, saved = false, viewer = "signedOut" }: { mentor: Mentor; saved?: boolean; viewer?: "signedOut" | "mentee" | "other" }) {
  const role = [mentor.title, mentor.organisation].filter(Boolean).join(" · ");
  return (
    <article
      className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500"
      data-testid="mentor-card"
    >
      <div className="flex items-start gap-4">
        <Avatar imageId={mentor.imageId} name={mentor.name} className="size-16 shrink-0" />
        <div className="min-w-0">
          <h3 className="text-lg font-semibold leading-snug text-slate-900">
            <Link to={`/mentor/${mentor.id}`} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
              {mentor.name}
            </Link>
          </h3>
          {role ? <p className="mt-0.5 text-sm text-slate-600">{role}</p> : null}
          {mentor.category ? (
            <p className="mt-2 inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{mentor.category}</p>
          ) : null}
        </div>
      </div>

      {mentor.specialties.length ? (
        <ul aria-label="Specialties" className="mt-4 flex flex-wrap gap-1.5">
          {mentor.specialties.map((label) => (
            <li key={label} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{label}</li>
          ))}
          {mentor.moreSpecialties ? (
            <li className="px-1 py-0.5 text-xs font-medium text-slate-500">+{mentor.moreSpecialties} more</li>
          ) : null}
        </ul>
      ) : null}

      <div className="mt-auto grid gap-2 pt-5 text-sm">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="flex items-center gap-1 whitespace-nowrap text-slate-700">
            {mentor.ratingCount ? (
              <>
                <Star className="size-4 fill-amber-400 text-amber-400" />
                <span className="sr-only">Rated</span>
                <span className="font-semibold text-slate-900">{mentor.ratingAverage.toFixed(1)}</span>
                <span className="sr-only">out of 5,</span>
                <span className="text-slate-500">({mentor.ratingCount} {mentor.ratingCount === 1 ? "review" : "reviews"})</span>
              </>
            ) : (
              <span className="text-slate-500">New: no reviews yet</span>
            )}
          </p>
          <p className="whitespace-nowrap font-semibold text-slate-900">{mentor.price}</p>
        </div>
        <div className="flex items-end justify-between gap-3">
          <p className="flex flex-wrap items-center gap-x-1.5 text-slate-700">
            <CalendarClock className="size-4 text-brand-600" />
            <span>Next free time:</span>
            <span className="font-medium">{mentor.nextFreeAt ? <LocalTime value={mentor.nextFreeAt} format="slot" /> : "None open yet"}</span>
          </p>
          <SaveMentorToggle guideId={mentor.id} guideName={mentor.name} saved={saved} viewer={viewer} detached className="shrink-0" />
        </div>
      </div>
    </article>
  );
}
