import { Prisma } from "#app/generated/prisma/client.ts";
import { dialect } from "../dialect.server.ts";
import { INDEXED, likeAny, likeAnywhere, type SearchIndex } from "./port.ts";
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
 * A search condition of a list read in its order: `column` holds the id of a row of `index`'s table that `term` matches,
 * tested on that one row (looked up by id), so no match is gathered at all; where only the index can tell (SQLite's word
 * starts), the column is looked for among the index's matches.
 */
export function matching(column: Prisma.Sql, index: SearchIndex, term: string) {
  const test = engine.rowTest(index, term);
  if (!test) return Prisma.sql`${engine.unindexed(column)} IN (${matchIds(index, term)})`;
  // A scalar subquery, which PostgreSQL evaluates for each row read (an EXISTS it may turn into a hash of every match).
  return Prisma.sql`COALESCE((SELECT ${test} FROM ${Prisma.raw(`"${INDEXED[index].table}"`)} x WHERE x.id = ${column}), FALSE)`;
}

/** Any of several conditions. */
export const anyOf = (...conditions: Prisma.Sql[]) => Prisma.sql`(${Prisma.join(conditions, " OR ")})`;

export const eachMatch = engine.eachMatch;
export const caseless = engine.caseless;
export const unindexed = engine.unindexed;
export const endsAfter = engine.endsAfter;
export const isoText = engine.isoText;
export const jsonRows = engine.jsonRows;

/** A boolean literal (better-sqlite3 cannot bind a boolean parameter). */
export const sqlBool = (value: boolean) => Prisma.raw(value ? "TRUE" : "FALSE");

/** Any of `columns` contains `term`, ignoring case: a scan, for a list of a few rows (one person's). */
export const containsAny = (columns: Prisma.Sql[], term: string) => likeAny(columns, term, engine.like);

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
