import { CalendarClock, Search, Star } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { EXAMPLE_SEARCHES, FEATURED_FREE_WITHIN_DAYS, type MentorCard } from "./query.ts";

/** Keywords a visitor might search for, each a link to Find a Mentor's results for it. */
export function ExampleSearches() {
  return (
    <nav aria-labelledby="example-searches" className="mx-auto max-w-6xl px-6 pt-8">
      <div className="flex flex-wrap items-center justify-center gap-2">
        <h2 id="example-searches" className="flex items-center gap-1.5 text-sm font-semibold text-slate-700">
          <Search className="size-4 text-brand-600" />
          Popular searches:
        </h2>
        <ul className="flex flex-wrap justify-center gap-2">
          {EXAMPLE_SEARCHES.map((q) => (
            <li key={q}>
              <Link
                to={`/search?${new URLSearchParams({ q })}`}
                className="inline-block rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-800 hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                {q}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/** The home page's mentors: picture, name, role, rating and soonest free time; each card opens the profile. */
export function FeaturedMentors({ mentors }: { mentors: MentorCard[] }) {
  if (!mentors.length) return null;
  return (
    <section aria-labelledby="featured-mentors" className="mx-auto max-w-6xl px-6 pt-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="featured-mentors" className="text-2xl font-bold text-slate-900">Mentors you could meet soon</h2>
          <p className="mt-1 text-slate-600">Among the best rated, each with a free time in the next {FEATURED_FREE_WITHIN_DAYS} days.</p>
        </div>
        <Link to={`/search?free=${FEATURED_FREE_WITHIN_DAYS}&sort=rating`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          See all mentors with free times
        </Link>
      </div>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {mentors.map((mentor) => (
          <li key={mentor.id}>
            <article className="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-200 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500">
              <div className="flex items-center gap-3">
                <Avatar imageId={mentor.imageId} name={mentor.name} className="size-14 shrink-0" />
                <div className="min-w-0">
                  <h3 className="font-semibold leading-snug text-slate-900">
                    <Link to={`/mentor/${mentor.id}`} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
                      {mentor.name}
                    </Link>
                  </h3>
                  {mentor.title ? <p className="text-sm text-slate-600">{mentor.title}</p> : null}
                </div>
              </div>
              {mentor.organisation ? <p className="mt-3 text-sm text-slate-600">{mentor.organisation}</p> : null}
              <div className="mt-auto grid gap-1.5 pt-4 text-sm text-slate-700">
                <p className="flex items-center gap-1">
                  <Star className="size-4 fill-amber-400 text-amber-400" />
                  <span className="sr-only">Rated</span>
                  <span className="font-semibold text-slate-900">{mentor.ratingAverage.toFixed(1)}</span>
                  <span className="sr-only">out of 5,</span>
                  <span className="text-slate-500">({mentor.ratingCount} {mentor.ratingCount === 1 ? "review" : "reviews"})</span>
                </p>
                <p className="flex flex-wrap items-center gap-x-1.5">
                  <CalendarClock className="size-4 text-brand-600" />
                  <span>Next free time:</span>
                  <span className="font-medium">
                    <LocalTime value={mentor.nextFreeAt} format="slot" />
                  </span>
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
