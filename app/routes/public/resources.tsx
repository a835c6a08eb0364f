import { Download, ExternalLink, Search } from "#app/components/ui/icons.ts";
import { Form, Link } from "react-router";
import type { Route } from "./+types/resources";
import { inputClass } from "#app/components/ui/input-class.ts";
import { useSearchHref } from "#app/components/ui/search-href.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { publicResourceList } from "#app/modules/resources/schema.ts";
import { resourceTypeLabels, resourceTypes } from "#app/modules/resources/types.ts";
import { listResources } from "#app/modules/resources/resources.server.ts";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(publicResourceList, url);
    const { data: resources, meta } = await listResources(state, filters);
    redirectPastLastPage(url, state, meta);
    return { resources, meta, search: state.search, type: filters.type ?? null };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Resources · Ministry Mentors" },
  { name: "description", content: "Articles, guides, videos, podcasts and templates for pastors and ministry leaders." },
];

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  const { resources, meta, search, type } = loaderData;
  const hrefWith = useSearchHref();
  return (
    <div className="mx-auto max-w-6xl px-6 py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Resources</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">
        Articles, guides, videos, podcasts and templates gathered for pastors and ministry leaders.
      </p>

      <div className="mt-8 flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <nav aria-label="Resource types">
          <ul className="flex flex-wrap gap-2">
            {[null, ...resourceTypes].map((value) => (
              <li key={value ?? "all"}>
                <Link
                  to={hrefWith({ type: value, page: null })}
                  aria-current={type === value ? "page" : undefined}
                  className={`inline-block rounded-full px-4 py-1.5 text-sm font-medium ${
                    type === value ? "bg-brand-600 text-white" : "bg-brand-50 text-brand-800 hover:bg-brand-100"
                  }`}
                >
                  {value ? resourceTypeLabels[value] : "All"}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="get" role="search" className="relative w-full lg:w-80">
          {type ? <input type="hidden" name="type" value={type} /> : null}
          <label htmlFor="resource-search" className="sr-only">Search resources</label>
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          <input id="resource-search" type="search" name="search" defaultValue={search} key={search} placeholder="Search resources..." className={`${inputClass} pl-9`} />
        </Form>
      </div>

      {resources.length === 0 ? (
        <p className="mt-10 rounded-xl border border-slate-200 bg-white p-6 text-slate-600">No resources found.</p>
      ) : (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {resources.map((resource) => (
            <li key={resource.id}>
              <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">{resourceTypeLabels[resource.type] ?? resource.type}</p>
                <h2 className="mt-2 text-lg font-semibold text-slate-900">{resource.title}</h2>
                {resource.description ? <p className="mt-2 flex-1 text-slate-600">{resource.description}</p> : <div className="flex-1" />}
                <div className="mt-4 flex flex-wrap gap-4 text-sm font-medium">
                  {resource.link ? (
                    <a href={resource.link} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-brand-700 hover:underline">
                      <ExternalLink className="size-4" /> Open<span className="sr-only"> {resource.title} (opens in a new tab)</span>
                    </a>
                  ) : null}
                  {resource.fileUrl ? (
                    <a href={resource.fileUrl} download={resource.fileName ?? true} className="inline-flex items-center gap-1 text-brand-700 hover:underline">
                      <Download className="size-4" /> Download<span className="sr-only"> {resource.title}</span>
                    </a>
                  ) : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      {meta.totalPages > 1 ? (
        <nav aria-label="Pagination" className="mt-10 flex items-center justify-between text-sm">
          {meta.page > 1 ? (
            <Link to={hrefWith({ page: meta.page - 1 === 1 ? null : meta.page - 1 })} className="font-medium text-brand-700 hover:underline">Previous page</Link>
          ) : <span />}
          <p className="text-slate-600">Page {meta.page} of {meta.totalPages}</p>
          {meta.page < meta.totalPages ? (
            <Link to={hrefWith({ page: meta.page + 1 })} className="font-medium text-brand-700 hover:underline">Next page</Link>
          ) : <span />}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-6xl px-6 py-16">
      <h1 className="text-3xl font-bold text-slate-900">Resources</h1>
      <p role="alert" className="mt-6 text-red-700">Failed to fetch resources.</p>
      <Link to="/resources" className="mt-4 inline-block font-medium text-brand-700 underline">Show all resources</Link>
    </div>
  );
}
