import { Filter } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import { EmailAddress } from "#app/components/ui/email-address.tsx";

/**
 * A person in a list row: name and e-mail, and (when `onlyHref` is given) a small link that narrows the
 * list to that person, e.g. "Show only bookings of Ann Lee".
 */
export function PersonCell({ name, email, onlyHref, onlyLabel }: { name: string; email: string; onlyHref?: string | null; onlyLabel?: string }) {
  return (
    <div className="flex items-start gap-1">
      <div className="min-w-0">
        <p className="whole-words font-medium text-slate-900">{name}</p>
        <p className="text-xs text-slate-500"><EmailAddress email={email} /></p>
      </div>
      {onlyHref ? (
        <Link to={onlyHref} preventScrollReset aria-label={onlyLabel} title={onlyLabel} className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-brand-700">
          <Filter className="size-3.5" />
        </Link>
      ) : null}
    </div>
  );
}
