import { Eye } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import type { Route } from "./+types/organisations";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { RowActions, RowLink } from "#app/components/ui/data-table.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { adminLinks } from "#app/lib/admin-links.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { ORGANISATION_KINDS, kindLabel, organisationKindLabels } from "#app/modules/organisations/options.ts";
import { listOrganisations, organisationCountries } from "#app/modules/organisations/organisations.server.ts";
import { organisationList, type OrganisationSort } from "#app/modules/organisations/schema.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";

const frame = {
  title: "Organisations",
  heading: "Churches and organisations",
  search: { placeholder: "Search by name...", label: "Search organisations by name" },
  caption: "Organisations people belong to",
  minWidth: "48rem",
  empty: "No organisations found",
  columns: [
    { label: "Name", sort: "name" },
    { label: "Kind", sort: "kind" },
    { label: "Place" },
    { label: "Members", sort: "members", align: "right" },
    { label: "Added", sort: "createdAt" },
    { label: "Actions", align: "right" },
  ],
} satisfies ListFrame<OrganisationSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInUser(context);
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(organisationList, url);
    const [{ data: organisations, meta }, countries] = await Promise.all([listOrganisations(state, filters, admin), organisationCountries(admin)]);
    redirectPastLastPage(url, state, meta);
    return { organisations, meta, state, countries, shown: { kind: filters.kind ?? "", country: filters.country ?? "" } };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Organisations · Ministry Mentors" }];

export default function Organisations({ loaderData }: Route.ComponentProps) {
  const { organisations, meta, state, countries, shown } = loaderData;
  return (
    <ListScreen
      saveView={<SaveView list="organisations" />}
      exportList={{ name: "organisations" }}
      frame={frame}
      list={organisationList}
      state={state}
      meta={meta}
      rows={organisations}
      filters={
        <FilterBar
          selects={[
            { name: "kind", label: "Kind", value: shown.kind, allLabel: "All kinds", options: ORGANISATION_KINDS.map((kind) => ({ value: kind, label: organisationKindLabels[kind] })) },
            { name: "country", label: "Country", value: shown.country, allLabel: "All countries", options: [...new Set([...countries, shown.country].filter(Boolean))].map((country) => ({ value: country, label: country })) },
          ]}
        />
      }
    >
      {(organisation) => (
        <tr key={organisation.id} className="hover:bg-slate-50">
          <td className="whole-words px-4 py-3">
            <Link to={adminLinks.organisation(organisation.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">{organisation.name}</Link>
          </td>
          <td className="px-4 py-3 text-slate-600">{kindLabel(organisation.kind)}</td>
          <td className="px-4 py-3 text-slate-600">{[organisation.city, organisation.country].filter(Boolean).join(", ") || "N/A"}</td>
          <td className="px-4 py-3 text-right tabular-nums text-slate-700">{organisation.memberCount.toLocaleString("en-US")}</td>
          <td className="whitespace-nowrap px-4 py-3 text-slate-600"><LocalTime value={organisation.createdAt} format="date" /></td>
          <RowActions>
            <RowLink to={adminLinks.organisation(organisation.id)} label={`View or edit ${organisation.name}`} icon={Eye} />
          </RowActions>
        </tr>
      )}
    </ListScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ListScreenError frame={frame}>{`Failed to load data${message ? `: ${message}` : ""}`}</ListScreenError>;
}
