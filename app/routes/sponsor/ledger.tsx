import type { Route } from "./+types/ledger";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { DateRangeFilter } from "#app/components/ui/date-range-filter.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cellClass } from "#app/components/ui/profile-parts.tsx";
import { dateRangeChoices } from "#app/lib/date-range.ts";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { knownTimeZone } from "#app/lib/time-zones.ts";
import { LedgerEntryWhat } from "#app/modules/sponsorship/ledger-entry.tsx";
import { LEDGER_KINDS, sponsorLedgerListDefaults, type SponsorLedgerSort } from "#app/modules/sponsorship/lists.ts";
import { sponsorLedgerList } from "#app/modules/sponsorship/schema.ts";
import { listSponsorLedger } from "#app/modules/sponsorship/sponsorship.server.ts";

// /sponsor/ledger: every movement of the balance (funds added, sessions covered, amounts returned), paged, sorted by
// date or amount, filtered by kind and days. Amounts and the day money moved only: never a session's topic or time.

const frame = {
  title: "Ledger",
  width: "max-w-5xl",
  heading: "Movements of the balance",
  search: { placeholder: "Search by amount, e.g. 40...", label: "Search the ledger by amount in dollars" },
  caption: "Every movement of the balance: when money moved, what kind and how much",
  minWidth: "32rem",
  columns: [
    { label: "Date", sort: "date" },
    { label: "What" },
    { label: "Amount", sort: "amount", align: "right" },
  ],
  loadingText: "Loading the ledger...",
  empty: "No movements match.",
} satisfies ListFrame<SponsorLedgerSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const actor = signedInUser(context);
  try {
    const { state, filters } = parseScreenList(sponsorLedgerList, url);
    const { organisation, data: entries, meta } = await listSponsorLedger(actor, state, filters);
    redirectPastLastPage(url, state, meta);
    const range = { from: filters.from ?? "", to: filters.to ?? "", choices: dateRangeChoices(knownTimeZone(actor.timeZone)) };
    return { organisation, entries, meta, state, range, kind: filters.kind ?? "" };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Ledger · Sponsorship · Ministry Mentors" }];

export default function SponsorLedger({ loaderData }: Route.ComponentProps) {
  const { entries, meta, state, range, kind } = loaderData;
  return (
    <ListScreen
      frame={frame}
      list={{ defaults: sponsorLedgerListDefaults }}
      state={state}
      meta={meta}
      rows={entries}
      filters={
        <FilterBar selects={[{ name: "kind", label: "What", value: kind, allLabel: "Every kind", options: LEDGER_KINDS }]}>
          <DateRangeFilter legend="Date" {...range} />
        </FilterBar>
      }
    >
      {(entry) => (
        <tr key={entry.id} className="hover:bg-slate-50">
          <td className={cellClass}><LocalTime value={entry.createdAt} format="date" /></td>
          <td className={cellClass}><LedgerEntryWhat entry={entry} /></td>
          <td className={`${cellClass} text-right tabular-nums`}>{entry.amountCents > 0 ? "+" : ""}{formatMoney(entry.amountCents)}</td>
        </tr>
      )}
    </ListScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListScreenError frame={frame}>{routeErrorMessage(error) ?? "Failed to load the ledger"}</ListScreenError>;
}
