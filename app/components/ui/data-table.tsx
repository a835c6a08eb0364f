import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, Search, X, type IconComponent } from "#app/components/ui/icons.ts";
import { Children, cloneElement, isValidElement, useEffect, useRef, type CSSProperties, type ReactElement, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { formatCount } from "#app/lib/format.ts";
import { listHref, type ListDefaults, type ListMeta, type ListState } from "#app/lib/list.ts";
import { inputClass } from "./field.tsx";
import { useCurrentSearch } from "./search-href.ts";

type ListProps<S extends string> = { state: ListState<S>; defaults: ListDefaults<S> };

/** True while the list on this page is being reloaded (sort, search, page or a mutation). */
export function useListLoading() {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === location.pathname;
}

function useHref<S extends string>({ defaults }: ListProps<S>) {
  const { pathname } = useLocation();
  const search = useCurrentSearch();
  return (change: Partial<ListState<S>>) => listHref(pathname, new URLSearchParams(search), defaults, change);
}

/** A column header that sorts the whole list by that column; clicking it again toggles the direction. */
export function SortHeader<S extends string>({ column, children, className, ...list }: ListProps<S> & { column: S; children: ReactNode; className?: string }) {
  const href = useHref(list);
  const active = list.state.sort === column;
  const nextOrder = active && list.state.order === "asc" ? "desc" : "asc";
  const Icon = !active ? ArrowUpDown : list.state.order === "asc" ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? (list.state.order === "asc" ? "ascending" : "descending") : "none"} className={cn("px-4 py-3 text-left", className)}>
      <Link
        to={href({ sort: column, order: nextOrder, page: 1 })}
        preventScrollReset
        className="inline-flex items-center gap-1 font-semibold text-slate-700 hover:text-brand-700"
      >
        {children}
        <Icon className={cn("size-3.5", active ? "text-brand-600" : "text-slate-400")} />
        <span className="sr-only">{active ? `, sorted ${list.state.order === "asc" ? "ascending" : "descending"}` : ", sortable"}</span>
      </Link>
    </th>
  );
}

/**
 * The list's search box: a GET form (works without JavaScript) that keeps sort, order and page size,
 * resets the page to 1, and with JavaScript searches as you type.
 */
export function SearchBox<S extends string>({ placeholder, label, ...list }: ListProps<S> & { placeholder: string; label: string }) {
  const submit = useSubmit();
  const href = useHref(list);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { state } = list;
  return (
    // Enter submits at once: the search typed is not sent again when its pause runs out, which would cancel the
    // result a person clicks meanwhile.
    <Form method="get" role="search" className="relative w-full sm:w-72" preventScrollReset onSubmit={() => clearTimeout(timer.current)}>
      <KeepParams except={["search"]} />
      <label className="sr-only" htmlFor="list-search">{label}</label>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
      <input
        id="list-search"
        type="search"
        name="search"
        key={state.search}
        defaultValue={state.search}
        placeholder={placeholder}
        className={cn(inputClass, "pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden")}
        onChange={(event) => {
          const form = event.currentTarget.form;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => form && submit(form, { replace: true, preventScrollReset: true }), 300);
        }}
      />
      {state.search ? (
        <Link
          to={href({ search: "", page: 1 })}
          preventScrollReset
          aria-label="Clear search"
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <X className="size-4" />
        </Link>
      ) : null}
    </Form>
  );
}

/**
 * Hidden inputs for the URL parameters a GET form does not set itself (sort, order, filters, …), so
 * submitting it keeps the rest of the list's state; the page always goes back to 1.
 */
export function KeepParams({ except }: { except: string[] }) {
  const search = useCurrentSearch();
  const skip = new Set([...except, "page", "index"]);
  return (
    <>
      {[...new URLSearchParams(search)]
        .filter(([key]) => !skip.has(key))
        .map(([key, value]) => <input key={`${key}=${value}`} type="hidden" name={key} value={value} />)}
    </>
  );
}

/** A single full-width row for the list's states: loading, failed, empty. */
export function StateRow({ colSpan, children, tone = "muted" }: { colSpan: number; children: ReactNode; tone?: "muted" | "error" }) {
  return (
    <tr>
      <td colSpan={colSpan} className={cn("px-4 py-10 text-center text-sm", tone === "error" ? "text-red-700" : "text-slate-500")} role={tone === "error" ? "alert" : undefined}>
        {children}
      </td>
    </tr>
  );
}

/**
 * A list's body rows: the empty text when it has no rows, otherwise one row per item (the `<tr>` that
 * `children` returns, with its key). While the list reloads (sort, page, search) the rows stay where they
 * are, dimmed, and the table says it is busy: the list does not collapse to one line and back.
 */
export function ListRows<Row>({
  colSpan,
  rows,
  empty = "No data found",
  children,
}: {
  colSpan: number;
  rows: readonly Row[];
  empty?: ReactNode;
  children: (row: Row) => ReactNode;
}) {
  if (rows.length === 0) return <StateRow colSpan={colSpan}>{empty}</StateRow>;
  return <>{rows.map((row) => children(row))}</>;
}

/**
 * The list's row with each cell's column label as `data-label`, which the stacked (phone) layout shows
 * beside the cell's value: screens write plain `<td>`s and every list stacks the same way.
 */
export function withCellLabels(row: ReactNode, labels: readonly string[]): ReactNode {
  if (!isValidElement<{ children?: ReactNode }>(row) || row.type !== "tr") return row;
  let index = 0;
  const cells = Children.map(row.props.children, (cell) =>
    isValidElement(cell) ? cloneElement(cell as ReactElement<{ "data-label"?: string }>, { "data-label": labels[index++] }) : cell,
  );
  return cloneElement(row, undefined, cells);
}

/** A row's Actions cell: its icon links, at the right (`data-label` comes from the list, see withCellLabels). */
export function RowActions({ children, ...cell }: { children: ReactNode; "data-label"?: string }) {
  return (
    <td className="px-4 py-3" {...cell}>
      <div className="flex justify-end gap-1">{children}</div>
    </td>
  );
}

/** An icon link of a row's Actions cell (view, edit, delete); `danger` colours a delete. */
export function RowLink({
  to,
  label,
  icon: Icon,
  danger = false,
  preventScrollReset,
}: {
  to: string;
  label: string;
  icon: IconComponent;
  danger?: boolean;
  /** For links that open a dialog on the same list (URL state), so the page keeps its place. */
  preventScrollReset?: boolean;
}) {
  const hover = danger ? "hover:bg-red-50 hover:text-red-700" : "hover:bg-slate-100 hover:text-brand-700";
  return (
    <Link to={to} preventScrollReset={preventScrollReset} aria-label={label} className={`rounded-md p-2 text-slate-600 ${hover}`}>
      <Icon className="size-4" />
    </Link>
  );
}

/**
 * A list's table. Where its frame is wide enough (48rem and more) it is a table whose cells wrap rather than
 * push columns out of sight; narrower (a phone, a narrow window) each row stacks as a card of labelled
 * values, the sortable headers become a row of sort links and the actions stay in reach (app.css, `.list-table`).
 * The frame is positioned, so nothing in it (a screen reader's hidden text) can widen the page.
 */
export function ListTable({ caption, minWidth = "40rem", busy = false, children }: { caption: string; minWidth?: string; busy?: boolean; children: ReactNode }) {
  return (
    <div className="list-table-frame relative overflow-x-auto">
      <table className="list-table w-full text-sm" style={{ "--list-min-width": minWidth } as CSSProperties} aria-busy={busy || undefined}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** Rows-per-page selector, position and page links. A change of page size goes back to page 1. */
export function Pagination<S extends string>({ meta, ...list }: ListProps<S> & { meta: ListMeta }) {
  const href = useHref(list);
  const submit = useSubmit();
  const { state, defaults } = list;
  // A capped total (SEARCH_TOTAL_CAP, LIST_TOTAL_CAP) reads "1,000+" or "10,000+".
  const count = (value: number) => `${formatCount(value)}${meta.totalCapped ? "+" : ""}`;
  const first = meta.total === 0 ? 0 : (meta.page - 1) * meta.limit + 1;
  const last = Math.min(meta.page * meta.limit, meta.total);
  const pageLink = (page: number, label: string, Icon: typeof ChevronLeft, disabled: boolean) =>
    disabled ? (
      <span aria-disabled="true" className="rounded-md p-2 text-slate-300"><Icon className="size-4" /><span className="sr-only">{label}</span></span>
    ) : (
      <Link to={href({ page })} className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900" aria-label={label}>
        <Icon className="size-4" />
      </Link>
    );
  return (
    <nav aria-label="Pagination" className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
      <Form method="get" className="flex items-center gap-2" preventScrollReset>
        <KeepParams except={["limit"]} />
        <label htmlFor="rows-per-page">Rows per page</label>
        <select
          id="rows-per-page"
          name="limit"
          defaultValue={state.limit}
          key={state.limit}
          className="rounded-md border border-slate-300 bg-white px-2 py-1"
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        >
          {(defaults.pageSizes.includes(state.limit) ? defaults.pageSizes : [...defaults.pageSizes, state.limit].sort((a, b) => a - b)).map((size) => (
            <option key={size} value={size}>{size}</option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="rounded-md px-2 py-1 ring-1 ring-slate-300">Apply</button>
        </noscript>
      </Form>
      <div className="flex items-center gap-4">
        <p aria-live="polite">
          {meta.total === 0 ? "0 results" : `${first}–${last} of ${count(meta.total)}`} · Page {meta.page} of {count(meta.totalPages)}
        </p>
        <div className="flex items-center">
          {pageLink(1, "First page", ChevronsLeft, meta.page <= 1)}
          {pageLink(meta.page - 1, "Previous page", ChevronLeft, meta.page <= 1)}
          {pageLink(meta.page + 1, "Next page", ChevronRight, meta.page >= meta.totalPages)}
          {pageLink(meta.totalPages, "Last page", ChevronsRight, meta.page >= meta.totalPages)}
        </div>
      </div>
    </nav>
  );
}
