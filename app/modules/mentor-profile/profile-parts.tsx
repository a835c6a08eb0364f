import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronRight } from "#app/components/ui/icons.ts";
import { LocalTime, useViewerTimeZone } from "#app/components/ui/local-time.tsx";
import { Stars } from "#app/components/ui/stars.tsx";
import { dateFormat, formatCount } from "#app/lib/format.ts";
import { zoneTitle } from "#app/lib/time-zone-names.ts";
import { FREE_TIMES_ANCHOR, REVIEWS_PAGE_PARAM, type MentorProfile } from "./schema.ts";

/** Pieces of the public mentor profile (/mentor/{id}). Plain markup: nothing here pulls a UI library into the page. */

const calendarDay = dateFormat({ dateStyle: "medium", timeZone: "UTC" });

/** A calendar day as written (YYYY-MM-DD, or a date stored at midnight UTC), or a moment in the viewer's zone. */
export function Day({ value }: { value: string }) {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
  if (day) {
    const date = new Date(`${day}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? <>{value}</> : <time dateTime={day}>{calendarDay.format(date)}</time>;
  }
  return <LocalTime value={value} format="date" />;
}

/** A titled card of the profile. */
export function Section({ id, title, children, aside }: { id: string; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

export function Chips({ items, label }: { items: string[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">{item}</li>
      ))}
    </ul>
  );
}

/** The rating summary: average, count and how many reviews gave each number of stars. */
export function RatingSummary({ rating }: { rating: MentorProfile["rating"] }) {
  if (rating.count === 0) return <p className="text-sm text-slate-600">No reviews yet.</p>;
  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-center">
      <div className="text-center sm:pr-6">
        <p className="text-4xl font-bold text-slate-900">{rating.average.toFixed(1)}</p>
        <Stars rating={rating.average} />
        <p className="mt-1 text-sm text-slate-600">{formatCount(rating.count)} {rating.count === 1 ? "review" : "reviews"}</p>
      </div>
      <ul aria-label="Ratings by stars" className="grid gap-1.5">
        {rating.distribution.map((row) => {
          const share = rating.count ? Math.round((row.count / rating.count) * 100) : 0;
          return (
            <li key={row.stars} className="grid grid-cols-[3.5rem_1fr_2.5rem] items-center gap-3 text-sm">
              <span className="text-slate-700">{row.stars}★</span>
              <span className="h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                <span className="block h-full rounded-full bg-accent-400" style={{ width: `${share}%` }} />
              </span>
              <span className="text-right tabular-nums text-slate-600">
                {formatCount(row.count)}
                <span className="sr-only"> {row.count === 1 ? "review" : "reviews"} with {row.stars} {row.stars === 1 ? "star" : "stars"}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One page of reviews, newest first, with links to the other pages (plain links: no JavaScript needed). */
export function ReviewList({ reviews, pathname }: { reviews: MentorProfile["reviews"]; pathname: string }) {
  const href = (page: number) => (page <= 1 ? `${pathname}#reviews` : `${pathname}?${REVIEWS_PAGE_PARAM}=${page}#reviews`);
  return (
    <>
      <ol className="mt-6 grid gap-4">
        {reviews.items.map((review) => (
          <li key={review.id}>
            <article aria-labelledby={`review-${review.id}`} className="rounded-xl border border-slate-200 p-4">
              <header className="flex flex-wrap items-center justify-between gap-2">
                <h3 id={`review-${review.id}`} className="font-semibold text-slate-900">{review.reviewer}</h3>
                <p className="text-sm text-slate-500"><Day value={review.date} /></p>
              </header>
              <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
                <Stars rating={review.rating} /> <span>{review.rating} / 5</span>
              </p>
              <p className="mt-2 whitespace-pre-line text-slate-700">{review.content}</p>
              {review.mentorResponse ? (
                <div className="mt-3 rounded-md border-l-4 border-brand-500 bg-brand-50 p-3 text-sm">
                  <p className="font-semibold text-brand-800">Mentor Reply:</p>
                  <p className="mt-1 whitespace-pre-line text-slate-700">{review.mentorResponse}</p>
                </div>
              ) : null}
            </article>
          </li>
        ))}
      </ol>
      {reviews.totalPages > 1 ? (
        <nav aria-label="Review pages" className="mt-6 flex items-center justify-between gap-3 text-sm">
          {reviews.page > 1 ? (
            <Link to={href(reviews.page - 1)} preventScrollReset className="rounded-md px-3 py-2 font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50">
              ← Newer reviews
            </Link>
          ) : <span />}
          <span className="text-slate-600" aria-current="page">Page {reviews.page} of {reviews.totalPages}</span>
          {reviews.page < reviews.totalPages ? (
            <Link to={href(reviews.page + 1)} preventScrollReset className="rounded-md px-3 py-2 font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50">
              Older reviews →
            </Link>
          ) : <span />}
        </nav>
      ) : null}
    </>
  );
}

/**
 * The next free times in the viewer's time zone, naming it. `bookHref` makes each a link that books it (the booking
 * dialog with that time chosen); null for a viewer who cannot book, who reads them as text.
 */
export function FreeTimes({ times, bookHref }: { times: MentorProfile["freeTimes"]; bookHref: (time: MentorProfile["freeTimes"][number]) => string | null }) {
  const zone = useViewerTimeZone();
  return (
    <section id={FREE_TIMES_ANCHOR} aria-labelledby="free-times-heading" tabIndex={-1} className="scroll-mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="free-times-heading" className="text-lg font-semibold text-slate-900">Next free times</h2>
      {times.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No free times are open right now. Please check back soon.</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-500">
            Shown in your time zone: {zoneTitle(zone)}
            {/* On a phone nothing hovers: the rows say themselves that they book. */}
            {times.some((time) => bookHref(time)) ? ". Choose one to book it." : null}
          </p>
          <ul className="mt-4 grid gap-2">
            {times.map((time) => {
              const href = bookHref(time);
              const content = (
                <>
                  <LocalTime value={time.startsAt} format="slot" />
                  <span className="flex items-center gap-1 text-slate-500">
                    {time.durationMinutes} min
                    {href ? <ChevronRight aria-hidden className="size-4 shrink-0 text-brand-600" /> : null}
                  </span>
                </>
              );
              const row = "flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800";
              return (
                <li key={time.startsAt}>
                  {href ? (
                    <Link
                      to={href}
                      preventScrollReset
                      className={`${row} hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500`}
                    >
                      {content}
                    </Link>
                  ) : (
                    <div className={row}>{content}</div>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
