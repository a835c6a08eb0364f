import { redirect } from "react-router";
import { z } from "zod";
import { Prisma } from "#app/generated/prisma/client.ts";
import { HttpError, parseOr400 } from "./http.server.ts";
import { parseId } from "./id.ts";
import { matchIds, matching, sortTerm, type SearchIndex } from "./search/dialect.server.ts";
import { column, dateOf, queryRows, type RowOf } from "./sql.server.ts";
import { LIST_TOTAL_CAP, MAX_LIMIT, SEARCH_TOTAL_CAP, type ListDefinition, type ListFilters, type ListFilterValues, type ListMeta, type ListState } from "./list.ts";

const wholeNumber = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a positive whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${name} must be a positive whole number`).max(max, `${name} must be between 1 and ${max}`));

/** A search term of a URL: at most 200 characters, trimmed. */
export const searchTerm = (name = "search") =>
  z.string().max(200, `${name} must be at most 200 characters`).transform((s) => s.trim());

/**
 * A list's own search box (`search`): not length-checked (SPEC §5), so a long paste never replaces the list
 * with an error; only its first 200 characters are searched for (nothing longer matches a name or a topic).
 */
const listSearchTerm = () => z.string().transform((s) => s.trim().slice(0, 200).trim());

/**
 * Reads a list's state (page, limit, search, sort, order) and its filters from URL search params, with its
 * defaults and aliases (see `defineList`); an empty parameter counts as absent. Anything the list does not
 * allow is a 400 whose message names the parameter.
 */
export function parseList<S extends string, F extends ListFilters>(
  list: ListDefinition<S, F>,
  params: URLSearchParams,
): { state: ListState<S>; filters: ListFilterValues<F> } {
  const { aliases, sortWithOrder } = list;
  const schema = listSchema(list);
  const aliasOf = aliases as Partial<Record<string, string>>;
  const read = (key: string) => params.get(key) || params.get(aliasOf[key] ?? key) || undefined;
  const input = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, read(key)]));
  if (sortWithOrder && input.sort?.includes(":")) {
    const [sort, order] = input.sort.split(":", 2);
    Object.assign(input, { sort }, order ? { order } : {});
  }
  const { page, limit, search, sort, order, ...values } = parseOr400(schema, input) as ListState<S> & Record<string, unknown>;
  return { state: { page, limit, search, sort, order }, filters: values as ListFilterValues<F> };
}

/**
 * A screen's list (parseList is the JSON API's): a parameter the list cannot read (a sort it does not have, page "abc",
 * a filter value it does not know, from an old bookmark or a hand-edited link) is dropped, and the screen shows its
 * default for it at the URL without it (a redirect), instead of an error about the URL.
 */
export function parseScreenList<S extends string, F extends ListFilters>(list: ListDefinition<S, F>, url: URL, params = url.searchParams) {
  try {
    return parseList(list, params);
  } catch (error) {
    const aliases = list.aliases as Partial<Record<string, string>>;
    // "sort=name:sideways" names its order in `sort`.
    const spellingsOf = (name: string) => [name, aliases[name], name === "order" && list.sortWithOrder ? "sort" : undefined];
    return dropUnreadableParams(error, url, spellingsOf);
  }
}

/**
 * A screen's other URL parameters (Find a Mentor's facets, a search box), read with their schema as the API would: a
 * parameter it cannot read is dropped in the same way (`name` files a single value, as parseOr400's).
 */
export function parseScreenParams<S extends z.ZodType>(schema: S, input: unknown, url: URL, name?: string): z.output<S> {
  try {
    return parseOr400(schema, input, name);
  } catch (error) {
    return dropUnreadableParams(error, url);
  }
}

/**
 * After a screen's URL was refused (the 400 of parseOr400, its messages by parameter): the same address without the
 * parameters it names (each under every spelling `spellingsOf` gives), as a thrown redirect. A refusal that names no
 * parameter of the URL is thrown on.
 */
export function dropUnreadableParams(error: unknown, url: URL, spellingsOf: (name: string) => Array<string | undefined> = (name) => [name]): never {
  if (!(error instanceof HttpError) || error.status !== 400 || !error.errors) throw error;
  const readable = new URL(url);
  for (const field of Object.keys(error.errors)) {
    for (const name of spellingsOf(field.split(".")[0])) if (name) readable.searchParams.delete(name);
  }
  if (readable.search === url.search) throw error;
  throw redirect(readable.pathname + readable.search);
}

// A list's URL schema, built once per list: building zod schemas is what took a request's time, not using them.
const schemas = new WeakMap<ListDefinition, ReturnType<typeof buildListSchema>>();
function listSchema(list: ListDefinition) {
  let schema = schemas.get(list);
  if (!schema) schemas.set(list, (schema = buildListSchema(list)));
  return schema;
}

function buildListSchema({ defaults, filters }: ListDefinition) {
  return z.object({
    page: wholeNumber("page", 1_000_000).default(1),
    limit: wholeNumber("limit", MAX_LIMIT).default(defaults.defaultLimit),
    search: listSearchTerm().default(""),
    sort: z
      .string()
      .refine((value) => (defaults.sortable as readonly string[]).includes(value), {
        message: `sort must be one of: ${defaults.sortable.join(", ")}`,
      })
      .default(defaults.defaultSort),
    order: z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(["asc", "desc"], { error: "order must be asc or desc" }))
      .default(defaults.defaultOrder),
    ...filters,
  });
}

/**
 * A condition of a list, or a search whose best form depends on how the list is read (`walk`): collected, the
 * search's matches come first and the list's rows are found from them, which is right when they are few; walking, the
 * list is read in its order and each row is tested, which is right when many rows match (a page fills after a few
 * rows) or the list itself is small (`few`). `pageOf` counts collecting and walks a page past the cap. Measured at
 * 1M bookings, 100k people: the bookings searched for "grace" (1,000+) collected 308 ms, walked 5; the 5,000 guides
 * searched for "an" collected 15 ms, walked 2.6; a term matching no one walked through the bookings 300 ms, collected 0.03.
 */
export type Condition = Prisma.Sql | ((walk: boolean) => Prisma.Sql);

/**
 * The condition of a scope that limits nothing (an admin's). Lists leave it out of their SQL: a bare
 * COUNT(*) is answered from the table's b-tree at once, while `WHERE 1 = 1` makes the database visit every row.
 */
export const ALL_ROWS = Prisma.sql`1 = 1`;

function whereClause(conditions: Condition[], walk: boolean) {
  const limiting = conditions.filter((condition) => condition !== ALL_ROWS).map((condition) => (typeof condition === "function" ? condition(walk) : condition));
  return limiting.length ? Prisma.sql`WHERE ${Prisma.join(limiting, " AND ")}` : Prisma.empty;
}

/** A row count written into SQL as a literal: only ever a non-negative integer the server computed. */
function sqlInteger(value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a row count: ${value}`);
  return Prisma.raw(String(value));
}

type Columns = Record<string, (value: unknown) => unknown> & { id: typeof column.int };

export type ListQuery<S extends Columns> = {
  /** The listed table and any table its conditions read (`"Booking" b`), with the id column of a listed row (`b.id`). */
  from: Prisma.Sql;
  id: Prisma.Sql;
  /** Conditions joined with AND (a search of other rows is one: `matching(b."userId", "people", term)`). */
  where: Condition[];
  /**
   * The index the list's own rows are searched in (its ids are the list's: people for the users, the mails for the
   * outbox), for the state's `search`. The count is driven from the index, which hands over matches until the cap is
   * reached, so a word in most rows is counted as fast as a rare one; the page then collects or walks it as any other
   * condition.
   */
  search?: SearchIndex;
  /**
   * The list holds a few thousand rows at most (every guide, every guide request, one person's rows): its search is
   * tested on each row as the list is read in order, never answered from the matches first (see `Condition`).
   */
  few?: boolean;
  /** A whitelisted ORDER BY (see `orderBy`), and the joins only it reads (a booking's mentee, to sort by their name). */
  orderBy: Prisma.Sql;
  orderJoins?: Prisma.Sql;
  /** How the page's rows are read by id: the columns (typed by `queryRows`' readers, `id` among them) and their tables. */
  rows: { columns: S; select: Prisma.Sql; from: Prisma.Sql };
};

/**
 * One page of a list, with its total: counted up to a cap (SEARCH_TOTAL_CAP when searched, LIST_TOTAL_CAP otherwise;
 * past it `meta.totalCapped`), then the page's ids in the list's order, then those rows. A page past the last one falls
 * back to page 1.
 */
export async function pageOf<S extends Columns>(list: ListQuery<S>, state: Pick<ListState, "page" | "limit" | "search">) {
  const few = list.few ?? false;
  const cap = state.search ? SEARCH_TOTAL_CAP : LIST_TOTAL_CAP;
  const search = state.search && list.search;
  const conditions = search ? [...list.where, matching(list.id, search, state.search)] : list.where;
  const counted =
    search && !few
      ? Prisma.sql`(${matchIds(search, state.search)}) m CROSS JOIN ${list.from} ${whereClause([Prisma.sql`${list.id} = m.id`, ...list.where], false)}`
      : Prisma.sql`${list.from} ${whereClause(conditions, few)}`;
  const [{ total }] = await queryRows({ total: column.int }, Prisma.sql`SELECT COUNT(*) AS total FROM (SELECT 1 FROM ${counted} LIMIT ${sqlInteger(cap + 1)}) counted`);
  const capped = total > cap;
  // A search matching more than the cap fills a page after a few rows read in the list's order (see `Condition`).
  const where = whereClause(conditions, few || capped);
  const count = Math.min(total, cap);
  const totalPages = Math.max(1, Math.ceil(count / state.limit));
  const page = state.page > totalPages ? 1 : state.page;
  const meta: ListMeta = { page, limit: state.limit, total: count, totalPages, ...(capped ? { totalCapped: true as const } : {}) };
  if (count === 0) return { rows: [], meta };
  // LIMIT and OFFSET as literals: knowing the page is 10 rows, SQLite plans to read that many in the order's index.
  const ids = await queryRows(
    { id: column.int },
    Prisma.sql`SELECT ${list.id} AS id FROM ${list.from} ${list.orderJoins ?? Prisma.empty} ${where}
      ORDER BY ${list.orderBy} LIMIT ${sqlInteger(state.limit)} OFFSET ${sqlInteger((page - 1) * state.limit)}`,
  );
  if (ids.length === 0) return { rows: [], meta };
  const { columns, select, from } = list.rows;
  const rows = await queryRows(columns, Prisma.sql`SELECT ${select} FROM ${from} WHERE ${list.id} IN (${Prisma.join(ids.map((row) => row.id))})`);
  const byId = new Map<number, RowOf<S>>(rows.map((row) => [row.id as number, row]));
  return { rows: ids.flatMap(({ id }) => byId.get(id) ?? []), meta };
}

/** Past the last page a list shows its first one: this says so in the URL (throws a redirect without `page`). */
export function redirectPastLastPage(url: URL, state: Pick<ListState, "page">, meta: Pick<ListMeta, "page">) {
  if (meta.page === state.page) return;
  const firstPage = new URL(url);
  firstPage.searchParams.delete("page");
  throw redirect(firstPage.pathname + firstPage.search);
}

/** ORDER BY a whitelisted expression (or several), then the id as a stable tie-breaker, all in one direction. */
export function orderBy(expression: Prisma.Sql | Prisma.Sql[], order: "asc" | "desc", idColumn: Prisma.Sql) {
  return Prisma.join([...[expression].flat(), idColumn].map((term) => sortTerm(term, order)), ", ");
}

/** A DateTime column of a raw row (a Date, or ISO text from SQLite) as an ISO-8601 string; null stays null. */
export function isoOf(value: unknown): string | null {
  const date = dateOf(value);
  return date === null || Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * What a console list's dialogs are open on, from its URL: ?new (creating), ?edit=<id> and ?delete=<id>, each record
 * read with the list's own finder (which answers 404 for a record that is not there).
 */
export async function openDialogs<Row>(url: URL, find: (id: number) => Promise<Row>) {
  const editId = parseId(url.searchParams.get("edit"));
  const deleteId = parseId(url.searchParams.get("delete"));
  const [editing, toDelete] = await Promise.all([editId ? find(editId) : null, deleteId ? find(deleteId) : null]);
  return { creating: url.searchParams.has("new"), editing, toDelete };
}
