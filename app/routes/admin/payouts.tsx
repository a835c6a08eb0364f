import { Link } from "react-router";
import type { Route } from "./+types/payouts";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { PersonCell } from "#app/components/ui/person-cell.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { dateRangeChoices } from "#app/lib/date-range.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { knownTimeZone } from "#app/lib/time-zones.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { listPayouts } from "#app/modules/payments/payout-list.server.ts";
import { PAYOUT_STATUS_LABELS, PAYOUT_STATUSES } from "#app/modules/payments/payout-status.ts";
import { payoutList, type PayoutSort } from "#app/modules/payments/schema.ts";
import { PeopleFilterBar } from "#app/modules/users/people-filter-bar.tsx";
import { peopleFilterBar } from "#app/modules/users/person-picker.server.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";

const frame = {
  title: "Payouts",
  width: "max-w-7xl",
  heading: "Payouts to guides",
  search: { placeholder: "Search payouts...", label: "Search payouts by guide name or email, or transfer id" },
  caption: "Payouts to guides",
  minWidth: "56rem",
  columns: [
    { label: "Session" },
    { label: "Guide" },
    { label: "Amount", sort: "amount" },
    { label: "Status" },
    { label: "Releases", sort: "releaseAt" },
    { label: "Paid out", sort: "paidAt" },
    { label: "Paid by mentee", sort: "createdAt" },
  ],
  loadingText: "Loading payouts...",
  empty: "No payouts found.",
} satisfies ListFrame<PayoutSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(payoutList, url);
    const admin = signedInUser(context);
    const people = await peopleFilterBar(url.searchParams, filters);
    const { data: payouts, meta } = await listPayouts(state, filters, admin);
    redirectPastLastPage(url, state, meta);
    return { payouts, meta, state, filters, people, rangeChoices: dateRangeChoices(knownTimeZone(admin.timeZone)) };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Payouts · Ministry Mentors" }];

export default function Payouts({ loaderData }: Route.ComponentProps) {
  const { payouts, meta, state, filters, people, rangeChoices } = loaderData;
  const searchHref = useSearchHref();
  return (
    <ListScreen
      saveView={<SaveView list="payouts" />}
      exportList={{ name: "payouts" }}
      frame={frame}
      list={payoutList}
      state={state}
      meta={meta}
      rows={payouts}
      filters={
        <PeopleFilterBar
          {...people}
          selects={[
            { name: "status", label: "Status", value: filters.status ?? "", allLabel: "All statuses", options: PAYOUT_STATUSES.map((status) => ({ value: status, label: PAYOUT_STATUS_LABELS[status].label })) },
          ]}
          range={{ legend: "Paid by mentee", from: filters.from ?? "", to: filters.to ?? "", choices: rangeChoices }}
        />
      }
    >
      {(payout) => {
        const badge = PAYOUT_STATUS_LABELS[payout.status];
        const waiting = (payout.status === "releasing" || payout.status === "failed") && !payout.accountActive;
        return (
          <tr key={payout.id} className="hover:bg-slate-50">
            <td className="px-4 py-3 text-slate-700">
              <Link to={adminLinks.bookingProfile(payout.bookingId)} className="whitespace-nowrap font-medium text-brand-700 underline-offset-2 hover:underline">Booking #{payout.bookingId}</Link>
              <span className="block text-xs text-slate-500 [overflow-wrap:anywhere]">{payout.topic}</span>
            </td>
            <td className="px-4 py-3">
              <PersonCell
                name={payout.guideName}
                email={payout.guideEmail}
                onlyHref={filters.guideId ? null : searchHref({ guideId: payout.guideId, page: null })}
                onlyLabel={`Show only payouts to ${payout.guideName}`}
              />
            </td>
            <td className="px-4 py-3 tabular-nums text-slate-900">
              {formatMoney(payout.amountCents)}
              <span className="block text-xs text-slate-500">{`after ${payout.feePercent}% fee`}</span>
              {payout.reversedCents ? <span className="block text-xs text-slate-600">{`${formatMoney(payout.reversedCents)} reversed`}</span> : null}
            </td>
            <td className="px-4 py-3">
              <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
              {waiting ? <span className="mt-1 block text-xs text-slate-600">Guide has not connected payouts</span> : null}
              {payout.status === "failed" && payout.lastError ? <span className="mt-1 block text-xs text-red-700 [overflow-wrap:anywhere]">{payout.lastError}</span> : null}
            </td>
            <td className="px-4 py-3 text-slate-700">{payout.releaseAt ? <LocalTime value={payout.releaseAt} /> : <span className="text-slate-500">After the session</span>}</td>
            <td className="px-4 py-3 text-slate-700">
              {payout.paidAt ? <LocalTime value={payout.paidAt} /> : <span className="text-slate-500">Not yet</span>}
              {payout.transferId ? <span className="block text-xs text-slate-500 [overflow-wrap:anywhere]">{payout.transferId}</span> : null}
            </td>
            <td className="px-4 py-3 text-slate-700"><LocalTime value={payout.createdAt} /></td>
          </tr>
        );
      }}
    </ListScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ListScreenError frame={frame} linkLabel="Retry">
      Failed to load payouts: {routeErrorMessage(error) || "Unknown error"}
    </ListScreenError>
  );
}
