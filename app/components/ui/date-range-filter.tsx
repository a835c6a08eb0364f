import { X } from "#app/components/ui/icons.ts";
import { useId } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { DateRangeChoice } from "#app/lib/date-range.ts";
import { formatMoment } from "#app/lib/format.ts";
import { KeepParams } from "./data-table.tsx";
import { Select } from "./field.tsx";
import { withoutEmpty, type FilterSelect } from "./filter-bar.tsx";
import { useSearchHref } from "./search-href.ts";

/** What a list's date range filter shows (see `dateRange()` in lib/date-range.ts for the URL's `from` and `to`). */
export type DateRangeProps = {
  /** What the days are of, as the group's name: "Paid", "Requested"; "Dates" where `which` chooses the date. */
  legend: string;
  /** The days in the URL, "" when open. */
  from: string;
  to: string;
  /** The quick choices, their days computed by the loader in the admin's zone (`dateRangeChoices`). */
  choices: readonly DateRangeChoice[];
  /** Which date the range is of, when a list has several (bookings: `date=session|booked`). */
  which?: Omit<FilterSelect, "allLabel">;
};

/** A day of the URL as people read it ("Nov 28, 2026"): a calendar day, so written the same in every zone. */
const dayLabel = (day: string) => formatMoment(`${day}T12:00:00Z`, "date", "UTC") ?? day;

/** The range as a phrase: "Nov 1, 2026 – Nov 30, 2026", "From Nov 1, 2026", "Until Nov 30, 2026". */
export function rangeLabel(from: string, to: string) {
  if (from && to) return from === to ? dayLabel(from) : `${dayLabel(from)} – ${dayLabel(to)}`;
  return from ? `From ${dayLabel(from)}` : `Until ${dayLabel(to)}`;
}

/**
 * A list's date range: which date (when there is a choice), two labelled day inputs in a GET form (without JavaScript
 * an Apply button sends it; with it, a complete day applies at once), quick choices as links, and the range in force
 * with a link that clears it. Every other URL parameter is kept; the page goes back to 1.
 */
export function DateRangeFilter({ legend, from, to, choices, which }: DateRangeProps) {
  const id = useId();
  const submit = useSubmit();
  const searchHref = useSearchHref();
  const apply = (form: HTMLFormElement | null) => submit(withoutEmpty(form), { method: "get", preventScrollReset: true });
  const names = ["from", "to", ...(which ? [which.name] : [])];
  // The range in force names the date it is of: the chosen one where there is a choice ("Refunded: …"), else the legend.
  const of = which?.options.find((option) => option.value === which.value)?.label ?? legend;
  return (
    <div className="grid gap-2">
      <Form method="get" preventScrollReset aria-label={`${legend} range`}>
        <fieldset className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <legend className="mb-1 text-xs font-semibold text-slate-700">{legend}</legend>
          <KeepParams except={names} />
          {which ? (
            <div className="grid gap-1">
              <label htmlFor={`${id}-which`} className="text-xs font-medium text-slate-600">{which.label}</label>
              <Select id={`${id}-which`} name={which.name} defaultValue={which.value} key={which.value} className="h-9 py-1 sm:w-auto sm:min-w-44" onChange={(event) => apply(event.currentTarget.form)}>
                {which.options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
              </Select>
            </div>
          ) : null}
          <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
            {(["from", "to"] as const).map((name) => (
              <div key={name} className="grid gap-1">
                <label htmlFor={`${id}-${name}`} className="text-xs font-medium text-slate-600">{name === "from" ? "From" : "To"}</label>
                <input
                  type="date"
                  id={`${id}-${name}`}
                  name={name}
                  defaultValue={name === "from" ? from : to}
                  key={name === "from" ? from : to}
                  className="ui-input h-9 min-w-0 py-1 sm:w-44"
                  onChange={(event) => {
                    if (event.currentTarget.value === "" || event.currentTarget.validity.valid) apply(event.currentTarget.form);
                  }}
                />
              </div>
            ))}
          </div>
          <noscript>
            <button type="submit" className="h-9 rounded-md px-3 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50">Apply dates</button>
          </noscript>
        </fieldset>
      </Form>
      <div className="flex flex-wrap items-center gap-2">
        <ul className="flex flex-wrap gap-2" aria-label={`Quick ${legend.toLowerCase()} ranges`}>
          {choices.map((choice) => {
            const current = choice.from === from && choice.to === to;
            return (
              <li key={choice.label}>
                <Link
                  to={searchHref({ from: choice.from, to: choice.to, page: null })}
                  preventScrollReset
                  aria-current={current ? "true" : undefined}
                  className={
                    current
                      ? "inline-block rounded-full bg-brand-700 px-3 py-1 text-sm font-medium text-white"
                      : "inline-block rounded-full px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50"
                  }
                >
                  {choice.label}
                </Link>
              </li>
            );
          })}
        </ul>
        {from || to ? (
          <p className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-800 ring-1 ring-brand-200">
            <span>{`${of}: ${rangeLabel(from, to)}`}</span>
            <Link to={searchHref({ from: null, to: null, page: null })} preventScrollReset aria-label={`Clear dates: ${of.toLowerCase()} ${rangeLabel(from, to)}`} className="rounded-full p-1 hover:bg-brand-100">
              <X className="size-3.5" />
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
