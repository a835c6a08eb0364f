import { ChevronLeft, ChevronRight, Search, SlidersHorizontal, X } from "#app/components/ui/icons.ts";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, isRouteErrorResponse, Link, redirect, useNavigation, useSearchParams, useSubmit } from "react-router";
import type { Route } from "./+types/search";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { inputClass } from "#app/components/ui/input-class.ts";
import { clsx } from "clsx";
import { formatCount } from "#app/lib/format.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenParams } from "#app/lib/list-params.server.ts";
import { activeFilters } from "#app/modules/mentor-search/active-filters.ts";
import { MentorCard } from "#app/modules/mentor-search/mentor-card.tsx";
import { searchMentors } from "#app/modules/mentor-search/mentor-search.server.ts";
import { currentUser } from "#app/lib/guards.server.ts";
import { savedAmong } from "#app/modules/saved-mentors/saved-mentors.server.ts";
import { SaveMentorForm } from "#app/modules/saved-mentors/save-toggle.tsx";
import { SORTS, defaultOrder, searchHref, type FacetCount, type SearchQuery, type SearchSort } from "#app/modules/mentor-search/query.ts";
import { searchInput, searchSchema } from "#app/modules/mentor-search/schema.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { order, ...parsed } = parseScreenParams(searchSchema, searchInput(url.searchParams), url);
    const query: SearchQuery = { ...parsed, order: parsed.sort === "relevance" ? "desc" : (order ?? defaultOrder(parsed.sort)) };
    const result = await searchMentors(query);
    // Past the last page: the first one, as every list does.
    if (result.meta.page !== query.page) {
      url.searchParams.delete("page");
      throw redirect(url.pathname + url.search);
    }
    // The Save / Saved toggles: a mentee's saved ones among this page's mentors.
    const person = context.get(currentUser);
    const viewer = person ? (person.role === "user" ? "mentee" : "other") : "signedOut";
    const savedIds = await savedAmong(person, result.mentors.map((mentor) => mentor.id));
    return { query, ...result, viewer, savedIds } as const;
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.query.q ? `Mentors for “${data.query.q}” · Find a Mentor · Ministry Mentors` : "Find a Mentor · Ministry Mentors" },
  { name: "description", content: "Search approved mentors by specialty, language, price, rating and when they are free to meet." },
];

const orderLabels: Record<Exclude<SearchSort, "relevance">, { asc: string; desc: string }> = {
  rating: { desc: "Highest first", asc: "Lowest first" },
  price: { asc: "Lowest first", desc: "Highest first" },
  experience: { desc: "Most first", asc: "Fewest first" },
  "next-free": { asc: "Soonest first", desc: "Latest first" },
};

// The keyword box: the inputs' look, a little taller, room for the icon, and 16 px text (no zoom on phones).
const searchBoxClass = `${inputClass} h-11 pl-9 text-base`;

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, mentors, facets, meta, viewer, savedIds } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [hydrated, setHydrated] = useState(false);
  const filtersRef = useRef<HTMLDetailsElement>(null);
  const keywordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setHydrated(true);
    // A laptop shows the filters as a sidebar; browsers that cannot style a closed <details> open it here.
    if (window.matchMedia("(min-width: 1024px)").matches && filtersRef.current) filtersRef.current.open = true;
  }, []);
  // The search box follows the URL (back/forward) without remounting, so focus stays where it is.
  useEffect(() => {
    if (keywordRef.current && document.activeElement !== keywordRef.current) keywordRef.current.value = query.q;
  }, [query.q]);

  const pending = navigation.location?.pathname === "/search" ? navigation.location : null;
  const isChosen = (name: string, value: string | number) => params.getAll(name).includes(String(value));
  const chosenOr = (name: string) => params.get(name) ?? "";
  // The controls are the browser's own (a click shows at once, focus stays put); they follow the URL when it
  // changes some other way (back/forward, a link that drops a filter).
  const formRef = useRef<HTMLFormElement>(null);
  const search = params.toString();
  const shownSearch = useRef(search);
  useEffect(() => {
    // On the first render the server already drew the form from this URL; a choice made while the page was
    // still hydrating must not be undone here (it is being submitted).
    if (shownSearch.current === search) return;
    shownSearch.current = search;
    const url = new URLSearchParams(search);
    for (const element of Array.from(formRef.current?.elements ?? [])) {
      if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
        element.checked = element.value === "" ? !url.get(element.name) : url.getAll(element.name).includes(element.value);
      } else if (element instanceof HTMLSelectElement && element.name === "sort") {
        element.value = url.get("sort") || "relevance";
      } else if (element instanceof HTMLSelectElement && element.name === "order") {
        const sort = SORTS.find((option) => option.value === url.get("sort"));
        element.value = url.get("order") || (sort ? defaultOrder(sort.value) : "desc");
      }
    }
  }, [search]);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target.name === "q") return; // words are sent with Enter or the Search button
    const data = new FormData(event.currentTarget);
    if (target.name === "sort") data.delete("order"); // a new sort starts in its own natural direction
    for (const [key, value] of [...data.entries()]) if (value === "") data.delete(key);
    void submit(data, { method: "get", action: "/search", preventScrollReset: true });
  };

  const filters = activeFilters(query);
  const sortInfo = SORTS.find((sort) => sort.value === query.sort)!;
  const loading = navigation.state === "loading" && pending !== null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Find a Mentor</h1>
      <p className="mt-2 max-w-2xl text-lg text-slate-600">
        Approved pastors and ministry leaders ready to walk alongside you. Search by name, church, specialty or the
        experience you need.
      </p>

      <Form ref={formRef} id="mentor-search" method="get" action="/search" role="search" aria-label="Mentors" onChange={onChange} className="mt-6">
        <div className="flex gap-2">
          <label htmlFor="search-q" className="sr-only">Search mentors</label>
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
            <input
              ref={keywordRef}
              id="search-q"
              type="search"
              name="q"
              defaultValue={query.q}
              maxLength={100}
              placeholder="Search by name, church, specialty…"
              className={searchBoxClass}
            />
          </div>
          <button type="submit" className={buttonClass({ size: "lg" })}>Search</button>
        </div>

        <div className="mt-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
          <details
            ref={filtersRef}
            className="group mb-6 rounded-xl border border-slate-200 bg-white lg:mb-0 lg:self-start lg:border-0 lg:bg-transparent lg:[&::details-content]:[content-visibility:visible]"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 text-sm font-semibold text-slate-900 lg:hidden [&::-webkit-details-marker]:hidden">
              <span className="inline-flex items-center gap-2">
                <SlidersHorizontal className="size-4" />
                Filters{filters.length ? ` (${filters.filter((f) => f.key !== "q").length} on)` : ""}
              </span>
              <span aria-hidden className="text-slate-500 group-open:rotate-180">▾</span>
            </summary>
            <div className="space-y-6 border-t border-slate-200 px-4 py-4 lg:border-0 lg:p-0">
              <Facet legend="Category" name="category" options={facets.category} isChosen={isChosen} />
              <Facet legend="Specialty" name="specialty" options={facets.specialty} isChosen={isChosen} />
              {facets.language.length ? <Facet legend="Language" name="language" options={facets.language} isChosen={isChosen} /> : null}
              <fieldset>
                <legend className="text-sm font-semibold text-slate-900">Price for an hour</legend>
                <ul className="mt-2 space-y-1.5">
                  <li><Choice type="checkbox" name="pwyw" value="1" label="Pay what you want" count={facets.pwyw} checked={isChosen("pwyw", "1")} /></li>
                  {facets.price.map((option) => (
                    <li key={option.value}>
                      <Choice type="checkbox" name="price" value={option.value} label={option.label} count={option.count} checked={isChosen("price", option.value)} />
                    </li>
                  ))}
                </ul>
              </fieldset>
              <RadioFacet legend="Has a free time" name="free" anyLabel="Any time" options={facets.free} chosen={chosenOr("free")} />
              <RadioFacet legend="Rating" name="rating" anyLabel="Any rating" options={facets.rating} chosen={chosenOr("rating")} />
              <div className={clsx("flex items-center gap-3", hydrated && "lg:hidden")}>
                {hydrated ? null : <button type="submit" className={buttonClass({ size: "sm" })}>Apply filters</button>}
                {filters.length ? <Link to="/search" className="text-sm font-medium text-brand-700 hover:underline">Clear all</Link> : null}
              </div>
              {hydrated && filters.length ? (
                <Link to="/search" className="hidden text-sm font-medium text-brand-700 hover:underline lg:inline">Clear all filters</Link>
              ) : null}
            </div>
          </details>

          <section aria-labelledby="results-heading" aria-busy={loading || undefined}>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <h2 id="results-heading" className="text-lg font-semibold text-slate-900" aria-live="polite" aria-atomic="true">
                {/* The count only: an empty result's own heading below says so and how to loosen it. */}
                {`${formatCount(meta.total)} ${meta.total === 1 ? "mentor" : "mentors"}`}
                {meta.totalPages > 1 ? <span className="font-normal text-slate-500"> · page {meta.page} of {formatCount(meta.totalPages)}</span> : null}
              </h2>
              <div className="flex flex-wrap items-end gap-2">
                <label className="text-sm text-slate-700">
                  <span className="mb-1 block font-medium">Sort by</span>
                  <select name="sort" defaultValue={query.sort} className={clsx(inputClass, "h-10 w-auto pr-8")}>
                    {SORTS.map((sort) => <option key={sort.value} value={sort.value}>{sort.label}</option>)}
                  </select>
                </label>
                {sortInfo.ordered ? (
                  <label key={query.sort} className="text-sm text-slate-700">
                    <span className="mb-1 block font-medium">Order</span>
                    <select name="order" defaultValue={query.order} className={clsx(inputClass, "h-10 w-auto pr-8")}>
                      {(["desc", "asc"] as const).map((order) => (
                        <option key={order} value={order}>{orderLabels[query.sort as Exclude<SearchSort, "relevance">][order]}</option>
                      ))}
                    </select>
                  </label>
                ) : null}
                {hydrated ? null : <button type="submit" className={buttonClass({ variant: "secondary" })}>Sort</button>}
              </div>
            </div>

            {filters.length ? (
              <ul aria-label="Active filters" className="mt-4 flex flex-wrap gap-2">
                {filters.map((filter) => (
                  <li key={filter.key}>
                    <Link to={filter.href} preventScrollReset className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-2 text-sm font-medium text-brand-800 hover:bg-brand-100">
                      {filter.label}
                      <X className="size-3.5" />
                      <span className="sr-only">(remove)</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}

            {mentors.length ? (
              <ul className={clsx("mt-6 grid gap-5 sm:grid-cols-2", loading && "opacity-60")}>
                {mentors.map((mentor) => <li key={mentor.id}><MentorCard mentor={mentor} viewer={viewer} saved={savedIds.includes(mentor.id)} /></li>)}
              </ul>
            ) : (
              <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8">
                <h3 className="text-lg font-semibold text-slate-900">No mentors match your search</h3>
                {filters.length ? (
                  <>
                    <p className="mt-2 text-slate-600">Try loosening it:</p>
                    <ul className="mt-3 space-y-2">
                      {filters.map((filter) => (
                        <li key={filter.key}>
                          <Link to={filter.href} className="font-medium text-brand-700 underline-offset-4 hover:underline">{filter.loosen ?? `Without “${filter.label}”`}</Link>
                        </li>
                      ))}
                      {filters.length > 1 ? (
                        <li><Link to="/search" className="font-medium text-brand-700 underline-offset-4 hover:underline">Show every mentor</Link></li>
                      ) : null}
                    </ul>
                  </>
                ) : (
                  <p className="mt-2 text-slate-600">No mentors are taking new mentees right now. Please check back soon.</p>
                )}
              </div>
            )}

            {meta.totalPages > 1 ? <Pager query={query} page={meta.page} totalPages={meta.totalPages} /> : null}
          </section>
        </div>
      </Form>
      {/* The forms of the cards' Save / Saved toggles (MentorCard): forms cannot nest inside the search form. */}
      {viewer === "mentee" ? mentors.map((mentor) => <SaveMentorForm key={mentor.id} guideId={mentor.id} />) : null}
    </div>
  );
}

function Choice({ type, name, value, label, count, checked }: { type: "checkbox" | "radio"; name: string; value: string; label: string; count?: number; checked: boolean }) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
      <input type={type} name={name} value={value} defaultChecked={checked} className="size-4 accent-brand-600" />
      <span className={clsx("flex-1", count === 0 && !checked && "text-slate-500")}>{label}</span>
      {count !== undefined ? <span className="text-xs tabular-nums text-slate-500">{formatCount(count)}<span className="sr-only"> {count === 1 ? "mentor" : "mentors"}</span></span> : null}
    </label>
  );
}

function Facet({ legend, name, options, isChosen }: { legend: string; name: string; options: FacetCount[]; isChosen: (name: string, value: string) => boolean }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <ul className="mt-2 space-y-1.5">
        {options.map((option) => (
          <li key={option.value}>
            <Choice type="checkbox" name={name} value={option.value} label={option.label} count={option.count} checked={isChosen(name, option.value)} />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function RadioFacet({ legend, name, anyLabel, options, chosen }: { legend: string; name: string; anyLabel: string; options: FacetCount<number>[]; chosen: string }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <ul className="mt-2 space-y-1.5">
        <li><Choice type="radio" name={name} value="" label={anyLabel} checked={chosen === ""} /></li>
        {options.map((option) => (
          <li key={option.value}>
            <Choice type="radio" name={name} value={String(option.value)} label={option.label} count={option.count} checked={chosen === String(option.value)} />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function Pager({ query, page, totalPages }: { query: SearchQuery; page: number; totalPages: number }) {
  const from = Math.max(1, Math.min(page - 2, totalPages - 4));
  const pages = Array.from({ length: Math.min(5, totalPages) }, (_, i) => from + i);
  const link = "inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm font-medium";
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={searchHref(query, { page: page - 1 })} rel="prev" className={clsx(link, "text-slate-700 hover:bg-slate-100")}>
          <ChevronLeft className="size-4" /> Previous
        </Link>
      ) : null}
      {pages.map((number) => (
        <Link
          key={number}
          to={searchHref(query, { page: number })}
          aria-current={number === page ? "page" : undefined}
          aria-label={`Page ${number}`}
          className={clsx(link, number === page ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100")}
        >
          {number}
        </Link>
      ))}
      {page < totalPages ? (
        <Link to={searchHref(query, { page: page + 1 })} rel="next" className={clsx(link, "text-slate-700 hover:bg-slate-100")}>
          Next <ChevronRight className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : "Something went wrong with this search.";
  return (
    <div className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{status === 400 ? "This search cannot be read" : "Find a Mentor"}</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <Link to="/search" className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">Start a new search</Link>
    </div>
  );
}
