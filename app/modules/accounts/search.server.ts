import { Prisma } from "#app/generated/prisma/client.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { SEARCH_TOTAL_CAP } from "#app/lib/list.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { containsAny, inSubquery } from "#app/lib/sql.server.ts";
import { isAdmin } from "./policy.ts";

/**
 * Searches that stay fast at scale, on both engines, through an index for every term:
 * - 3+ characters match anywhere ("contains"): SQLite's FTS5 trigram tables ("UserSearch", "BookingSearch",
 *   "ReviewSearch", "OutboxSearch"; rowid = the row's id; kept by triggers), PostgreSQL's pg_trgm indexes on the columns.
 * - 1–2 characters match the start of a word of a person's name, e-mail or organisation ("jo" finds John Okafor
 *   and joy@…): SQLite's FTS5 prefix index ("UserWords"), PostgreSQL's full-text index. Matching two letters
 *   anywhere would find nearly everybody, and no index can answer it; longer texts (topics, reviews) need 3+.
 */
const sqlite = dialect === "sqlite";
/** The shortest term the trigram indexes answer (shorter ones match word starts, or are read in list order). */
export const SHORT_TERM = 3;
type PersonColumn = "name" | "email" | "organisation";
const NOTHING = Prisma.sql`1 = 0`;

/** An FTS5 query for `phrase` (quoted), optionally limited to some columns of the FTS table. */
function ftsMatch(table: string, query: string, columns?: PersonColumn[]) {
  const fts = Prisma.raw(`"${table}"`);
  return Prisma.sql`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${columns ? `{${columns.join(" ")}} : ${query}` : query}`;
}
const quoted = (term: string) => `"${term.replaceAll('"', '""')}"`;

/** The letters and digits of a short term: what a word must start with (nothing when it has none). */
const wordStart = (term: string) => term.match(/[\p{L}\p{N}]+/gu)?.join("") ?? "";

/** PostgreSQL's text of a person's searchable words, exactly as its full-text indexes spell it (see the migrations). */
function personWords(alias: Prisma.Sql, columns: PersonColumn[]) {
  const text = Prisma.join(columns.map((column) => Prisma.sql`coalesce(${alias}.${Prisma.raw(column)}, '')`), ` || ' ' || `);
  return Prisma.sql`to_tsvector('simple'::regconfig, ${text})`;
}

/** SQLite: the ids of the people the FTS tables match (in `columns` only, when given), or nothing to match. */
function ftsPeople(term: string, columns?: PersonColumn[]) {
  if (term.length >= SHORT_TERM) return ftsMatch("UserSearch", quoted(term), columns);
  const start = wordStart(term);
  return start ? ftsMatch("UserWords", `${quoted(start)}*`, columns) : null;
}

function peopleMatching(alias: Prisma.Sql, term: string, columns: PersonColumn[]) {
  if (sqlite) {
    const ids = ftsPeople(term, columns.length < 3 ? columns : undefined);
    return ids ? Prisma.sql`${alias}.id IN (${ids})` : NOTHING;
  }
  if (term.length >= SHORT_TERM) return containsAny(columns.map((column) => Prisma.sql`${alias}.${Prisma.raw(column)}`), term);
  const start = wordStart(term);
  if (!start) return NOTHING;
  return Prisma.sql`${personWords(alias, columns)} @@ to_tsquery('simple'::regconfig, ${`${start.toLowerCase()}:*`})`;
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
  if (sqlite) {
    const ids = ftsPeople(term);
    return ids ? Prisma.sql`${personColumn} IN (${ids})` : NOTHING;
  }
  return inSubquery(personColumn, Prisma.sql`SELECT x.id FROM "User" x WHERE ${peopleSearch(term, Prisma.raw("x"))}`);
}

/**
 * Rows whose text `column` (or any of several) contains `term` (3+ characters; shorter terms match no text);
 * `table` is their FTS5 table on SQLite (rowid = the row's id in `idColumn`).
 */
export function textMatches({ idColumn, table, column }: { idColumn: Prisma.Sql; table: string; column: Prisma.Sql | Prisma.Sql[] }, term: string) {
  if (term.length < SHORT_TERM) return NOTHING;
  if (sqlite) return Prisma.sql`${idColumn} IN (${ftsMatch(table, quoted(term))})`;
  return containsAny(Array.isArray(column) ? column : [column], term);
}

/**
 * Like `textMatches`, for a list read in id order (`order`) that counts a search's matches up to
 * SEARCH_TOTAL_CAP only: on SQLite the FTS5 table hands over its matches in rowid order and stops after the
 * first SEARCH_TOTAL_CAP + 1, so a term found in nearly every row costs as little as a rare one (materialising
 * every match of "verification" among 100k rows took 270 ms; the first thousand, 1.5 ms).
 */
export function firstTextMatches(target: { idColumn: Prisma.Sql; table: string; column: Prisma.Sql | Prisma.Sql[] }, term: string, order: "asc" | "desc") {
  if (!sqlite || term.length < SHORT_TERM) return textMatches(target, term);
  const direction = Prisma.raw(order === "asc" ? "ASC" : "DESC");
  return Prisma.sql`${target.idColumn} IN (${ftsMatch(target.table, quoted(term))} ORDER BY rowid ${direction} LIMIT ${SEARCH_TOTAL_CAP + 1})`;
}

/** People search for everyone else: name and organisation only, so an e-mail address never finds anybody. */
export function publicPeopleSearch(term: string, alias = Prisma.raw("u")) {
  return peopleMatching(alias, term, ["name", "organisation"]);
}

/** The people search `actor` may use: e-mail addresses are searchable for admins only. */
export const peopleSearchFor = (actor: SessionUser, term: string, alias = Prisma.raw("u")) =>
  isAdmin(actor) ? peopleSearch(term, alias) : publicPeopleSearch(term, alias);
