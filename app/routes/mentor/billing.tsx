import { FileText } from "#app/components/ui/icons.ts";
import { Link } from "#app/components/ui/link.tsx";
import type { Route } from "./+types/billing";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { ListTable, withCellLabels } from "#app/components/ui/data-table.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { mentorLinks } from "#app/lib/links.ts";
import { parseList, redirectPastLastPage } from "#app/lib/list.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { earningsByMonth, listEarnings } from "#app/modules/billing/billing.server.ts";
import { monthLabel, totalsOf, type MonthEarnings } from "#app/modules/billing/money.ts";
import { earningList, type EarningSort } from "#app/modules/billing/schema.ts";

const frame = {
  title: "Billing",
  width: "max-w-6xl",
  heading: "Earnings per session",
  search: { placeholder: "Search by mentee or topic...", label: "Search earnings" },
  columns: [
    { label: "Paid", sort: "paidAt" },
    { label: "Mentee" },
    { label: "Amount", sort: "amount", align: "right" },
    { label: "Refunds", align: "right" },
    { label: "Platform fee", align: "right" },
    { label: "Net", align: "right" },
  ],
  minWidth: "44rem",
  loadingText: "Loading earnings...",
  empty: "No paid sessions yet.",
} satisfies ListFrame<EarningSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const guide = signedInUser(context);
  const url = new URL(request.url);
  try {
    const { state, filters } = parseList(earningList, url.searchParams);
    const [earnings, byMonth] = await Promise.all([listEarnings(state, filters, guide), earningsByMonth(guide)]);
    redirectPastLastPage(url, state, earnings.meta);
    return { earnings: earnings.data, meta: earnings.meta, state, month: filters.month ?? null, ...byMonth };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Billing · Ministry Mentors" }];

const money = "px-4 py-3 text-right tabular-nums text-slate-700";
const monthColumns = ["Month", "Sessions", "Amount", "Refunds", "Platform fee", "Net", "Statement"];

function MonthsTable({ months, feePercent, timeZone }: { months: MonthEarnings[]; feePercent: number; timeZone: string }) {
  const totals = totalsOf(months);
  return (
    <section aria-labelledby="months-heading" className="mb-6 rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 px-4 py-4">
        <h2 id="months-heading" className="text-lg font-semibold text-slate-900">Earnings by month</h2>
        <p className="mt-1 text-sm text-slate-600">
          {`What mentees paid, less refunds and the ${feePercent}% platform fee. Months follow your time zone (${timeZone.replaceAll("_", " ")}).`}
        </p>
      </div>
      {months.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-500">No earnings yet. Paid sessions appear here once mentees pay.</p>
      ) : (
        // A list table: columns on a laptop, a card of labelled values per month on a phone (app.css, .list-table).
        <ListTable caption="Earnings by month">
          <thead className="bg-slate-50">
            <tr>
              {monthColumns.map((label, index) => (
                <th key={label} scope="col" className={`px-4 py-3 font-semibold text-slate-700 ${index === 0 || index === 6 ? "text-left" : "text-right"}`}>{label}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {months.map((row) =>
              withCellLabels(
                <tr key={row.month}>
                  <td className="px-4 py-3 text-left font-medium text-slate-900">{monthLabel(row.month)}</td>
                  <td className={money}>{row.sessions}</td>
                  <td className={money}>{formatMoney(row.amountCents)}</td>
                  <td className={money}>{row.refundedCents ? `-${formatMoney(row.refundedCents)}` : formatMoney(0)}</td>
                  <td className={money}>{`-${formatMoney(row.feeCents)}`}</td>
                  <td className={`${money} font-semibold text-slate-900`}>{formatMoney(row.netCents)}</td>
                  <td className="px-4 py-3">
                    <Link to={mentorLinks.billingStatement(row.month)} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
                      <FileText className="size-4" />
                      Statement<span className="sr-only">{` for ${monthLabel(row.month)}`}</span>
                    </Link>
                  </td>
                </tr>,
                monthColumns,
              ),
            )}
            {withCellLabels(
              <tr key="all-time" className="border-t-2 border-slate-200 bg-slate-50">
                <td className="px-4 py-3 text-left font-semibold text-slate-900">All time</td>
                <td className={money}>{totals.sessions}</td>
                <td className={money}>{formatMoney(totals.amountCents)}</td>
                <td className={money}>{totals.refundedCents ? `-${formatMoney(totals.refundedCents)}` : formatMoney(0)}</td>
                <td className={money}>{`-${formatMoney(totals.feeCents)}`}</td>
                <td className={`${money} font-semibold text-slate-900`}>{formatMoney(totals.netCents)}</td>
                <td />
              </tr>,
              monthColumns,
            )}
          </tbody>
        </ListTable>
      )}
    </section>
  );
}

export default function Billing({ loaderData }: Route.ComponentProps) {
  const { earnings, meta, state, month, months, feePercent, timeZone } = loaderData;
  return (
    <ListScreen
      frame={frame}
      list={earningList}
      state={state}
      meta={meta}
      rows={earnings}
      notice={<MonthsTable months={months} feePercent={feePercent} timeZone={timeZone} />}
      filters={
        months.length ? (
          <FilterBar
            selects={[{ name: "month", label: "Month", value: month ?? "", allLabel: "All months", options: months.map((row) => ({ value: row.month, label: monthLabel(row.month) })) }]}
          />
        ) : null
      }
    >
      {(row) => (
        <tr key={row.id}>
          <td className="px-4 py-3 text-slate-700"><LocalTime value={row.paidAt} format="date" /></td>
          <td className="px-4 py-3">
            <span className="block font-medium text-slate-900">{row.menteeName}</span>
            {row.topic ? <span className="block text-xs text-slate-500">{row.topic}</span> : null}
          </td>
          <td className={money}>{formatMoney(row.amountCents)}</td>
          <td className={money}>{row.refundedCents ? `-${formatMoney(row.refundedCents)}` : formatMoney(0)}</td>
          <td className={money}>{`-${formatMoney(row.feeCents)}`}</td>
          <td className={`${money} font-semibold text-slate-900`}>{formatMoney(row.netCents)}</td>
        </tr>
      )}
    </ListScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ListScreenError frame={frame} linkLabel="Retry">
      Failed to load earnings: {routeErrorMessage(error) || "Unknown error"}
    </ListScreenError>
  );
}
