import { ArrowLeft, Printer } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import type { Route } from "./+types/billing-statement";
import { useViewerTimeZone } from "#app/components/ui/local-time.tsx";
import { formatMoment, formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { notFound, throwForScreen } from "#app/lib/http.server.ts";
import { mentorLinks } from "#app/lib/links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { zoneTitle } from "#app/lib/time-zone-names.ts";
import { monthStatement } from "#app/modules/billing/billing.server.ts";
import { monthLabel } from "#app/modules/billing/money.ts";
import { monthSchema } from "#app/modules/billing/schema.ts";
import { payoutAccountOf } from "#app/modules/payments/connect.server.ts";
import { payoutStageText } from "#app/modules/payments/payout-status.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    // A month the URL does not name (a typo, "2026-13") has no statement: the same 404 as a page that does not exist.
    const asked = monthSchema.safeParse(params.month);
    if (!asked.success) throw notFound("There is no statement for that month.");
    const month = asked.data;
    const guide = signedInUser(context);
    const [statement, account] = await Promise.all([monthStatement(month, guide), payoutAccountOf(guide.id)]);
    return { ...statement, accountActive: account.status === "active" };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Statement ${params.month} · Ministry Mentors` }];

// Printing leaves the dashboard's sidebar, header and buttons out: the statement alone, on white.
const printStyles = `@media print {
  aside, header:not([data-statement-header]), [data-no-print] { display: none !important; }
  main { padding: 0 !important; }
  [data-statement] { box-shadow: none !important; border: 0 !important; }
}`;

const cell = "px-3 py-2 text-right tabular-nums";

export default function BillingStatement({ loaderData }: Route.ComponentProps) {
  const { month, guide, sessions, totals, feePercent, timeZone, issuedAt, accountActive } = loaderData;
  // Dates as every page shows them (components/ui/local-time.tsx), in plain text: the statement is printed.
  const viewerZone = useViewerTimeZone();
  const day = (value: string | null) => formatMoment(value, "date", viewerZone) ?? "N/A";
  // What the month's transfers carried, less what refunds took back: each paid-out row's net.
  const paidOutCents = sessions.reduce((sum, row) => sum + (row.payout?.status === "paid" ? row.netCents : 0), 0);
  const title = `Statement for ${monthLabel(month)}`;
  return (
    <div className="mx-auto grid max-w-4xl gap-4">
      <style>{printStyles}</style>
      <div data-no-print className="flex flex-wrap items-center justify-between gap-3">
        <Link to={mentorLinks.billing} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" /> Back to billing
        </Link>
        <button
          type="button"
          onClick={() => window.print()}
          className="inline-flex h-10 items-center gap-2 rounded-md bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <Printer className="size-4" /> Print statement
        </button>
      </div>
      <article data-statement aria-labelledby="statement-title" className="grid gap-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <header data-statement-header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Ministry Mentors</p>
            <h1 id="statement-title" className="mt-1 text-2xl font-bold text-slate-900">{title}</h1>
            <p className="mt-1 text-sm text-slate-600">{`Dates in ${zoneTitle(timeZone)}. Issued ${day(issuedAt)}.`}</p>
          </div>
          <dl className="text-sm sm:text-right">
            <dt className="sr-only">Mentor</dt>
            <dd className="font-semibold text-slate-900">{guide.name}</dd>
            {guide.organisation ? <dd className="text-slate-600">{guide.organisation}</dd> : null}
            <dd className="text-slate-600">{guide.email}</dd>
          </dl>
        </header>

        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ["Sessions paid", String(totals.sessions)],
            ["Paid for sessions", formatMoney(totals.amountCents)],
            [`Refunds and ${feePercent}% fee`, `-${formatMoney(totals.refundedCents + totals.feeCents)}`],
            ["Your earnings", formatMoney(totals.netCents)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs font-medium text-slate-600">{label}</dt>
              <dd className="mt-1 text-lg font-bold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>

        <div className="overflow-x-auto">
          <table className="w-full min-w-[44rem] text-sm">
            <caption className="sr-only">{`Paid sessions in ${monthLabel(month)}`}</caption>
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Paid</th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Mentee and session</th>
                <th scope="col" className={`${cell} font-semibold`}>Amount</th>
                <th scope="col" className={`${cell} font-semibold`}>Refunds</th>
                <th scope="col" className={`${cell} font-semibold`}>Fee</th>
                <th scope="col" className={`${cell} font-semibold`}>Net</th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">Payout</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-700">
              {sessions.map((row) => (
                <tr key={row.id}>
                  <td className="whitespace-nowrap px-3 py-2">{day(row.paidAt)}</td>
                  <td className="px-3 py-2">
                    <span className="block font-medium text-slate-900">{row.menteeName}</span>
                    <span className="block text-xs text-slate-500">{[row.topic, row.sessionAt ? `session ${day(row.sessionAt)}` : null, row.sponsorCents ? `${formatMoney(row.sponsorCents)} covered by their sponsor` : null].filter(Boolean).join(" · ")}</span>
                  </td>
                  <td className={cell}>{formatMoney(row.amountCents)}</td>
                  <td className={cell}>{row.refundedCents ? `-${formatMoney(row.refundedCents)}` : formatMoney(0)}</td>
                  <td className={cell}>{`-${formatMoney(row.feeCents)}`}</td>
                  <td className={`${cell} font-semibold text-slate-900`}>{formatMoney(row.netCents)}</td>
                  <td className="px-3 py-2 text-xs">
                    {row.payout?.status === "paid" ? (
                      <>
                        <span className="block text-slate-900">{`Paid out ${day(row.payout.paidAt)}`}</span>
                        <span className="block break-all text-slate-500">{row.payout.transferId}</span>
                        {row.payout.reversedCents ? <span className="block text-slate-600">{`${formatMoney(row.payout.reversedCents)} taken back for refunds`}</span> : null}
                      </>
                    ) : row.payout ? (
                      payoutStageText({ ...row.payout, accountActive }, (iso) => day(iso)).label
                    ) : (
                      "Before payouts"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="border-t-2 border-slate-300 font-semibold text-slate-900">
              <tr>
                <th scope="row" colSpan={2} className="px-3 py-2 text-left">Total</th>
                <td className={cell}>{formatMoney(totals.amountCents)}</td>
                <td className={cell}>{totals.refundedCents ? `-${formatMoney(totals.refundedCents)}` : formatMoney(0)}</td>
                <td className={cell}>{`-${formatMoney(totals.feeCents)}`}</td>
                <td className={cell}>{formatMoney(totals.netCents)}</td>
                <td className="px-3 py-2 text-left text-xs">{`${formatMoney(paidOutCents)} paid out`}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className="text-xs text-slate-500">
          {`The platform fee is ${feePercent}% of what each session was paid (by the mentee, and by their sponsor for a sponsored session) after refunds (the share in force when they paid). Each session's net is what its payout sent to your Stripe account, less what later refunds took back. Amounts are in US dollars.`}
        </p>
      </article>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Statement</h1>
      <div role="alert" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-red-700">{routeErrorMessage(error) ?? "Failed to fetch Details"}</p>
        <Link to={mentorLinks.billing} className="mt-4 inline-block font-medium text-brand-700 underline">Back to billing</Link>
      </div>
    </div>
  );
}
