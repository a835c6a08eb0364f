import { Prisma } from "#app/generated/prisma/client.ts";
import { dialect } from "../dialect.server.ts";
import { likeAnywhere, type SearchIndex } from "./port.ts";
import { postgres } from "./postgres.server.ts";
import { sqlite } from "./sqlite.server.ts";

/**
 * The one place raw SQL learns its engine: searches (`matchIds`) and the few things SQLite and PostgreSQL spell
 * differently. Everything else is common ground: double-quoted identifiers, TRUE/FALSE, COUNT, CASE…
 */
const engine = dialect === "postgres" ? postgres : sqlite;

export { likeAnywhere, type SearchIndex };

/** The ids of the rows `term` matches in `index` (see `SqlDialect.matchIds`). */
export const matchIds = (index: SearchIndex, term: string) => engine.matchIds(index, term);

/**
 * A search condition of a list (a `Condition` of list.server.ts): `column` holds an id `term` matches in `index`.
 * Walking, SQLite must not answer it from the column's index (`+column`), or it would gather the matches first.
 */
export const matching = (column: Prisma.Sql, index: SearchIndex, term: string) => (walk: boolean) =>
  Prisma.sql`${walk ? engine.unindexed(column) : column} IN (${matchIds(index, term)})`;

/** Any of several conditions, each collected or walked alike. */
export const anyOf =
  (...conditions: Array<Prisma.Sql | ((walk: boolean) => Prisma.Sql)>) =>
  (walk: boolean) =>
    Prisma.sql`(${Prisma.join(conditions.map((condition) => (typeof condition === "function" ? condition(walk) : condition)), " OR ")})`;

export const caseless = engine.caseless;
export const endsAfter = engine.endsAfter;
export const isoText = engine.isoText;
export const jsonRows = engine.jsonRows;

/** A boolean literal (better-sqlite3 cannot bind a boolean parameter). */
export const sqlBool = (value: boolean) => Prisma.raw(value ? "TRUE" : "FALSE");

/** Any of `columns` contains `term`, ignoring case: a scan, for a list of a few rows (one person's). */
export const containsAny = (columns: Prisma.Sql[], term: string) =>
  Prisma.sql`(${Prisma.join(columns.map((column) => Prisma.sql`${column} ${Prisma.raw(engine.like)} ${likeAnywhere(term)} ESCAPE '\\'`), " OR ")})`;

const nullableTerms = new WeakSet<Prisma.Sql>();

/** Marks a sort expression that can be NULL (see `sortTerm`); PostgreSQL indexes such columns NULLS FIRST to match. */
export function nullable(term: Prisma.Sql) {
  nullableTerms.add(term);
  return term;
}

/** One ORDER BY term in `direction`, NULLs placed as SQLite places them on both engines. */
export function sortTerm(term: Prisma.Sql, direction: "asc" | "desc") {
  const nulls = nullableTerms.has(term) ? engine.nullsPlaced(direction) : "";
  return Prisma.sql`${term} ${Prisma.raw(direction.toUpperCase() + nulls)}`;
}
