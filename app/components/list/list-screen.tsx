import { Children, cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ListRows, ListTable, Pagination, SearchBox, SortHeader, StateRow, useListLoading, withCellLabels } from "#app/components/ui/data-table.tsx";
import { ListHeader } from "#app/components/ui/list-header.tsx";
import { cn } from "#app/lib/cn.ts";
import { adminHome } from "#app/lib/links.ts";
import type { ListDefaults, ListFilters, ListMeta, ListState } from "#app/lib/list.ts";
import type { BulkList } from "#app/modules/bulk/texts.ts";
import { BulkBar, BulkSelection, SelectableCard, SelectPageCell, SelectRowCell } from "./bulk-selection.tsx";
import { ErrorReference } from "#app/components/ui/error-reference.tsx";

/** A column of a list's table; `sort` makes its header sort the whole list by that column. */
export type ListColumn<S extends string> = { label: string; sort?: S; align?: "right" };

/**
 * What a list says, as a module constant its ErrorBoundary shares: texts, and either table columns or
 * nothing (then each row renders as a card).
 */
export type ListFrame<S extends string> = {
  /** The page's h1; a profile tab, inside its page, has none. */
  title?: string;
  width?: "max-w-5xl" | "max-w-6xl" | "max-w-7xl";
  /** The visible heading of the list's section; without one, `label` names the section. */
  heading?: string;
  label?: string;
  search: { placeholder: string; label: string };
  columns?: readonly ListColumn<S>[];
  /** The table's caption, for screen readers (the heading or label when not given). */
  caption?: string;
  minWidth?: string;
  loadingText?: string;
  empty?: string;
};

export type ExportList = { name: string; personId?: number };

/** Where a console list's CSV export is, with the list's URL parameters as they are (but its page: the export is every row). */
function useExportHref(exportList: ExportList | undefined) {
  const location = useLocation();
  if (!exportList) return undefined;
  const params = new URLSearchParams(location.search);
  params.delete("page");
  const query = params.toString();
  return `${adminHome}/export/${exportList.name}${exportList.personId === undefined ? "" : `/${exportList.personId}`}${query ? `?${query}` : ""}`;
}

/**
 * What an empty list adds to its empty text when its search or filters narrowed it: that nothing matches them, and a
 * link to the list without them (its sort, rows per page and tab kept), so "No bookings found" is not read as "there are none".
 */
function useNarrowedHint(search: string, filterNames: readonly string[]) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const filtered = filterNames.some((name) => params.get(name));
  if (!search && !filtered) return null;
  for (const name of ["search", "page", ...filterNames]) params.delete(name);
  const query = params.toString();
  const sentence = search ? `Nothing matches “${search}”${filtered ? " with these filters" : ""}.` : "Nothing matches these filters.";
  const clear = search ? (filtered ? "Clear the search and filters" : "Clear the search") : "Clear the filters";
  return (
    <span className="mt-1 block">
      {sentence}{" "}
      <Link to={query ? `${location.pathname}?${query}` : location.pathname} preventScrollReset className="font-medium text-brand-700 underline">{clear}</Link>
    </span>
  );
}

const sectionClass = "rounded-xl border border-slate-200 bg-white shadow-sm";
const captionOf = (frame: ListFrame<string>) => frame.caption ?? frame.heading ?? frame.label ?? "";

function Page({ title, width = "max-w-6xl", children }: { title?: string; width?: ListFrame<string>["width"]; children: ReactNode }) {
  if (!title) return <>{children}</>;
  return (
    <div className={cn("mx-auto", width)}>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

/**
 * A paged list with its state in the URL: title, search box (a GET form, so it works without JavaScript),
 * Add button, filters, a table with sortable headers (or cards), the loading and empty states, and pagination
 * with rows per page. A screen declares its frame, filters and rows; a profile tab uses it without a title.
 */
export function ListScreen<S extends string, Row>({
  frame,
  list,
  filterNames = Object.keys(list.filters ?? {}).filter((name) => name !== "tab"),
  state,
  meta,
  rows,
  children,
  notice,
  toolbar,
  filters,
  saveView,
  addHref,
  exportList,
  selection,
}: {
  frame: ListFrame<S>;
  /** The list's definition (its defaults shape the links: sort, page, rows per page; its filters' names say what narrows it). */
  list: { defaults: ListDefaults<S>; filters?: ListFilters };
  /**
   * The URL parameters that filter the list, where `list` comes without its filters (their parsers stay on the server).
   * A tab is not one: an empty tab is empty, not "nothing matches these filters".
   */
  filterNames?: readonly string[];
  state: ListState<S>;
  meta: ListMeta;
  rows: readonly Row[];
  /** A row: its `<tr>` (with a key) under table columns, otherwise its card. */
  children: (row: Row) => ReactNode;
  /** A message above the list (e.g. that a record asked for is gone). */
  notice?: ReactNode;
  /** Controls beside the search box where there is no heading (a sort select). */
  toolbar?: ReactNode;
  filters?: ReactNode;
  /** A console list's "Save view" control (saved-views/save-view.tsx), beside the search box. */
  saveView?: ReactNode;
  addHref?: string;
  /** The console list's export (its name in routes/admin/list-exports.server.ts; a profile tab's person): an Export CSV link. */
  exportList?: ExportList;
  /** Rows (or cards) can be selected for the bulk changes of `list`: each row's id and name. */
  selection?: { list: BulkList; rowOf: (row: Row) => { id: number; name: string } };
}) {
  const headingId = useId();
  const exportHref = useExportHref(exportList);
  const loading = useListLoading();
  const props = { state, defaults: list.defaults };
  const { columns, loadingText = "Loading...", empty: emptyText = "No data found" } = frame;
  const hint = useNarrowedHint(state.search, filterNames);
  const empty = hint ? <>{emptyText}{hint}</> : emptyText;
  const labels = [...(selection ? ["Select"] : []), ...(columns?.map((column) => column.label) ?? [])];
  const rowCells = (row: Row) => {
    const tr = children(row);
    if (!selection || !isValidElement<{ children?: ReactNode }>(tr)) return tr;
    const { id, name } = selection.rowOf(row);
    return cloneElement(tr as ReactElement<{ children?: ReactNode }>, undefined, <SelectRowCell key="select" id={id} name={name} />, ...Children.toArray(tr.props.children));
  };
  const screen = (
    <Page title={frame.title} width={frame.width}>
      {notice}
      <section className={sectionClass} {...(frame.heading ? { "aria-labelledby": headingId } : { "aria-label": frame.label })}>
        <ListHeader
          id={headingId}
          title={frame.heading}
          toolbar={toolbar}
          saveView={saveView}
          addHref={addHref}
          exportHref={exportHref}
          search={<SearchBox {...props} placeholder={frame.search.placeholder} label={frame.search.label} />}
        />
        {filters}
        {selection ? <BulkBar list={selection.list} total={meta.total} capped={meta.totalCapped} /> : null}
        <div className="relative">
          {/* While the list reloads its rows stay, dimmed; this says so (and to screen readers, politely). */}
          <p role="status" className="pointer-events-none absolute inset-x-0 top-2 z-10 flex justify-center">
            {loading ? <span className="rounded-full bg-slate-900/85 px-3 dark:bg-black/85 py-1 text-xs font-medium text-white shadow">{loadingText}</span> : null}
          </p>
          {columns ? (
            <ListTable caption={captionOf(frame)} minWidth={frame.minWidth} busy={loading}>
              <thead className="bg-slate-50">
                <tr>
                  {selection ? <SelectPageCell /> : null}
                  {columns.map((column) =>
                    column.sort ? (
                      <SortHeader key={column.label} {...props} column={column.sort} className={column.align === "right" ? "text-right" : undefined}>{column.label}</SortHeader>
                    ) : (
                      <th key={column.label} scope="col" className={cn("px-4 py-3 font-semibold text-slate-700", column.align === "right" ? "text-right" : "text-left")}>
                        {column.label}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                <ListRows colSpan={columns.length + (selection ? 1 : 0)} rows={rows} empty={empty}>
                  {(row) => withCellLabels(rowCells(row), labels)}
                </ListRows>
              </tbody>
            </ListTable>
          ) : (
            <div className={cn("grid gap-4 p-4 transition-opacity", loading && "opacity-50")} aria-busy={loading || undefined}>
              {rows.length === 0 ? (
                <p className="py-8 text-center text-sm text-slate-500">{empty}</p>
              ) : selection ? (
                rows.map((row) => {
                  const { id, name } = selection.rowOf(row);
                  return <SelectableCard key={id} id={id} name={name}>{children(row)}</SelectableCard>;
                })
              ) : (
                rows.map(children)
              )}
            </div>
          )}
        </div>
        <Pagination {...props} meta={meta} />
      </section>
    </Page>
  );
  return selection ? <BulkSelection list={selection.list} rows={rows.map(selection.rowOf)}>{screen}</BulkSelection> : screen;
}

/**
 * A list screen's ErrorBoundary: the page title, then the list's frame with the failure text (`children`) and
 * a link that loads the list again.
 */
export function ListScreenError<S extends string>({ frame, linkLabel = "Reset the list", children }: { frame: ListFrame<S>; linkLabel?: string; children: ReactNode }) {
  const again = <Link to="." className="mt-2 inline-block font-medium text-brand-600 underline">{linkLabel}</Link>;
  return (
    <Page title={frame.title} width={frame.width}>
      {frame.columns ? (
        <section className={sectionClass}>
          {frame.heading ? <h2 className="border-b border-slate-200 px-4 py-4 text-lg font-semibold">{frame.heading}</h2> : null}
          <ListTable caption={captionOf(frame)} minWidth={frame.minWidth}>
            <tbody>
              <StateRow colSpan={frame.columns.length} tone="error">
                {children}
                <br />
                {again}
                <ErrorReference />
              </StateRow>
            </tbody>
          </ListTable>
        </section>
      ) : (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-sm text-red-700">
          {children}
          <br />
          {again}
          <ErrorReference />
        </div>
      )}
    </Page>
  );
}
