/** List state shared by server and browser: what the URL says about a paged, sorted, searched list. */
export type SortOrder = "asc" | "desc";

export type ListState<S extends string = string> = {
  page: number;
  limit: number;
  search: string;
  sort: S;
  order: SortOrder;
};

export type ListMeta = { page: number; limit: number; total: number; totalPages: number };

export type ListResult<T> = { data: T[]; meta: ListMeta };

export type ListDefaults<S extends string> = {
  sortable: readonly S[];
  defaultSort: S;
  defaultOrder: SortOrder;
  defaultLimit: number;
  /** The choices a screen's rows-per-page selector offers. */
  pageSizes: readonly number[];
};

export const MAX_LIMIT = 100;

/** The URL for a list state, leaving out values that equal the defaults. */
export function listHref<S extends string>(
  pathname: string,
  current: URLSearchParams,
  defaults: ListDefaults<S>,
  change: Partial<ListState<S>>,
) {
  const params = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    const isDefault =
      (key === "page" && value === 1) ||
      (key === "limit" && value === defaults.defaultLimit) ||
      (key === "search" && value === "") ||
      (key === "sort" && value === defaults.defaultSort && !change.order && !params.get("order")) ||
      (key === "order" && value === defaults.defaultOrder && (change.sort ?? params.get("sort") ?? defaults.defaultSort) === defaults.defaultSort);
    if (isDefault || value === undefined) params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
