import { Prisma } from "#app/generated/prisma/client.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { containsAny, containsText } from "#app/lib/sql.server.ts";
import { isAdmin } from "./policy.ts";

/**
 * "Contains" searches that stay fast at scale on both engines:
 * - SQLite: FTS5 trigram tables kept by triggers ("UserSearch", "BookingSearch", "ReviewSearch"; rowid = the row's
 *   id) for 3+ characters; below that a LIKE scan (a trigram index cannot match shorter terms).
 * - PostgreSQL: ILIKE on the columns themselves, answered by their pg_trgm GIN indexes.
 */
const ftsTables = dialect === "sqlite";

/** A quoted FTS5 phrase, optionally limited to some columns of the FTS table. */
function ftsMatch(table: string, term: string, columns?: string[]) {
  const phrase = `"${term.replaceAll('"', '""')}"`;
  const fts = Prisma.raw(`"${table}"`);
  return Prisma.sql`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${columns ? `{${columns.join(" ")}} : ${phrase}` : phrase}`;
}

function peopleMatching(alias: Prisma.Sql, term: string, columns: Array<"name" | "email" | "organisation">) {
  if (ftsTables && term.length >= 3) return Prisma.sql`${alias}.id IN (${ftsMatch("UserSearch", term, columns.length < 3 ? columns : undefined)})`;
  return containsAny(columns.map((column) => Prisma.sql`${alias}.${Prisma.raw(column)}`), term);
}

/** The support team's people search, over name, e-mail and organisation of the person aliased `alias`. */
export function peopleSearch(term: string, alias = Prisma.raw("u")) {
  return peopleMatching(alias, term, ["name", "email", "organisation"]);
}

/**
 * The rows whose person column (`b."userId"`, `p."guideId"`…) points at someone the support team's search finds:
 * a condition on the listed table itself, answered through that column's index, with no join.
 */
export function personMatches(personColumn: Prisma.Sql, term: string) {
  if (ftsTables && term.length >= 3) return Prisma.sql`${personColumn} IN (${ftsMatch("UserSearch", term)})`;
  return Prisma.sql`${personColumn} IN (SELECT x.id FROM "User" x WHERE ${peopleSearch(term, Prisma.raw("x"))})`;
}

/** Rows whose text `column` contains `term`; `table` is its FTS5 table on SQLite (rowid = the row's id in `idColumn`). */
export function textMatches({ idColumn, table, column }: { idColumn: Prisma.Sql; table: string; column: Prisma.Sql }, term: string) {
  if (ftsTables && term.length >= 3) return Prisma.sql`${idColumn} IN (${ftsMatch(table, term)})`;
  return containsText(column, term);
}

/** People search for everyone else: name and organisation only, so an e-mail address never finds anybody. */
export function publicPeopleSearch(term: string, alias = Prisma.raw("u")) {
  return peopleMatching(alias, term, ["name", "organisation"]);
}

/** The people search `actor` may use: e-mail addresses are searchable for admins only. */
export const peopleSearchFor = (actor: SessionUser, term: string, alias = Prisma.raw("u")) =>
  isAdmin(actor) ? peopleSearch(term, alias) : publicPeopleSearch(term, alias);
