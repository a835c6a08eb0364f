import { useState, type ReactNode } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { ListScreen, type ExportList, type ListFrame } from "#app/components/list/list-screen.tsx";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { KeepParams } from "#app/components/ui/data-table.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { dateFormat } from "#app/lib/format.ts";
import { parseIdList } from "#app/lib/id.ts";
import type { ListDefaults, ListMeta, ListState } from "#app/lib/list.ts";
import { Rating } from "./rating.tsx";
import type { ReviewRow } from "./reviews.server.ts";
import { REVIEW_CUT, reviewExcerpt, reviewSortOptions, type ReviewSort, type ReviewSortOptions } from "./schema.ts";

const calendarDay = dateFormat({ dateStyle: "medium", timeZone: "UTC" });

/** A calendar day as the reviewer wrote it (YYYY-MM-DD), or a moment in the viewer's time zone. */
function ReviewDate({ value }: { value: string }) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime())) return <>{value}</>;
    return <time dateTime={value}>{calendarDay.format(date)}</time>;
  }
  return <LocalTime value={value} format="date" />;
}

/** Review text cut at 200 characters, with See More / See Less (a link with URL state; with JavaScript it toggles in place). */
function ReviewText({ id, text, expandedIds }: { id: number; text: string; expandedIds: number[] }) {
  const location = useLocation();
  const [expanded, setExpanded] = useState(expandedIds.includes(id));
  if (text.length <= REVIEW_CUT) return <p className="whitespace-pre-line text-sm text-slate-700">{text}</p>;
  const params = new URLSearchParams(location.search);
  const ids = expanded ? expandedIds.filter((other) => other !== id) : [...expandedIds, id];
  if (ids.length) params.set("expanded", ids.join(","));
  else params.delete("expanded");
  const query = params.toString();
  return (
    <p id={`review-${id}-text`} className="whitespace-pre-line text-sm text-slate-700">
      {expanded ? text : reviewExcerpt(text)}{" "}
      <Link
        to={query ? `${location.pathname}?${query}` : location.pathname}
        replace
        preventScrollReset
        aria-expanded={expanded}
        aria-controls={`review-${id}-text`}
        className="font-medium text-brand-700 underline-offset-2 hover:underline"
        onClick={(event) => {
          event.preventDefault();
          setExpanded(!expanded);
        }}
      >
        {expanded ? "See Less" : "See More"}
      </Link>
    </p>
  );
}

function SortSelect({ order, options }: { order: string; options: ReviewSortOptions }) {
  const submit = useSubmit();
  return (
    <Form method="get" preventScrollReset className="flex items-center gap-2">
      <KeepParams except={["order", "sort", "expanded"]} />
      <label htmlFor="review-sort" className="sr-only">Sort reviews</label>
      <select
        id="review-sort"
        name="order"
        key={order}
        defaultValue={order.toUpperCase()}
        className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="h-10 rounded-md px-3 text-sm ring-1 ring-slate-300">Apply</button>
      </noscript>
    </Form>
  );
}

/** A review as the bulk changes name it (its checkbox, their confirmation). */
const selection = { list: "reviews", rowOf: (review: ReviewRow) => ({ id: review.id, name: `Review by ${review.author} of ${review.guideName}` }) } as const;

/** The texts of a list of review cards (the Reviews screen adds its title). */
export const reviewCardsFrame = {
  label: "Reviews",
  search: { placeholder: "Search reviews...", label: "Search reviews" },
  loadingText: "Loading reviews...",
  empty: "No reviews available...",
} satisfies ListFrame<ReviewSort>;

/**
 * Reviews as cards under the sort select and the search box (the guide's name on a guide profile, the reviewer's
 * on a user profile), paged on the server: a profile's Review tab, and the Reviews screen with its filters.
 */
export function ReviewCards({
  frame = reviewCardsFrame,
  perspective,
  reviews,
  meta,
  state,
  list,
  filters,
  notice,
  actions,
  saveView,
  exportList,
  selectable = false,
  sortOptions = reviewSortOptions,
}: {
  frame?: ListFrame<ReviewSort>;
  /** Whose name heads each card: the guide's (a guide profile, the console), the reviewer's (a user profile), or the reviewer's alone (the guide's own screen). */
  perspective: "guide" | "user" | "reviewer";
  reviews: ReviewRow[];
  meta: ListMeta;
  state: ListState<ReviewSort>;
  list: { defaults: ListDefaults<ReviewSort> };
  filters?: ReactNode;
  /** A message above the cards (a review the URL names was not found). */
  notice?: ReactNode;
  /** What a card offers under it: the guide's reply form, the console's hide and show. */
  actions?: (review: ReviewRow) => ReactNode;
  /** The console's "Save view" control. */
  saveView?: ReactNode;
  /** In the console: the list's CSV export. */
  exportList?: ExportList;
  /** In the console: the cards can be selected for bulk changes (hide, show). */
  selectable?: boolean;
  /** The sort select's labels: the console's (SPEC §2), or the guide's own screen's. */
  sortOptions?: ReviewSortOptions;
}) {
  const location = useLocation();
  const expandedIds = parseIdList(new URLSearchParams(location.search).get("expanded"));
  return (
    <ListScreen frame={frame} list={list} state={state} meta={meta} rows={reviews} toolbar={<SortSelect order={state.order} options={sortOptions} />} filters={filters} notice={notice} saveView={saveView} exportList={exportList} selection={selectable ? selection : undefined}>
      {(review) => (
        <article key={review.id} aria-labelledby={`review-${review.id}-heading`} className="grid gap-3 rounded-lg border border-slate-200 p-4">
          <header className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <h2 id={`review-${review.id}-heading`} className="font-semibold text-slate-900">
                {perspective === "guide" ? review.guideName : review.userName}
              </h2>
              {perspective === "reviewer" ? null : (
                <p className="text-sm text-slate-600">
                  {perspective === "guide" ? `By ${review.author}` : `Guide: ${review.guideName}`}
                </p>
              )}
            </div>
            <p className="text-sm text-slate-500"><ReviewDate value={review.date} /></p>
          </header>
          {review.hiddenAt ? (
            <p className="flex flex-wrap items-center gap-2 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
              <StatusBadge tone="grey">Hidden</StatusBadge>
              <span>{`Not shown on the public profile and not counted in the rating${review.hiddenReason ? `. Reason: ${review.hiddenReason}` : "."}`}</span>
            </p>
          ) : null}
          <Rating rating={review.rating} />
          <ReviewText key={`${review.id}-${expandedIds.includes(review.id)}`} id={review.id} text={review.content} expandedIds={expandedIds} />
          {review.mentorResponse ? (
            <div className="rounded-md border-l-4 border-brand-500 bg-brand-50 p-3 text-sm">
              <p className="font-semibold text-brand-800">Mentor Reply:</p>
              <p className="mt-1 whitespace-pre-line text-slate-700">{review.mentorResponse}</p>
            </div>
          ) : null}
          {actions?.(review)}
        </article>
      )}
    </ListScreen>
  );
}
