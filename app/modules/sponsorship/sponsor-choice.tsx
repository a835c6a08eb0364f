import { ErrorList } from "#app/components/ui/field.tsx";
import { formatMoney } from "#app/lib/format.ts";
import { SPONSOR_MESSAGES } from "./messages.ts";

type Quote = { organisation: string; coveredCents: number; payCents: number; priceCents: number };

/**
 * The booking dialog's choice for a sponsored pastor: use the sponsorship ("<Org> covers $X, you pay $Y") or pay
 * privately (the sponsor sees nothing of that session). The covered amount shown goes with the form, so a booking
 * is refused rather than charged differently if the sponsorship changed meanwhile.
 */
export function SponsorChoice({ sponsor, field }: { sponsor: Quote; field: { id: string; errorId: string; errors?: string[]; initialValue?: unknown } }) {
  const chosen = field.initialValue === "private" ? "private" : "use";
  return (
    <fieldset className="grid gap-2 rounded-xl border border-brand-200 bg-white p-4" aria-describedby={field.errorId}>
      <legend className="px-1 text-sm font-semibold text-slate-900">Sponsorship</legend>
      <input type="hidden" name="sponsoredCents" value={sponsor.coveredCents} />
      <label className="flex min-h-11 items-start gap-3 text-slate-800">
        <input type="radio" name="sponsorship" value="use" defaultChecked={chosen === "use"} className="mt-1 size-4" />
        <span>
          <span className="font-medium">Use the sponsorship.</span> {SPONSOR_MESSAGES.covers(sponsor.organisation, sponsor.coveredCents, sponsor.payCents)}.
        </span>
      </label>
      <label className="flex min-h-11 items-start gap-3 text-slate-800">
        <input type="radio" name="sponsorship" value="private" defaultChecked={chosen === "private"} className="mt-1 size-4" />
        <span>
          <span className="font-medium">Pay privately.</span> You pay {formatMoney(sponsor.priceCents)}, and {sponsor.organisation} sees nothing of this session.
        </span>
      </label>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
