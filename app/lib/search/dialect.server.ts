import { Prisma } from "#app/generated/prisma/client.ts";
import { dialect } from "../dialect.server.ts";
import { INDEXED, likeAnywhere, SCANNED_WHEN_SHORT, SHORT_TERM, type SearchIndex } from "./port.ts";
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

/** Whether LIKE finds exactly what the index finds: 3+ characters (trigrams), both ignoring the case of ASCII letters only. */
const likeFindsTheSame = (term: string) => term.length >= SHORT_TERM && /^[\x20-\x7e]*$/.test(term);

/**
 * A search condition of a list (a `Condition` of list.server.ts): `column` holds the id of a row of `index`'s table that
 * `term` matches. Collected, the index hands over every match; walked, each row looks its own match up (`column`'s row,
 * tested with LIKE on the indexed columns, where LIKE finds what the index finds), so no match is gathered at all.
 */
export const matching = (column: Prisma.Sql, index: SearchIndex, term: string) => (walk: boolean) => {
  if (!walk) return Prisma.sql`${column} IN (${matchIds(index, term)})`;
  if (!likeFindsTheSame(term) && !SCANNED_WHEN_SHORT.has(index)) return Prisma.sql`${engine.unindexed(column)} IN (${matchIds(index, term)})`;
  const { table, columns } = INDEXED[index];
  const text = containsAny(columns.map((name) => Prisma.raw(`x."${name}"`)), term);
  return Prisma.sql`EXISTS (SELECT 1 FROM ${Prisma.raw(`"${table}"`)} x WHERE x.id = ${column} AND ${text})`;
};

/** Any of several conditions, each collected or walked alike. */
export const anyOf =
  (...conditions: Array<Prisma.Sql | ((walk: boolean) => Prisma.Sql)>) =>
  (walk: boolean) =>
    Prisma.sql`(${Prisma.join(conditions.map((condition) => (typeof condition === "function" ? condition(walk) : condition)), " OR ")})`;

export const caseless = engine.caseless;
export const unindexed = engine.unindexed;
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
