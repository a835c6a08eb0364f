import { Download, Plus } from "#app/components/ui/icons.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "#app/lib/cn.ts";

/**
 * The console's list header: the title (or other controls, e.g. a sort select, where a profile tab has no
 * title), the search box (with its clear button), the "Save view" control of a console list, Export CSV (a download
 * of the whole list as it is filtered, sorted and searched) and the Add button.
 */
export function ListHeader({
  id,
  title,
  toolbar,
  search,
  saveView,
  addHref,
  addLabel = "Add",
  exportHref,
}: {
  id?: string;
  title?: string;
  toolbar?: ReactNode;
  search: ReactNode;
  saveView?: ReactNode;
  addHref?: string;
  addLabel?: string;
  exportHref?: string;
}) {
  const start = title ? <h2 id={id} className="text-lg font-semibold text-slate-900">{title}</h2> : toolbar;
  return (
    <div className={cn("flex flex-col gap-3 border-b border-slate-200 px-4 py-4 sm:flex-row sm:items-center", start ? "sm:justify-between" : "sm:justify-end")}>
      {start}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {search}
        {saveView}
        {exportHref ? (
          // A plain link: the browser downloads the file (Content-Disposition) and the page stays as it is.
          <a href={exportHref} download className="inline-flex h-10 items-center justify-center gap-2 whitespace-nowrap rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 hover:text-brand-700">
            <Download className="size-4" />
            Export CSV
          </a>
        ) : null}
        {addHref ? (
          <Link to={addHref} className="inline-flex h-10 items-center justify-center gap-2 rounded-md bg-brand-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-700">
            <Plus className="size-4" />
            {addLabel}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
