import { MessageSquare } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/people-directory";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { ListError, ListRows, ListTable, Pagination, SearchBox, SortHeader, useListLoading } from "#app/components/ui/data-table.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { ListHeader } from "#app/components/ui/list-header.tsx";
import { parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/links.ts";
import { parseListParams, redirectPastLastPage } from "#app/lib/list.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { directoryFilterSchema, directoryListDefaults } from "#app/modules/messages/schema.ts";
import { listDirectory } from "#app/modules/messages/messages.server.ts";

const COLUMNS = 5;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const state = parseListParams(url.searchParams, directoryListDefaults);
    const filter = parseOr400(directoryFilterSchema, url.searchParams.get("filter"), "filter");
    const { data: people, meta } = await listDirectory(state, filter);
    redirectPastLastPage(url, state, meta);
    return { people, meta, state, filter };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Users and Guides · Ministry Mentors" }];

export default function PeopleDirectory({ loaderData }: Route.ComponentProps) {
  const { people, meta, state, filter } = loaderData;
  const loading = useListLoading();
  const list = { state, defaults: directoryListDefaults };
  const label = filter === "guides" ? "Guides" : "Users";
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Users and Guides</h1>
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="directory-heading">
        <ListHeader
          id="directory-heading"
          title={label}
          search={<SearchBox {...list} placeholder={`Search ${label}...`} label={`Search ${label.toLowerCase()} by name, email or organisation`} />}
        />
        {/* No filter means the default, guides. */}
        <FilterBar selects={[{ name: "filter", label: "Show", value: filter === "users" ? "users" : "", allLabel: "Guides", options: [{ value: "users", label: "Users" }] }]} />
        <ListTable caption={label} minWidth="40rem">
          <thead className="bg-slate-50">
            <tr>
              <SortHeader {...list} column="name">Name</SortHeader>
              <SortHeader {...list} column="email">Email</SortHeader>
              <SortHeader {...list} column="organisation">Organisation</SortHeader>
              <th scope="col" className="px-4 py-3 text-left font-semibold text-slate-700">Status</th>
              <th scope="col" className="px-4 py-3 text-right font-semibold text-slate-700">Actions</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            <ListRows colSpan={COLUMNS} loading={loading} rows={people}>
              {(person) => (
                <tr key={person.id} className="hover:bg-slate-50">
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <Avatar imageId={person.imageId} name={person.name} className="size-8" />
                      <span className="font-medium text-slate-900">{person.name}</span>
                    </div>
                  </td>
                  <td className="px-4 py-3 text-slate-600">{person.email}</td>
                  <td className="px-4 py-3 text-slate-600">{person.organisation || "N/A"}</td>
                  <td className="px-4 py-3 capitalize text-slate-600">{person.status}</td>
                  <td className="px-4 py-3 text-right">
                    <Link
                      to={adminLinks.messageTo(person.id)}
                      aria-label={`Message ${person.name}`}
                      className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
                    >
                      <MessageSquare aria-hidden className="size-4" /> Message
                    </Link>
                  </td>
                </tr>
              )}
            </ListRows>
          </tbody>
        </ListTable>
        <Pagination {...list} meta={meta} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <ListError title="Users and Guides" caption="Users and guides" minWidth="40rem" colSpan={COLUMNS}>
      {`Failed to fetch user list${message ? `: ${message}` : ""}`}
    </ListError>
  );
}
