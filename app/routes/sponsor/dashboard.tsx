import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { formatCount, formatMoney } from "#app/lib/format.ts";
import type { ListMeta } from "#app/lib/list.ts";
import { prisma } from "#app/lib/db.server.ts";
import { LedgerEntryWhat } from "#app/modules/sponsorship/ledger-entry.tsx";
import { PastorGuides } from "#app/modules/sponsorship/pastor-guides.tsx";
import { sponsorDashboard } from "#app/modules/sponsorship/sponsorship.server.ts";

// /sponsor: the balance, what it covered per period, the first pastors (budget left and, only where they allowed it,
// their guides' names and sessions with each) and the latest movements of the ledger (amounts and dates, never a topic,
// note or time), each with a link to its whole paged list.

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const actor = signedInUser(context);
    const dashboard = await sponsorDashboard(actor, undefined);
    const funded = Number(new URL(request.url).searchParams.get("funded")) || null;
    const funding = funded ? await prisma.sponsorFunding.findFirst({ where: { id: funded, organisationId: dashboard.organisation.id }, select: { status: true, amountCents: true } }) : null;
    return { ...dashboard, funding };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Sponsorship · Ministry Mentors" }];

/** A list's total as a count: "1,000+" past the cap it was counted to. */
const countOf = (meta: ListMeta) => `${formatCount(meta.total)}${meta.totalCapped ? "+" : ""}`;
/** "1 movement", "30 movements", "10,000+ movements". */
const movementsOf = (meta: ListMeta) => `${countOf(meta)} ${meta.total === 1 ? "movement" : "movements"}`;

export default function SponsorDashboard({ loaderData }: Route.ComponentProps) {
  const { organisation, balanceCents, rules, periods, pastors, ledger, funding } = loaderData;
  return (
    <div className="grid gap-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{organisation.name}</h1>
          <p className="text-slate-600">Sponsored mentoring</p>
        </div>
        <Link to="/sponsor/fund" className={buttonClass({})}>Add funds</Link>
      </header>
      {funding ? (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          {funding.status === "paid" ? `Thank you: ${formatMoney(funding.amountCents)} was added to the balance. A receipt is on its way by e-mail.` : "Your payment is being confirmed; the balance shows it as soon as it is."}
        </p>
      ) : null}
      <section aria-labelledby="balance-heading" className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="balance-heading" className="text-sm font-medium text-slate-600">Balance</h2>
          <p className="mt-1 text-3xl font-bold tabular-nums text-slate-900" data-testid="sponsor-balance">{formatMoney(balanceCents)}</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4 sm:col-span-2">
          <h2 className="text-sm font-medium text-slate-600">Rules</h2>
          <p className="mt-1 text-slate-900">
            Up to {formatMoney(rules.budgetCents)} per pastor per {rules.budgetPeriod}; the pastor pays {rules.copayPercent}% of each session
            {rules.ceilingCents !== null ? `; sessions up to ${formatMoney(rules.ceilingCents)}` : ""}
            {rules.categories.length ? `; ${rules.categories.join(", ")}` : ""}
            {rules.guideIds.length ? `; ${rules.guideIds.length} chosen guide${rules.guideIds.length === 1 ? "" : "s"}` : ""}.{" "}
            <Link to="/sponsor/rules" className="font-medium text-brand-700 underline underline-offset-2">Change the rules</Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="periods-heading" className="grid gap-3">
        <h2 id="periods-heading" className="text-lg font-semibold text-slate-900">Spending per {rules.budgetPeriod}</h2>
        {periods.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600"><tr><th scope="col" className="py-2 pr-4">Period</th><th scope="col" className="py-2 pr-4 text-right">Sessions covered</th><th scope="col" className="py-2 text-right">Spent</th></tr></thead>
              <tbody>
                {periods.map((period) => (
                  <tr key={period.label} className="border-t border-slate-200"><th scope="row" className="py-2 pr-4 font-medium">{period.label}</th><td className="py-2 pr-4 text-right tabular-nums">{period.sessions}</td><td className="py-2 text-right tabular-nums">{formatMoney(period.coveredCents)}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : <p className="text-slate-600">No sessions covered yet.</p>}
      </section>

      <section aria-labelledby="pastors-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="pastors-heading" className="text-lg font-semibold text-slate-900">Pastors</h2>
          <p className="flex flex-wrap gap-4 text-sm">
            {/* With no pastor yet, the section's sentence invites them: one link, not two side by side. */}
            {pastors.meta.total ? <Link to="/sponsor/invites" className="font-medium text-brand-700 underline underline-offset-2">Invite pastors</Link> : null}
            {pastors.meta.total ? <Link to="/sponsor/pastors" className="font-medium text-brand-700 underline underline-offset-2">{pastors.meta.total === 1 ? "See the pastor" : `See all ${countOf(pastors.meta)} pastors`}</Link> : null}
          </p>
        </div>
        {pastors.data.length ? (
          <ul className="grid gap-3 md:grid-cols-2">
            {pastors.data.map((pastor) => (
              <li key={pastor.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <h3 className="font-semibold text-slate-900">
                  <Link to={`/sponsor/pastors/${pastor.id}`} className="underline-offset-2 hover:underline">{pastor.name}</Link>
                  {pastor.joined ? null : <span className="ml-2 text-sm font-normal text-slate-600">(left)</span>}
                </h3>
                <p className="text-sm text-slate-700">
                  {pastor.joined ? `Budget left this ${rules.budgetPeriod}: ${formatMoney(pastor.budgetLeftCents)}` : "No longer sponsored."}
                </p>
                <div className="mt-1"><PastorGuides guides={pastor.guides} /></div>
              </li>
            ))}
          </ul>
        ) : <p className="text-slate-600">No pastor has joined yet. <Link to="/sponsor/invites" className="font-medium text-brand-700 underline underline-offset-2">Invite your pastors</Link>.</p>}
      </section>

      <section aria-labelledby="ledger-heading" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="ledger-heading" className="text-lg font-semibold text-slate-900">Ledger</h2>
          {ledger.meta.total ? <Link to="/sponsor/ledger" className="text-sm font-medium text-brand-700 underline underline-offset-2">See the whole ledger ({movementsOf(ledger.meta)})</Link> : null}
        </div>
        {ledger.data.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">The latest movements of the balance</caption>
              <thead className="text-slate-600"><tr><th scope="col" className="py-2 pr-4">Date</th><th scope="col" className="py-2 pr-4">What</th><th scope="col" className="py-2 text-right">Amount</th></tr></thead>
              <tbody>
                {ledger.data.map((entry) => (
                  <tr key={entry.id} className="border-t border-slate-200">
                    <td className="py-2 pr-4"><LocalTime value={entry.createdAt} format="date" /></td>
                    <td className="py-2 pr-4"><LedgerEntryWhat entry={entry} /></td>
                    <td className="py-2 text-right tabular-nums">{entry.amountCents > 0 ? "+" : ""}{formatMoney(entry.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : <p className="text-slate-600">Nothing yet.</p>}
      </section>
    </div>
  );
}
