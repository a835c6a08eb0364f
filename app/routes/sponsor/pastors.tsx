import { Link } from "react-router";
import type { Route } from "./+types/pastors";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cellClass } from "#app/components/ui/profile-parts.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { PASTOR_STATUSES, sponsorPastorListDefaults, type SponsorPastorSort } from "#app/modules/sponsorship/lists.ts";
import { PastorGuides } from "#app/modules/sponsorship/pastor-guides.tsx";
import { sponsorPastorList } from "#app/modules/sponsorship/schema.ts";
import { listSponsorPastors } from "#app/modules/sponsorship/sponsorship.server.ts";

// /sponsor/pastors: every pastor who joined, paged, searched by name, sorted by name, joining or budget used. Each is
// shaped by sponsorship/policy.ts: budget, sessions and (only where they allowed it) their guides' names.

/** The list's frame, its budget column and caption naming the rules' period ('Used this quarter'). */
const frameFor = (period: string) => ({
  title: "Pastors",
  width: "max-w-6xl",
  heading: "Pastors who joined",
  search: { placeholder: "Search by name...", label: "Search pastors by name" },
  caption: `Pastors who joined, with this ${period}'s budget and, where they allowed it, their guides`,
  minWidth: "48rem",
  columns: [
    { label: "Pastor", sort: "name" },
    { label: "Joined", sort: "joined" },
    { label: `Used this ${period}`, sort: "budgetUsed", align: "right" },
    { label: "Budget left", align: "right" },
    { label: "Guides" },
  ],
  loadingText: "Loading pastors...",
  empty: "No pastor matches.",
}) satisfies ListFrame<SponsorPastorSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(sponsorPastorList, url);
    const { data: pastors, meta, period } = await listSponsorPastors(signedInUser(context), state, filters);
    redirectPastLastPage(url, state, meta);
    return { pastors, meta, state, period, status: filters.status ?? "" };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Pastors · Sponsorship · Ministry Mentors" }];

export default function SponsorPastors({ loaderData }: Route.ComponentProps) {
  const { pastors, meta, state, period, status } = loaderData;
  const frame = frameFor(period);
  return (
    <ListScreen
      // Nothing searched or filtered: no pastor has joined yet, and the next step is an invitation.
      frame={state.search || status ? frame : { ...frame, empty: "No pastor has joined yet. Invite your pastors from Invitations: they appear here once they accept." }}
      list={{ defaults: sponsorPastorListDefaults }}
      state={state}
      meta={meta}
      rows={pastors}
      notice={<p className="mb-4 text-sm text-slate-600">Budgets are per {period}. Invite more pastors on <Link to="/sponsor/invites" className="font-medium text-brand-700 underline underline-offset-2">Invitations</Link>.</p>}
      filters={<FilterBar selects={[{ name: "status", label: "Status", value: status, allLabel: "Every pastor", options: PASTOR_STATUSES }]} />}
    >
      {(pastor) => (
        <tr key={pastor.id} className="hover:bg-slate-50">
          <td className={`${cellClass} font-medium text-slate-900`}>
            <Link to={`/sponsor/pastors/${pastor.id}`} className="hover:underline">{pastor.name}</Link>
            {pastor.joined ? null : <span className="ml-2 text-sm font-normal text-slate-600">(left)</span>}
          </td>
          <td className={cellClass}><LocalTime value={pastor.joinedAt} format="date" /></td>
          <td className={`${cellClass} text-right tabular-nums`}>{formatMoney(pastor.budgetUsedCents)}</td>
          <td className={`${cellClass} text-right tabular-nums`}>{pastor.joined ? formatMoney(pastor.budgetLeftCents) : "—"}</td>
          <td className={cellClass}><PastorGuides guides={pastor.guides} /></td>
        </tr>
      )}
    </ListScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListScreenError frame={frameFor("period")}>{routeErrorMessage(error) ?? "Failed to load pastors"}</ListScreenError>;
}
