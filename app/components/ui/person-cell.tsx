import { Filter } from "lucide-react";
import { Link } from "react-router";

/**
 * A person in a list row: name and e-mail, and (when `onlyHref` is given) a small link that narrows the
 * list to that person, e.g. "Show only bookings of Ann Lee".
 */
export function PersonCell({ name, email, onlyHref, onlyLabel }: { name: string; email: string; onlyHref?: string | null; onlyLabel?: string }) {
  return (
    <div className="flex items-start gap-1">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{name}</p>
        <p className="truncate text-xs text-slate-500">{email}</p>
      </div>
      {onlyHref ? (
        <Link to={onlyHref} preventScrollReset aria-label={onlyLabel} title={onlyLabel} className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-brand-700">
          <Filter aria-hidden className="size-3.5" />
        </Link>
      ) : null}
    </div>
  );
}
