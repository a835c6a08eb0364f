import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "./db.server.ts";
import { dialect } from "./dialect.server.ts";

/**
 * The few pieces of raw SQL that SQLite and PostgreSQL spell differently, so a list or report is written once.
 * Everything else in raw SQL is common ground: double-quoted identifiers ("createdAt"), TRUE/FALSE, COUNT, CASE…
 */

const postgres = dialect === "postgres";

/** A text column compared and sorted without regard to case; indexed as such on both engines (see the migrations). */
export const caseless = (column: Prisma.Sql) => (postgres ? Prisma.sql`lower(${column})` : Prisma.sql`${column} COLLATE NOCASE`);

/** A boolean literal (better-sqlite3 cannot bind a boolean parameter). */
export const sqlBool = (value: boolean) => Prisma.raw(value ? "TRUE" : "FALSE");

/** A LIKE pattern matching `term` anywhere, with LIKE's wildcards escaped (used by `containsText`). */
export function likeAnywhere(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column` contains `term`, ignoring case (ASCII on SQLite, where LIKE ignores case; any letter on PostgreSQL).
 * On PostgreSQL a trigram index on the column answers it (for 3+ characters); on SQLite it is a scan, so long terms
 * go through the FTS5 tables instead (see `textMatches` in accounts/search.server.ts).
 */
export function containsText(column: Prisma.Sql, term: string) {
  return Prisma.sql`${column} ${Prisma.raw(postgres ? "ILIKE" : "LIKE")} ${likeAnywhere(term)} ESCAPE '\\'`;
}

/**
 * `parent JOIN listed ON on`, read in the parent's order: SQLite's CROSS JOIN keeps the join order as written
 * (its planner would otherwise start from the listed table and sort every row); PostgreSQL's planner chooses well.
 */
export const joinInOrder = (parent: Prisma.Sql, listed: Prisma.Sql, on: Prisma.Sql) =>
  Prisma.sql`${parent} ${Prisma.raw(postgres ? "JOIN" : "CROSS JOIN")} ${listed} ON ${on}`;

/** Any of `columns` contains `term` (see `containsText`). */
export const containsAny = (columns: Prisma.Sql[], term: string) =>
  Prisma.sql`(${Prisma.join(columns.map((column) => containsText(column, term)), " OR ")})`;

/**
 * One JSON array holding an array of `columns` per row: thousands of small rows handed over as one value, which costs
 * a fraction of handing each row over on its own. Read it with `jsonOf`.
 */
export const jsonRows = (columns: Prisma.Sql[]) =>
  postgres ? Prisma.sql`json_agg(json_build_array(${Prisma.join(columns)}))` : Prisma.sql`json_group_array(json_array(${Prisma.join(columns)}))`;

/** A JSON value as read from either engine (SQLite hands over text, PostgreSQL may parse it already); null as []. */
export const jsonOf = <T,>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as T;

const nullableTerms = new WeakSet<Prisma.Sql>();

/**
 * Marks a sort expression that can be NULL. Lists sort NULLs as SQLite does, first going up and last going down
 * (PostgreSQL's default is the opposite), and PostgreSQL indexes such columns NULLS FIRST to match.
 */
export function nullable(term: Prisma.Sql) {
  nullableTerms.add(term);
  return term;
}

/** One ORDER BY term in `direction`, with NULLs placed as SQLite places them (see `nullable`). */
export function sortTerm(term: Prisma.Sql, direction: "asc" | "desc") {
  const nulls = postgres && nullableTerms.has(term) ? (direction === "asc" ? " NULLS FIRST" : " NULLS LAST") : "";
  return Prisma.sql`${term} ${Prisma.raw(direction.toUpperCase() + nulls)}`;
}

/**
 * How a list answers a search (`pageOf` chooses). "collect": the indexes hand over every matching id and the list
 * sorts them, which is right when few rows match. "walk": the list is read in its own order and each row is tested, so
 * a page fills after a few rows, which is right when many match: collecting the 47,000 bookings whose topic says
 * "worship" to sort them took 80-180 ms, walking to the first ten takes 1 ms. On PostgreSQL a condition on a row's
 * own text is the same in both plans (its planner chooses from statistics); walking, a row looks its person or booking
 * up rather than gathering every one the search matches (one guide's bookings searched for "an": 280 ms to 30 ms).
 * "few": a walk over a list of a few thousand rows at most (one person's, every guide), where each row's person is
 * tested on their own too: on SQLite, gathering the 8,500 people "grace" finds to test a guide's 132 reviews
 * against took 3.7 ms, looking up each review's author 0.2 ms.
 */
export type SearchPlan = "collect" | "walk" | "few";

/**
 * A column SQLite must not answer a condition from its index (`+column`): the condition is then tested on each row
 * the query reads in its ORDER BY's index, rather than collecting every match first. PostgreSQL plans by statistics.
 */
export const unindexed = (column: Prisma.Sql) => (postgres ? column : Prisma.sql`+${column}`);

/**
 * Whether the row `fromWhere` (a correlated "FROM … WHERE …" that finds one row by its key) exists, tested row by row
 * as a walking search reads its list. PostgreSQL would otherwise turn an EXISTS inside OR into a hashed subplan,
 * gathering every match first (all 47,000 bookings whose topic says "worship" to show ten reviews); an OFFSET keeps it
 * a lookup per row.
 */
export const existsPerRow = (fromWhere: Prisma.Sql) => Prisma.sql`EXISTS (SELECT 1 ${fromWhere}${postgres ? Prisma.sql` OFFSET 0` : Prisma.empty})`;

/**
 * `column` is one of the values `subquery` selects. PostgreSQL cannot turn `a IN (…) OR b IN (…)` into joins and
 * may run each subquery again for every row; as `= ANY(ARRAY(…))` each runs once, and the ORed conditions become
 * one bitmap scan of the columns' indexes. SQLite plans `IN (…)` well as it is.
 */
export const inSubquery = (column: Prisma.Sql, subquery: Prisma.Sql) =>
  postgres ? Prisma.sql`${column} = ANY(ARRAY(${subquery}))` : Prisma.sql`${column} IN (${subquery})`;

/**
 * A session that starts at `start` and lasts `minutes` has not ended at `at`: `start + minutes > at` in each
 * engine's date arithmetic (SQLite keeps DateTimes as ISO text, which julianday() reads with its offset).
 */
export function endsAfter(start: Prisma.Sql, minutes: Prisma.Sql, at: Date) {
  return postgres
    ? Prisma.sql`(${start} + ${minutes} * INTERVAL '1 minute') > ${at}`
    : Prisma.sql`(julianday(${start}) + ${minutes} / 1440.0) > julianday(${at.toISOString()})`;
}

/**
 * A DateTime column as ISO-8601 text, which sorts in time order beside a 'YYYY-MM-DD' day written as text:
 * SQLite keeps DateTimes as that text already; PostgreSQL turns its timestamp into it with "isoText" (an
 * IMMUTABLE function of the migrations, so an index can hold it; see Review_shownDate_idx).
 */
export const isoText = (column: Prisma.Sql) => (postgres ? Prisma.sql`"isoText"(${column})` : column);

/*
 * Reading raw rows. A table's column arrives typed by its declaration (a Date, a boolean, a number; on SQLite as Prisma
 * reads it), but a computed one as each engine gives it: ISO text for a date and a BigInt for an integer on SQLite (a
 * comparison's 0/1 too), a BigInt for COUNT on PostgreSQL. A statement names each column's kind (`queryRows`), and its
 * rows come back typed; nothing reads a raw row as `unknown`.
 */

/** A DateTime column of a raw row as a Date; null stays null. */
export function dateOf(value: unknown): Date | null {
  if (value === null || value === undefined || value === "") return null;
  return value instanceof Date ? value : new Date(String(value));
}

/** A Boolean column of a raw row. */
export const boolOf = (value: unknown) => value === true || value === 1 || value === 1n || value === "1";

/** An integer column (or a COUNT) of a raw row as a number. */
export const intOf = (value: unknown) => Number(value ?? 0);

/** How to read each kind of column (see `queryRows`). */
export const column = {
  int: intOf,
  /** A number that need not be whole (a Float column, an average). */
  number: (value: unknown) => Number(value ?? 0),
  /** A number that may be NULL (an average of no rows). */
  nullableInt: (value: unknown) => (value === null || value === undefined ? null : Number(value)),
  text: (value: unknown) => String(value ?? ""),
  nullableText: (value: unknown) => (value === null || value === undefined ? null : String(value)),
  bool: boolOf,
  date: (value: unknown) => dateOf(value) ?? new Date(Number.NaN),
  nullableDate: dateOf,
};

type ColumnReader = (value: unknown) => unknown;
export type RowOf<S extends Record<string, ColumnReader>> = { [K in keyof S]: ReturnType<S[K]> };

/**
 * Runs a raw SELECT and reads each row by `shape` (a reader from `column` per selected column, by its alias):
 * `queryRows({ id: column.int, name: column.text }, Prisma.sql\`SELECT id, name FROM "User"\`)`.
 */
export async function queryRows<S extends Record<string, ColumnReader>>(
  shape: S,
  sql: Prisma.Sql,
  client: { $queryRaw<T>(query: Prisma.Sql): Prisma.PrismaPromise<T> } = prisma,
): Promise<Array<RowOf<S>>> {
  const rows = await client.$queryRaw<Array<Record<string, unknown>>>(sql);
  const keys = Object.keys(shape) as Array<keyof S & string>;
  return rows.map((row) => Object.fromEntries(keys.map((key) => [key, shape[key](row[key])])) as RowOf<S>);
}
