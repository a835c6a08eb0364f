import { Prisma } from "#app/generated/prisma/client.ts";
import { anyOf, eachMatch, matchIds, matching, sortTerm, unindexed, type SearchIndex } from "./search/dialect.server.ts";
import { rangeInstants, type DayRange } from "./date-range.ts";
import { column, queryRows, type RowOf } from "./sql.server.ts";
import { LIST_TOTAL_CAP, SEARCH_TOTAL_CAP, type ListMeta, type ListState } from "./list.ts";

/**
 * A condition of a list, or one whose best form depends on how the list is read (`walk`): collected, an index answers
 * it and the list's rows are found from its answer, which is right when they are few; walking, the list is read in its
 * order and each row is tested, which is right when many rows pass (a page fills after a few rows) or the list itself is
 * small (`few`). A search is either too (see `ListQuery.search`). Measured at 1M bookings, 100k people: the bookings
 * searched for "grace" (1,000+) collected 308 ms, walked 5; a term matching no one walked through them 300 ms,
 * collected 0.03.
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

/**
 * The conditions of a date range (`dateRange()`'s `from` and `to`): `column` (a UTC instant) within those days as they
 * fall in `timeZone`, the reader's. Collected, the column's index answers the range (and the rows are sorted, a few
 * thousand at most); walked (a range of more rows than the cap, in another order than the column's: `inOrder` false),
 * the list is read in its order's index and each row tested, as a page fills after a few of them. Measured at 200k
 * bookings: a year of sessions sorted by booking date collected 319 ms, walked under 1.
 */
export function withinDays(column: Prisma.Sql, range: DayRange, timeZone: string, inOrder = false): Condition[] {
  const { start, end } = rangeInstants(range, timeZone);
  const tested = (walk: boolean) => (walk && !inOrder ? unindexed(column) : column);
  return [
    ...(start ? [(walk: boolean) => Prisma.sql`${tested(walk)} >= ${start}`] : []),
    ...(end ? [(walk: boolean) => Prisma.sql`${tested(walk)} < ${end}`] : []),
  ];
}

/**
 * A list sparse among the rows of the table its order reads first (`orderJoins.sparse`) is sorted whole, each row's
 * join looked up, when counted at most this many rows, or for a page past this many: looking up and sorting 1,000 rows
 * takes 0.4 ms, while 1,000 pastors among 105,000 people are found only after thousands of them (a sponsor of 10 reads
 * every person: 5.5 ms; Grace Church's last page of 3,935 read in name order 15 ms, sorted whole 2.5).
 */
const SORTED_WHOLE = 1000;

/** A row count written into SQL as a literal: only ever a non-negative integer the server computed. */
function sqlInteger(value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`Not a row count: ${value}`);
  return Prisma.raw(String(value));
}

export type OrderJoins = Prisma.Sql | { first: Prisma.Sql; on: Prisma.Sql; sparse?: true };

/**
 * What a list's search finds: rows whose `column` holds the id of a row of `index`'s table that the term matches (the
 * list's own rows: `u.id` in "people"; a booking's mentee: `b."userId"` in "people"), or a condition of the term's own
 * (the booking whose number it is).
 */
export type SearchPart = { column: Prisma.Sql; index: SearchIndex } | Prisma.Sql;

type Columns = Record<string, (value: unknown) => unknown> & { id: typeof column.int };

export type ListQuery<S extends Columns> = {
  /** The listed table and any table its conditions read (`"Booking" b`), with the id column of a listed row (`b.id`). */
  from: Prisma.Sql;
  id: Prisma.Sql;
  /** Conditions joined with AND. */
  where: Condition[];
  /**
   * What the state's `search` finds, any of these. Counted from the indexes: each part's matches hand over their rows
   * until the cap is reached, so a word in most rows is counted as fast as a rare one. A page of at most the cap's rows
   * is then read from those rows; past the cap, the list is read in its order and each row tested (see `Condition`).
   */
  search?: SearchPart[];
  /**
   * The list holds a few thousand rows at most (every guide, every guide request, one person's rows): its search is
   * tested on each row as the list is read in order, never answered from the matches first (see `Condition`).
   */
  few?: boolean;
  /** A whitelisted ORDER BY (see `orderBy`). */
  orderBy: Prisma.Sql;
  /**
   * The joins only the order reads (a request's guide profile, by category), or the table it reads first (a booking's
   * guide, by name: `{ first: "User" g, on: g.id = b."guideId" }`). Over a whole list that table is read in its index's
   * order and the first page found after a few of its rows (a CROSS JOIN keeps that order on SQLite, whose planner
   * would sort the million bookings instead: 72 ms → 5); over few rows (`few`, or, `sparse`, counted at most
   * SORTED_WHOLE or paged past them) it is looked up for each.
   */
  orderJoins?: OrderJoins;
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
  const parts = state.search ? (list.search ?? []) : [];
  const matched = parts.length && !few ? matchesOf(list, parts, state.search, cap + 1) : null;
  const walked = parts.length ? [...list.where, rowMatches(parts, state.search)] : list.where;
  const counted = matched ? Prisma.sql`(${matched}) matched` : Prisma.sql`${list.from} ${whereClause(walked, few)}`;
  const [{ total }] = await queryRows({ total: column.int }, Prisma.sql`SELECT COUNT(*) AS total FROM (SELECT 1 FROM ${counted} LIMIT ${sqlInteger(cap + 1)}) counted`);
  const capped = total > cap;
  const count = Math.min(total, cap);
  const totalPages = Math.max(1, Math.ceil(count / state.limit));
  const page = state.page > totalPages ? 1 : state.page;
  const meta: ListMeta = { page, limit: state.limit, total: count, totalPages, ...(capped ? { totalCapped: true as const } : {}) };
  if (count === 0) return { rows: [], meta };
  // Up to the cap, the page is found among the matched rows; past it, a page fills after a few rows read in order.
  const offset = (page - 1) * state.limit;
  if (matched && !capped) return { rows: await rowsAt(list, [...list.where, Prisma.sql`${list.id} IN (${matched})`], false, state.limit, offset, count), meta };
  return { rows: await rowsAt(list, walked, few || capped, state.limit, offset, capped ? undefined : count), meta };
}

/** The ids (column `id`) of the list's rows each part of its search finds, at most `limit` of each: their union. */
function matchesOf(list: ListQuery<Columns>, parts: SearchPart[], term: string, limit: number) {
  const branches = parts.map((part) => {
    const rows =
      part instanceof Prisma.Sql
        ? Prisma.sql`SELECT ${list.id} AS id FROM ${list.from} ${whereClause([part, ...list.where], false)} LIMIT ${sqlInteger(limit)}`
        : eachMatch(matchIds(part.index, term), { id: list.id, from: list.from, where: whereClause([Prisma.sql`${part.column} = m.id`, ...list.where], false) }, sqlInteger(limit));
    return Prisma.sql`SELECT id FROM (${rows}) part`;
  });
  return Prisma.join(branches, " UNION ");
}

/** The search as a condition of each row read in the list's order. */
const rowMatches = (parts: SearchPart[], term: string) => anyOf(...parts.map((part) => (part instanceof Prisma.Sql ? part : matching(part.column, part.index, term))));

/**
 * Every row of a list in its order (the whole filtered, sorted, searched list, as its pages read one after another),
 * `chunk` rows at a time: each chunk's ids in the list's order, then those rows by id, as `pageOf` reads a page. Only
 * one chunk is held at once, so an export of a million bookings streams in flat memory.
 */
export async function* eachRowOf<S extends Columns>(list: ListQuery<S>, state: Pick<ListState, "search">, chunk = 2000): AsyncGenerator<RowOf<S>> {
  const conditions = state.search && list.search?.length ? [...list.where, rowMatches(list.search, state.search)] : list.where;
  // Walking tests each row as the list is read in order: right for a few rows, and for a whole list read to its end.
  for (let offset = 0; ; offset += chunk) {
    const rows = await rowsAt(list, conditions, true, chunk, offset);
    yield* rows;
    if (rows.length < chunk) return;
  }
}

/** A list's rows as its domain maps them, one at a time (see `eachRowOf`). */
export async function* mapRows<R, T>(rows: AsyncIterable<R>, map: (row: R) => T): AsyncGenerator<T> {
  for await (const row of rows) yield map(row);
}

/** `limit` rows of a list from `offset` in its order (of `total` rows, when counted): their ids first, then those rows by id. */
async function rowsAt<S extends Columns>(list: ListQuery<S>, conditions: Condition[], walk: boolean, limit: number, offset: number, total?: number) {
  const joins = list.orderJoins ?? Prisma.empty;
  const sortedWhole = (total !== undefined && total <= SORTED_WHOLE) || offset >= SORTED_WHOLE;
  const lookedUp = (list.few ?? false) || (!(joins instanceof Prisma.Sql) && joins.sparse === true && sortedWhole);
  const ordered =
    joins instanceof Prisma.Sql
      ? Prisma.sql`${list.from} ${joins} ${whereClause(conditions, walk)}`
      : Prisma.sql`${lookedUp ? Prisma.sql`${list.from} CROSS JOIN ${joins.first}` : Prisma.sql`${joins.first} CROSS JOIN ${list.from}`} ${whereClause([joins.on, ...conditions], walk)}`;
  // LIMIT and OFFSET as literals: knowing the page is 10 rows, SQLite plans to read that many in the order's index.
  const ids = await queryRows(
    { id: column.int },
    Prisma.sql`SELECT ${list.id} AS id FROM ${ordered}
      ORDER BY ${list.orderBy} LIMIT ${sqlInteger(limit)} OFFSET ${sqlInteger(offset)}`,
  );
  if (ids.length === 0) return [];
  const { columns, select, from } = list.rows;
  // The ids as literals, as LIMIT and OFFSET: a chunk's 2,000 bound parameters cost more than its rows (26 ms → 9).
  const rows = await queryRows(columns, Prisma.sql`SELECT ${select} FROM ${from} WHERE ${list.id} IN (${Prisma.join(ids.map((row) => sqlInteger(row.id)))})`);
  const byId = new Map<number, RowOf<S>>(rows.map((row) => [row.id as number, row]));
  return ids.flatMap(({ id }) => byId.get(id) ?? []);
}

/** ORDER BY a whitelisted expression (or several), then the id as a stable tie-breaker, all in one direction. */
export function orderBy(expression: Prisma.Sql | Prisma.Sql[], order: "asc" | "desc", idColumn: Prisma.Sql) {
  return Prisma.join([...[expression].flat(), idColumn].map((term) => sortTerm(term, order)), ", ");
}
