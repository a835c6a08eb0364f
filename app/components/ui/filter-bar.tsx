import { X } from "#app/components/ui/icons.ts";
import type { ReactNode } from "react";
import { Form, Link, useSubmit } from "react-router";
import { KeepParams } from "./data-table.tsx";
import { Select } from "./field.tsx";
import { useSearchHref } from "./route-dialog.tsx";

export type FilterSelect = {
  /** The URL parameter, e.g. paymentStatus or guideId. */
  name: string;
  label: string;
  value: string;
  /** The first option, meaning "no filter" (an empty value). */
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
};

/** An active filter that has no select of its own (e.g. ?userId= from a row or a profile), with a link to remove it. */
export type FilterChip = { param: string; label: string };

/** The form's values without the empty ones ("All …" choices), so the URL carries only real filters. */
export function withoutEmpty(form: HTMLFormElement | null) {
  const values = new URLSearchParams();
  if (form) for (const [key, value] of new FormData(form)) if (value !== "") values.append(key, String(value));
  return values;
}

/**
 * A list's filters as a GET form (works without JavaScript; with it, a change applies at once), then any
 * filters that are forms of their own (`children`, e.g. a date range or a person picker) and the active filter chips.
 * Every other URL parameter (search, sort, order, limit, other filters) is kept; the page goes back to 1.
 */
export function FilterBar({ selects = [], chips = [], children }: { selects?: FilterSelect[]; chips?: FilterChip[]; children?: ReactNode }) {
  const submit = useSubmit();
  const searchHref = useSearchHref();
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-3 sm:flex-row sm:flex-wrap sm:items-end">
      {selects.length ? (
        <Form method="get" preventScrollReset className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" aria-label="Filters">
          <KeepParams except={selects.map((field) => field.name)} />
          {selects.map((select) => (
            <div key={select.name} className="grid gap-1">
              <label htmlFor={`filter-${select.name}`} className="text-xs font-medium text-slate-600">{select.label}</label>
              <Select
                id={`filter-${select.name}`}
                name={select.name}
                defaultValue={select.value}
                key={select.value}
                className="h-9 py-1 sm:w-auto sm:min-w-52"
                onChange={(event) => submit(withoutEmpty(event.currentTarget.form), { method: "get", preventScrollReset: true })}
              >
                <option value="">{select.allLabel}</option>
                {select.options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
              </Select>
            </div>
          ))}
          <noscript>
            <button type="submit" className="h-9 rounded-md px-3 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50">Apply filters</button>
          </noscript>
        </Form>
      ) : null}
      {children}
      {chips.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Active filters">
          {chips.map((chip) => (
            <li key={chip.param} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-800 ring-1 ring-brand-200">
              {chip.label}
              <Link to={searchHref({ [chip.param]: null, page: null })} preventScrollReset aria-label={`Remove filter: ${chip.label}`} className="rounded-full p-1 hover:bg-brand-100">
                <X className="size-3.5" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
