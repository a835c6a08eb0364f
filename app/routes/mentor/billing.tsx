import { FileText } from "#app/components/ui/icons.ts";
import type { Route } from "./+types/billing";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { ListTable, withCellLabels } from "#app/components/ui/data-table.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { LocalTime, useViewerTimeZone } from "#app/components/ui/local-time.tsx";
import { formatMoment, formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { mentorLinks } from "#app/lib/links.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { zoneTitle } from "#app/lib/time-zone-names.ts";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { HttpError, parseOr400 } from "#app/lib/http.server.ts";
import { dataWithError, redirectWithInfo, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { earningsByMonth, listEarnings, payoutTotals, type EarningRow } from "#app/modules/billing/billing.server.ts";
import { payoutAccountOf, refreshPayoutAccount, startPayoutOnboarding, type PayoutAccountView } from "#app/modules/payments/connect.server.ts";
import { PAYOUT_ACCOUNT_LABELS, payoutRequirementsText, payoutStageText, type PayoutAccountStatus } from "#app/modules/payments/payout-status.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
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
    { label: "Payout" },
  ],
  minWidth: "54rem",
  loadingText: "Loading earnings...",
  empty: "No paid sessions yet.",
} satisfies ListFrame<EarningSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const guide = signedInUser(context);
  const url = new URL(request.url);
  try {
    // Back from Stripe's payouts setup: its state is read now (its event may still be on the way), then the address is tidied.
    const back = url.searchParams.get("payouts");
    if (back === "return" || back === "refresh") {
      const account = await refreshPayoutAccount(guide);
      url.searchParams.delete("payouts");
      const tidy = url.pathname + url.search;
      if (account.status === "active") throw await redirectWithSuccess(tidy, { message: "Payouts connected", description: "Your earnings are paid to your bank account through Stripe." });
      throw await redirectWithInfo(tidy, { message: "Payouts not finished", description: "Stripe still needs some details before it can pay you. Continue the setup when you are ready." });
    }
    const { state, filters } = parseScreenList(earningList, url);
    const payoutAccount = await payoutAccountOf(guide.id);
    const [earnings, byMonth, totals, settings] = await Promise.all([
      listEarnings(state, filters, guide),
      earningsByMonth(guide),
      payoutTotals(guide, payoutAccount.status === "active"),
      getPlatformSettings(),
    ]);
    redirectPastLastPage(url, state, earnings.meta);
    return { earnings: earnings.data, meta: earnings.meta, state, month: filters.month ?? null, ...byMonth, payoutAccount, totals, disputeWindowHours: settings.disputeWindowHours };
  } catch (error) {
    throwForScreen(error);
  }
}

const payoutsIntent = z.object({ intent: z.literal("connect-payouts", { error: "That change is not available here." }) });

/** "Set up payouts" (and "Continue setup"): on to Stripe's onboarding for the guide's account. */
export async function action({ request, context }: Route.ActionArgs) {
  try {
    parseOr400(payoutsIntent, Object.fromEntries(await request.formData()));
    return redirect((await startPayoutOnboarding(signedInUser(context))).url);
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return dataWithError({ error: error.message }, { message: "Payouts", description: error.message }, { status: error.status });
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Billing · Ministry Mentors" }];

const money = "whole-words px-4 py-3 text-right tabular-nums text-slate-700";
const monthColumns = ["Month", "Sessions", "Amount", "Refunds", "Platform fee", "Net", "Statement"];

function MonthsTable({ months, feePercent, timeZone }: { months: MonthEarnings[]; feePercent: number; timeZone: string }) {
  const totals = totalsOf(months);
  return (
    <section aria-labelledby="months-heading" className="mb-6 rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-200 px-4 py-4">
        <h2 id="months-heading" className="text-lg font-semibold text-slate-900">Earnings by month</h2>
        <p className="mt-1 text-sm text-slate-600">
          {`What mentees paid, less refunds and the ${feePercent}% platform fee. Months follow your time zone, ${zoneTitle(timeZone)}.`}
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

const accountText: Record<PayoutAccountStatus, (requirements: string) => string> = {
  not_connected: () => "Connect a bank account through Stripe to be paid. Your earnings wait for you until you do.",
  details_needed: (requirements) => `Stripe needs a few more details before it can pay you${requirements ? ` (${requirements})` : ""}. Your earnings wait for you until then.`,
  restricted: (requirements) => `Stripe has paused payouts to your account until you update your details${requirements ? ` (${requirements})` : ""}. Your earnings wait for you until then.`,
  active: () => "Stripe pays your earnings to your bank account.",
};

const accountButton: Record<PayoutAccountStatus, string | null> = { not_connected: "Set up payouts", details_needed: "Continue setup", restricted: "Update details", active: null };

/** The guide's payouts account and where their money is: held, releasing, paid out, or waiting for them. */
function PayoutsPanel({ account, totals, disputeWindowHours, error }: { account: PayoutAccountView; totals: Route.ComponentProps["loaderData"]["totals"]; disputeWindowHours: number; error?: string }) {
  const connecting = useIsPending({ intent: "connect-payouts" });
  const badge = PAYOUT_ACCOUNT_LABELS[account.status];
  const button = accountButton[account.status];
  const figures = [
    { label: "Held until sessions are over", cents: totals.held },
    { label: "Releasing after the dispute window", cents: totals.releasing },
    ...(totals.waitingForAccount ? [{ label: "Waiting for your payouts setup", cents: totals.waitingForAccount }] : []),
    ...(totals.onHold ? [{ label: "On hold: problem reported", cents: totals.onHold }] : []),
    ...(totals.failed ? [{ label: "Transfer failed: trying again", cents: totals.failed }] : []),
    { label: "Paid out", cents: totals.paidOut },
  ];
  return (
    <section aria-labelledby="payouts-heading" className="mb-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id="payouts-heading" className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
            Payouts <StatusBadge tone={badge.tone}>{badge.label}</StatusBadge>
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {accountText[account.status](payoutRequirementsText(account.requirements))}{" "}
            {`Each session's money is released ${disputeWindowHours ? `${disputeWindowHours} hours` : "as soon as"} after it is completed${disputeWindowHours ? ", if no problem was reported" : ""}.`}
          </p>
        </div>
        {button ? (
          <Form method="post">
            <input type="hidden" name="intent" value="connect-payouts" />
            <Button type="submit" disabled={connecting}>{connecting ? "Opening Stripe…" : button}</Button>
          </Form>
        ) : null}
      </div>
      {error ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p> : null}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900">{formatMoney(figure.cents)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const { earnings, meta, state, month, months, feePercent, timeZone, payoutAccount, totals, disputeWindowHours } = loaderData;
  const accountActive = payoutAccount.status === "active";
  return (
    <ListScreen
      frame={frame}
      list={earningList}
      state={state}
      meta={meta}
      rows={earnings}
      notice={
        <>
          <PayoutsPanel account={payoutAccount} totals={totals} disputeWindowHours={disputeWindowHours} error={actionData?.error} />
          <MonthsTable months={months} feePercent={feePercent} timeZone={timeZone} />
        </>
      }
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
            {row.sponsorCents ? <span className="block text-xs text-slate-500">{`${formatMoney(row.sponsorCents)} covered by their sponsor`}</span> : null}
          </td>
          <td className={money}>{formatMoney(row.amountCents)}</td>
          <td className={money}>{row.refundedCents ? `-${formatMoney(row.refundedCents)}` : formatMoney(0)}</td>
          <td className={money}>{`-${formatMoney(row.feeCents)}`}</td>
          <td className={`${money} font-semibold text-slate-900`}>{formatMoney(row.netCents)}</td>
          <td className="px-4 py-3"><PayoutStage payout={row.payout} accountActive={accountActive} /></td>
        </tr>
      )}
    </ListScreen>
  );
}

/** Where one session's money is: a badge, the transfer's reference once paid, and what refunds took back. */
function PayoutStage({ payout, accountActive }: { payout: EarningRow["payout"]; accountActive: boolean }) {
  const timeZone = useViewerTimeZone();
  if (!payout) return <span className="text-sm text-slate-500">Before payouts</span>;
  const stage = payoutStageText({ ...payout, accountActive }, (iso) => formatMoment(iso, "date", timeZone) ?? "N/A");
  return (
    <span className="grid justify-items-start gap-1">
      <StatusBadge tone={stage.tone}>{stage.label}</StatusBadge>
      {payout.transferId ? <span className="text-xs text-slate-500 [overflow-wrap:anywhere]">{payout.transferId}</span> : null}
      {payout.reversedCents ? <span className="text-xs text-slate-600">{`${formatMoney(payout.reversedCents)} taken back for refunds`}</span> : null}
    </span>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ListScreenError frame={frame} linkLabel="Retry">
      Failed to load earnings: {routeErrorMessage(error) || "Unknown error"}
    </ListScreenError>
  );
}
