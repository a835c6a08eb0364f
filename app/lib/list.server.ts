import { redirect } from "react-router";
import { z } from "zod";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "./db.server.ts";
import { dialect } from "./dialect.server.ts";
import { HttpError, parseOr400 } from "./http.server.ts";
import { parseId } from "./id.ts";
import { column, dateOf, joinInOrder, queryRows, sortTerm, type SearchPlan } from "./sql.server.ts";
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

/** Joins need the listed table's alias: the page is cut from that table before they are joined. */
type ListedTable =
  | {
      /**
       * The listed table's alias in `from` (`"Booking" b`: "b"), when `from` is that table alone: the page can then be
       * cut from it as ids first (see `joins`). PostgreSQL does so for a table listed without joins too: its index scan
       * reads every row it skips to reach a deep page (page 1,000 of the mentees: 20 ms), where ids alone come from an
       * index that holds the order and the id (4 ms). SQLite already skips those rows unread.
       */
      alias: string;
      /**
       * Tables joined onto each listed row (named by `alias`) to show it (its people, its slot): required parents or
       * LEFT JOINs, so they never add or drop a row. Then the total is counted on the listed table alone, and the page
       * is cut from it (by its `id` column) before anything is joined, unless a search or the order needs the joined
       * tables.
       */
      joins?: Prisma.Sql;
    }
  | { alias?: undefined; joins?: undefined };

type ListQuery = ListedTable & {
  /** Columns to select, e.g. Prisma.sql`u.id, u.name` (joined tables' columns too). */
  select: Prisma.Sql;
  /** The listed table with its alias, e.g. Prisma.sql`"Booking" b` (or a whole FROM clause when nothing is joined). */
  from: Prisma.Sql;
  /** Conditions joined with AND, on the listed table. */
  where: Prisma.Sql[];
  /** Conditions that need the joined tables (a search over the people of a booking, say). */
  joinedWhere?: Prisma.Sql[];
  /** A whitelisted ORDER BY expression (never built from raw input). */
  orderBy: Prisma.Sql;
  /** Whether a search (a condition in `where`) narrows the list: its total is then counted up to `SEARCH_TOTAL_CAP` only. */
  searched?: boolean;
  /**
   * A search whose best plan depends on how many rows it matches (see `SearchPlan`), counted like `searched`. The
   * count collects (it stops at SEARCH_TOTAL_CAP + 1 matches); when it reaches the cap, the page walks the list in
   * its order instead of sorting every match. A list of a few thousand rows at most (`fewRows`) always walks.
   */
  search?: (plan: SearchPlan) => Prisma.Sql;
  /** The list (before its search) holds a few thousand rows at most: one person's, or every guide. */
  fewRows?: boolean;
  /**
   * Quicker ways to learn that a search matches more than SEARCH_TOTAL_CAP rows: each a `FROM … WHERE …` of some of
   * its matches that the database reads one at a time (see `personIndexProbes`). The first to pass the cap caps the
   * total; when none does, the list counts its search as usual.
   */
  capProbes?: Prisma.Sql[];
  /**
   * The search's matches as a `FROM … WHERE …` that the database reads quicker than the list's own (see
   * `peopleSearchRows`), counted instead of it, up to the cap; only when it holds exactly the same rows. A list of
   * `fewRows` counts its own rows instead: testing each of 5,000 guides against the matches costs less than reading
   * every match to find the few that are guides ("grace": 8,500 people, 233 guides; 5 ms against 9).
   */
  searchRows?: Prisma.Sql;
  /**
   * The tables the count reads, when `from` also joins tables that neither `where` nor the search reads and that add
   * no rows (at most one row each, LEFT JOINed for the page's columns): counting without them reads half as much.
   */
  countFrom?: Prisma.Sql;
  /**
   * For an order by a parent's column (a person's name): the parent table and how a listed row points to it
   * (the order then counts as the listed table's own). Leave it out when the list is narrowed to a few rows (one
   * person's): walking every parent in order to find them costs more than sorting them; `orderJoins` then.
   * The page is then read in the order of the parent's index (`joinInOrder`), instead of
   * sorting every listed row. The order must end with the parent's id, then the listed row's.
   */
  orderVia?: { table: Prisma.Sql; on: Prisma.Sql };
  /**
   * The joins `orderBy` reads when no `orderVia` reaches them (`JOIN "User" u ON …`, one of `joins`): the page is cut
   * from the listed table with these joins only, and the rest are joined for the page's rows alone (a guide's 400
   * payments sorted by mentee read 400 mentees, not also 400 bookings).
   */
  orderJoins?: Prisma.Sql;
  page: number;
  limit: number;
};

/**
 * The condition of a scope that limits nothing (an admin's). Lists leave it out of their SQL: a bare
 * COUNT(*) is answered from the table's b-tree at once, while `WHERE 1 = 1` makes the database visit every row.
 */
export const ALL_ROWS = Prisma.sql`1 = 1`;

function whereClause(conditions: Prisma.Sql[]) {
  const limiting = conditions.filter((condition) => condition !== ALL_ROWS);
  return limiting.length ? Prisma.sql`WHERE ${Prisma.join(limiting, " AND ")}` : Prisma.empty;
}

const postgres = dialect === "postgres";

/** A page size or offset written into SQL: only ever a non-negative integer the server computed. */
function sqlInteger(value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a row count: ${value}`);
  return String(value);
}

/**
 * Runs one page of a list in SQL, with its total. A page past the last one falls back to page 1.
 * Rows come back as the database returns them (integers as bigint); callers map them.
 */
export async function pageOf<Row>(query: ListQuery) {
  const { select, from, joins, joinedWhere = [], search, fewRows = false, capProbes = [], searchRows, countFrom, orderBy, orderVia, orderJoins, page, limit } = query;
  const searched = query.searched || Boolean(search);
  const whereFor = (plan: SearchPlan) => (search ? [...query.where, search(plan)] : query.where);
  const needsJoins = joinedWhere.length > 0;
  const joined = joins ? Prisma.sql`${from} ${joins}` : from;
  const countedWhere = whereFor(fewRows ? "few" : "collect");
  const counted = Prisma.sql`FROM ${countFrom ?? (needsJoins ? joined : from)} ${whereClause([...countedWhere, ...joinedWhere])}`;
  const matches = (!fewRows && searchRows) || counted;
  // A search counts up to SEARCH_TOTAL_CAP; a list unsearched up to LIST_TOTAL_CAP, far enough for page 1,000 of 10 rows.
  const totalCap = searched ? SEARCH_TOTAL_CAP : LIST_TOTAL_CAP;
  const upToCap = (rows: Prisma.Sql) => Prisma.sql`(SELECT COUNT(*) FROM (SELECT 1 ${rows} LIMIT ${Prisma.raw(sqlInteger(totalCap + 1))}) matches)`;
  // Literals: SQLite compares an integer with a bound parameter of another type (text) as never equal or greater.
  const [cap, overCap] = [Prisma.raw(sqlInteger(SEARCH_TOTAL_CAP)), Prisma.raw(sqlInteger(SEARCH_TOTAL_CAP + 1))];
  const searchTotal = capProbes.length
    ? Prisma.sql`SELECT CASE ${Prisma.join(
        capProbes.map((probe) => Prisma.sql`WHEN ${upToCap(probe)} > ${cap} THEN ${overCap}`),
        " ",
      )} ELSE ${upToCap(matches)} END AS total`
    : Prisma.sql`SELECT ${upToCap(matches)} AS total`;
  const [{ total }] = await queryRows({ total: column.int }, searched ? searchTotal : Prisma.sql`SELECT ${upToCap(counted)} AS total`);
  const capped = total > totalCap;
  const walking = fewRows || (searched && capped);
  const where = whereFor(fewRows ? "few" : walking ? "walk" : "collect");
  const count = Math.min(total, totalCap);
  const totalPages = Math.max(1, Math.ceil(count / limit));
  const effectivePage = page > totalPages ? 1 : page;
  const offset = (effectivePage - 1) * limit;
  const meta: ListMeta = { page: effectivePage, limit, total: count, totalPages, ...(capped ? { totalCapped: true as const } : {}) };
  if (count === 0) return { rows: [] as Row[], meta };
  // LIMIT and OFFSET as literals, not parameters: knowing the page is 10 rows, SQLite reads that page first and then
  // joins its people; with `LIMIT ?` it may scan every person and join the whole list to them (1M bookings sorted
  // by topic or a guide's name: 28–39 ms a list, against 1–2 ms).
  const pageWindow = Prisma.raw(`LIMIT ${sqlInteger(limit)} OFFSET ${sqlInteger(offset)}`);
  const alias = query.alias ? Prisma.raw(query.alias) : Prisma.empty;
  let pageSql: Prisma.Sql;
  if (joins && postgres && searched && !walking && !needsJoins) {
    // PostgreSQL, collecting a search's few matches (at most SEARCH_TOTAL_CAP): they are gathered first, behind an
    // OFFSET 0 fence, then joined and sorted. Blind to how few rows the matched ids are, the planner would otherwise
    // walk the order's index through a million bookings looking for them (0.25–1.3 s for a person's e-mail).
    pageSql = Prisma.sql`
      SELECT ${select} FROM (SELECT ${alias}.* FROM ${from} ${whereClause(where)} OFFSET 0) ${alias} ${joins}
      ORDER BY ${orderBy} ${pageWindow}`;
  } else if (query.alias && !needsJoins && (joins || (postgres && !searched))) {
    // The page of the listed table first (its own index, its parent's when ordered by the parent, or joined to what
    // the order reads), as ids alone: an index often answers that without reading a row, and a sort keeps ids, not
    // whole rows (one guide's bookings newest first: 0.33 -> 0.08 ms). Then those rows and their joins, for the page
    // only; a search over the joined tables needs the joins all along. A table listed alone takes this way on
    // PostgreSQL only (see `alias`), and only unsearched.
    const pageFrom = orderVia ? joinInOrder(orderVia.table, from, orderVia.on) : orderJoins ? Prisma.sql`${from} ${orderJoins}` : from;
    const pageIds = Prisma.sql`(SELECT ${alias}.id FROM ${pageFrom} ${whereClause(where)} ORDER BY ${orderBy} ${pageWindow}) page`;
    pageSql = Prisma.sql`
      SELECT ${select} FROM ${joinInOrder(pageIds, from, Prisma.sql`${alias}.id = page.id`)} ${joins ?? Prisma.empty}
      ORDER BY ${orderBy}`;
  } else {
    pageSql = Prisma.sql`SELECT ${select} FROM ${joined} ${whereClause([...where, ...joinedWhere])} ORDER BY ${orderBy} ${pageWindow}`;
  }
  const rows = await prisma.$queryRaw<Row[]>(pageSql);
  return { rows, meta };
}

/** Past the last page a list shows its first one: this says so in the URL (throws a redirect without `page`). */
export function redirectPastLastPage(url: URL, state: Pick<ListState, "page">, meta: Pick<ListMeta, "page">) {
  if (meta.page === state.page) return;
  const firstPage = new URL(url);
  firstPage.searchParams.delete("page");
  throw redirect(firstPage.pathname + firstPage.search);
}

/**
 * ORDER BY for a whitelisted expression (or several, e.g. a person's name then their id), with the id as a
 * stable tie-breaker, all in the same direction.
 */
export function orderBy(expression: Prisma.Sql | Prisma.Sql[], order: "asc" | "desc", idColumn: Prisma.Sql) {
  return Prisma.join([...[expression].flat(), idColumn].map((term) => sortTerm(term, order)), ", ");
}

/** A sort by a person's columns: whose (the record's mentee or guide), and how to read the record's rows in their order. */
export type PersonSort = { party: "user" | "guide"; table: Prisma.Sql; on: Prisma.Sql };

/**
 * `pageOf`'s order for a list of records (bookings, payments) whose sort may be by a person's columns (`person`).
 * Over the whole list the page is read in that person's index order (`orderVia`); over a narrowed list the records
 * are joined to the people first (`orderJoins`): walking every person in name order pays off over the whole list, not
 * over one person's few rows. When every row has the same such person (`only`: one guide's bookings sorted by guide
 * name) the sort is the tiebreaker alone: the same order, read from the record's index instead of joining and sorting
 * every row.
 */
export function recordOrder(
  columns: Prisma.Sql | Prisma.Sql[],
  { order, idColumn, person, narrowed, only }: { order: "asc" | "desc"; idColumn: Prisma.Sql; person?: PersonSort; narrowed: boolean; only: { user?: number; guide?: number } },
) {
  const shared = person !== undefined && only[person.party] !== undefined;
  const personJoin = person && !shared ? Prisma.sql`JOIN ${person.table} ON ${person.on}` : undefined;
  return {
    orderBy: orderBy(shared ? [] : columns, order, idColumn),
    ...(narrowed ? { orderJoins: personJoin } : { orderVia: person }),
  };
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
