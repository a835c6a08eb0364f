import { MessageSquare } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import type { Route } from "./+types/people-directory";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { directoryList, type DirectorySort } from "#app/modules/messages/schema.ts";
import { listDirectory } from "#app/modules/messages/messages.server.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";
import { EmailAddress } from "#app/components/ui/email-address.tsx";

const frame = {
  title: "Users and Guides",
  caption: "Users and guides",
  search: { placeholder: "Search Users...", label: "Search users by name, email or organisation" },
  minWidth: "40rem",
  columns: [
    { label: "Name", sort: "name" },
    { label: "Email", sort: "email" },
    { label: "Organisation", sort: "organisation" },
    { label: "Status" },
    { label: "Actions", align: "right" },
  ],
} satisfies ListFrame<DirectorySort>;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(directoryList, url);
    const { data: people, meta } = await listDirectory(state, filters.filter);
    redirectPastLastPage(url, state, meta);
    return { people, meta, state, filter: filters.filter };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Users and Guides · Ministry Mentors" }];

export default function PeopleDirectory({ loaderData }: Route.ComponentProps) {
  const { people, meta, state, filter } = loaderData;
  // The heading, caption and search say which people are listed.
  const label = filter === "guides" ? "Guides" : "Users";
  const shown = {
    ...frame,
    heading: label,
    caption: label,
    search: { placeholder: `Search ${label}...`, label: `Search ${label.toLowerCase()} by name, email or organisation` },
  };
  return (
    <ListScreen
      saveView={<SaveView list="people-directory" />}
      exportList={{ name: "people-directory" }}
      frame={shown}
      list={directoryList}
      state={state}
      meta={meta}
      rows={people}
      // No filter means the default, guides.
      filters={<FilterBar selects={[{ name: "filter", label: "Show", value: filter === "users" ? "users" : "", allLabel: "Guides", options: [{ value: "users", label: "Users" }] }]} />}
    >
      {(person) => (
        <tr key={person.id} className="hover:bg-slate-50">
          <td className="px-4 py-3">
            <div className="flex items-center gap-3">
              <Avatar imageId={person.imageId} name={person.name} className="size-8" />
              <span className="whole-words font-medium text-slate-900">{person.name}</span>
            </div>
          </td>
          <td className="px-4 py-3 text-slate-600"><EmailAddress email={person.email} /></td>
          <td className="px-4 py-3 text-slate-600">{person.organisation || "N/A"}</td>
          <td className="px-4 py-3 capitalize text-slate-600">{person.status}</td>
          <td className="px-4 py-3 text-right">
            <Link
              to={adminLinks.messageTo(person.id)}
              aria-label={`Message ${person.name}`}
              className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
            >
              <MessageSquare className="size-4" /> Message
            </Link>
          </td>
        </tr>
      )}
    </ListScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ListScreenError frame={frame}>{`Failed to fetch user list${message ? `: ${message}` : ""}`}</ListScreenError>;
}
