import { Link } from "react-router";
import type { Route } from "./+types/pastor";
import { formatMoney } from "#app/lib/format.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, throwForScreen } from "#app/lib/http.server.ts";
import { sponsorPastor } from "#app/modules/sponsorship/sponsorship.server.ts";

// /sponsor/pastors/:id: one pastor's sponsorship as the sponsor sees it (sponsorship/policy.ts decides what that is).
// Opening it is recorded, and the pastor reads it in Settings ("Who opened your records").

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return await sponsorPastor(signedInUser(context), idParam(params.id, "pastor"));
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.pastor.name ?? "Pastor"} · Sponsorship · Ministry Mentors` }];

export default function SponsorPastor({ loaderData }: Route.ComponentProps) {
  const { pastor, period } = loaderData;
  return (
    <div className="grid gap-6">
      <p><Link to="/sponsor/pastors" className="text-sm font-medium text-brand-700 underline underline-offset-2">Back to the pastors</Link></p>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{pastor.name}</h1>
        <p className="text-slate-700">{pastor.joined ? `Budget left this ${period}: ${formatMoney(pastor.budgetLeftCents)}` : "Left the sponsorship: nothing new is covered."}</p>
      </header>
      <section aria-labelledby="periods-heading" className="grid gap-2">
        <h2 id="periods-heading" className="text-lg font-semibold text-slate-900">Covered per {period}</h2>
        {pastor.periods.length ? (
          <table className="w-full max-w-lg text-left text-sm">
            <thead className="text-slate-600"><tr><th scope="col" className="py-2 pr-4">Period</th><th scope="col" className="py-2 pr-4 text-right">Sessions</th><th scope="col" className="py-2 text-right">Covered</th></tr></thead>
            <tbody>
              {pastor.periods.map((period) => (
                <tr key={period.label} className="border-t border-slate-200"><th scope="row" className="py-2 pr-4 font-medium">{period.label}</th><td className="py-2 pr-4 text-right tabular-nums">{period.sessions}</td><td className="py-2 text-right tabular-nums">{formatMoney(period.coveredCents)}</td></tr>
              ))}
            </tbody>
          </table>
        ) : <p className="text-slate-600">No sessions covered yet.</p>}
      </section>
      <section aria-labelledby="guides-heading" className="grid gap-2">
        <h2 id="guides-heading" className="text-lg font-semibold text-slate-900">Guides</h2>
        {pastor.guides === null ? (
          <p className="text-slate-600">{pastor.name} keeps their guides private.</p>
        ) : pastor.guides.length ? (
          <ul className="text-slate-800">{pastor.guides.map((guide) => <li key={guide.name}>{guide.name}: {guide.sessions} session{guide.sessions === 1 ? "" : "s"}</li>)}</ul>
        ) : <p className="text-slate-600">No covered sessions yet.</p>}
      </section>
      <p className="text-sm text-slate-600">Topics, notes, messages, reviews and the times of sessions stay between the pastor and their guide.</p>
    </div>
  );
}
