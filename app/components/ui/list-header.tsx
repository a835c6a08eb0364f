import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The console's list header: title, search box (with its clear button) and the Add button. */
export function ListHeader({ id, title, search, addHref, addLabel = "Add" }: { id?: string; title: string; search: ReactNode; addHref?: string; addLabel?: string }) {
  return (
    <div className="flex flex-col gap-3 border-b border-slate-200 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <h2 id={id} className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {search}
        {addHref ? (
          <Link to={addHref} className="inline-flex h-10 items-center justify-center gap-2 rounded-md bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700">
            <Plus aria-hidden className="size-4" />
            {addLabel}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
