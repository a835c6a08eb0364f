import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { SPONSOR_SEES } from "./messages.ts";

type Props = {
  current: { organisation: string; showGuides: boolean; budgetLeftCents: number; period: string } | null;
  running: Array<{ id: number; name: string }>;
  canJoin: boolean;
};

/** Settings' Sponsorship section: who sponsors you and what they see (leave in one click), and "Sponsor your pastors". */
export function SponsorshipSettings({ current, running, canJoin }: Props) {
  return (
    <section aria-labelledby="sponsorship-heading" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="sponsorship-heading" className="text-lg font-semibold text-slate-900">Sponsorship</h2>
      {current ? (
        <>
          <p className="text-sm text-slate-800">
            {current.organisation} sponsors your mentoring. Budget left this {current.period}: {formatMoney(current.budgetLeftCents)}.
          </p>
          <p className="text-sm text-slate-700">
            They see {SPONSOR_SEES.will.map((line) => line.charAt(0).toLowerCase() + line.slice(1)).join("; ")}
            {current.showGuides ? `; and, as you allowed, ${SPONSOR_SEES.ifAllowed.charAt(0).toLowerCase() + SPONSOR_SEES.ifAllowed.slice(1)}` : ""}. Never your topics,
            notes, messages, reviews or when you meet.
          </p>
          <Form method="post">
            <Button type="submit" name="intent" value="leave-sponsorship" variant="secondary">Leave {current.organisation}'s sponsorship</Button>
          </Form>
        </>
      ) : canJoin ? (
        <p className="text-sm text-slate-700">No organisation sponsors your mentoring. If your church or another body pays for it, they send you an invitation link.</p>
      ) : null}
      <p className="text-sm text-slate-700">
        {running.length ? (
          <>You run the sponsorship of {running.map((row) => row.name).join(", ")}: <Link to="/sponsor" className="font-medium text-brand-700 underline underline-offset-2">open it</Link>.</>
        ) : (
          <>Does your church, denomination or foundation want to pay for its pastors' mentoring? <Link to="/sponsor/start" className="font-medium text-brand-700 underline underline-offset-2">Sponsor your pastors</Link>.</>
        )}
      </p>
    </section>
  );
}
