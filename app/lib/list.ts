import type { z } from "zod";

/** List state shared by server and browser: what the URL says about a paged, sorted, searched list. */
export type SortOrder = "asc" | "desc";

export type ListState<S extends string = string> = {
  page: number;
  limit: number;
  search: string;
  sort: S;
  order: SortOrder;
};

/** `totalCapped`: the rows were counted up to a cap only, and there are more ("1,000+", "10,000+"). */
export type ListMeta = { page: number; limit: number; total: number; totalPages: number; totalCapped?: true };

/** How far a search's matches are counted: nobody pages through more than a thousand results of a search. */
export const SEARCH_TOTAL_CAP = 1000;

/** How far a list's rows are counted unsearched: far enough for page 1,000 of 10 rows, without counting a million. */
export const LIST_TOTAL_CAP = 10_000;

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

/**
 * A list's filters by URL parameter: each a zod parser of the parameter's value (undefined when it is absent
 * or empty), whose message is the 400's.
 */
export type ListFilters = Record<string, z.ZodType>;

export type ListFilterValues<F extends ListFilters> = { [K in keyof F]: z.output<F[K]> };

/**
 * Everything a list reads from the URL, in one place for its screen and its API route: defaults and sortable
 * columns, filters, and the other names API clients use for a parameter.
 */
export type ListDefinition<S extends string = string, F extends ListFilters = ListFilters> = {
  defaults: ListDefaults<S>;
  filters: F;
  /** Another name a parameter goes by (per_page for limit, sortOrder for order, mentorId for guideId); ours wins when both come. */
  aliases: Partial<Record<keyof ListState | (keyof F & string), string>>;
  /** Whether `sort` may carry the order too, as `sort=created_at:desc` (the resources API). */
  sortWithOrder?: boolean;
};

/** Declares a list (see `parseList` in list.server.ts for how its parameters are read). */
export function defineList<S extends string, F extends ListFilters = Record<never, z.ZodType>>(
  list: Pick<ListDefinition<S, F>, "defaults"> & Partial<ListDefinition<S, F>>,
): ListDefinition<S, F> {
  return { filters: {} as F, aliases: {}, ...list };
}

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
