import { Prisma } from "#app/generated/prisma/client.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { ALL_ROWS } from "#app/lib/list.server.ts";
import { containsAny, existsPerRow, inSubquery, unindexed, type SearchPlan } from "#app/lib/sql.server.ts";
import { keptPeople, type PeopleIndex } from "./kept-people.server.ts";

/**
 * Searches that stay fast at scale, on both engines, through an index for every term:
 * - 3+ characters match anywhere ("contains"): SQLite's FTS5 trigram tables ("UserSearch", "BookingSearch",
 *   "ReviewSearch", "OutboxSearch", "CustomerQuerySearch"; rowid = the row's id; kept by triggers), PostgreSQL's pg_trgm
 *   indexes on the columns.
 * - 1–2 characters match the start of a word of a person's name, e-mail or organisation ("jo" finds John Okafor
 *   and joy@…): SQLite's FTS5 prefix index ("UserWords"), PostgreSQL's full-text index. Matching two letters
 *   anywhere would find nearly everybody, and no index can answer it; longer texts (topics, reviews) need 3+.
 * On SQLite the thousands of people a term may find are kept on the connection (`peopleTerm`, kept-people.server.ts).
 */
const sqlite = dialect === "sqlite";
/** The shortest term the trigram indexes answer (shorter ones match word starts, or are read in list order). */
export const SHORT_TERM = 3;
type PersonColumn = "name" | "email" | "organisation";
/** Who searches: the support team's searches read e-mail addresses too, everyone else's never. */
type Reader = "support" | "public";
const COLUMNS: Record<Reader, PersonColumn[]> = { support: ["name", "email", "organisation"], public: ["name", "organisation"] };
const NOTHING = Prisma.sql`1 = 0`;

/** An FTS5 query limited to some of its table's columns (all of them without `columns`). */
const inColumns = (query: string, columns?: PersonColumn[]) => (columns ? `{${columns.join(" ")}} : ${query}` : query);

/** An FTS5 table's MATCH of `phrase` (quoted), optionally limited to some of its columns. */
function ftsCondition(table: string, query: string, columns?: PersonColumn[]) {
  const fts = Prisma.raw(`"${table}"`);
  return { fts, condition: Prisma.sql`${fts} MATCH ${inColumns(query, columns)}` };
}

/** The ids an FTS5 query matches (see `ftsCondition`). */
function ftsMatch(table: string, query: string, columns?: PersonColumn[]) {
  const { fts, condition } = ftsCondition(table, query, columns);
  return Prisma.sql`SELECT rowid FROM ${fts} WHERE ${condition}`;
}
const quoted = (term: string) => `"${term.replaceAll('"', '""')}"`;

/** The letters and digits of a short term: what a word must start with (nothing when it has none). */
const wordStart = (term: string) => term.match(/[\p{L}\p{N}]+/gu)?.join("") ?? "";

/** PostgreSQL's text of a person's searchable words, exactly as its full-text indexes spell it (see the migrations). */
function personWords(alias: Prisma.Sql, columns: PersonColumn[]) {
  const text = Prisma.join(columns.map((column) => Prisma.sql`coalesce(${alias}.${Prisma.raw(column)}, '')`), ` || ' ' || `);
  return Prisma.sql`to_tsvector('simple'::regconfig, ${text})`;
}

/** SQLite: the people index and query that find `term` (3+ characters anywhere, shorter at a word's start), or null. */
function peopleIndexQuery(term: string): [table: PeopleIndex, query: string] | null {
  if (term.length >= SHORT_TERM) return ["UserSearch", quoted(term)];
  const start = wordStart(term);
  return start ? ["UserWords", `${quoted(start)}*`] : null;
}

/** The columns of the people index a reader's search reads (undefined: all of them). */
const indexColumns = (reader: Reader) => (reader === "support" ? undefined : COLUMNS[reader]);

/**
 * A list's search term as the people searches read it. On SQLite it brings the people it finds for one reader, kept
 * on the connection (kept-people.server.ts): a table with one `id` per person.
 */
export type PeopleTerm = { text: string; kept?: { reader: Reader; table: Prisma.Sql } };

/** The term a list's people searches read (see `PeopleTerm`), for the support team unless `reader` says otherwise. */
export async function peopleTerm(text: string, reader: Reader = "support"): Promise<PeopleTerm> {
  const index = sqlite ? peopleIndexQuery(text) : null;
  if (!index) return { text };
  return { text, kept: { reader, table: await keptPeople(index[0], inColumns(index[1], indexColumns(reader))) } };
}

/** The kept table of the people a term finds for `reader`, or null when they are read from the index. */
function keptTable(term: PeopleTerm, reader: Reader) {
  return term.kept?.reader === reader ? term.kept.table : null;
}

/** SQLite: the ids of the people a reader's search finds (kept, or from the FTS tables), or nothing to match. */
function ftsPeople(term: PeopleTerm, reader: Reader) {
  const kept = keptTable(term, reader);
  // Its key is the id, so SQLite looks ids up in the table itself (rowid, as the FTS tables name theirs).
  if (kept) return Prisma.sql`SELECT rowid FROM ${kept}`;
  const index = peopleIndexQuery(term.text);
  return index ? ftsMatch(...index, indexColumns(reader)) : null;
}

/** SQLite: a row's id column, tested against a list of ids through its index ("collect") or row by row (walking). */
const idTest = (column: Prisma.Sql, plan: SearchPlan) => (plan === "collect" ? column : unindexed(column));

/** Whether LIKE finds exactly what the trigram index finds: both ignore the case of ASCII letters, only FTS5 that of others. */
const likeMatchesAsFtsDoes = (term: string) => /^[\x20-\x7e]*$/.test(term);

/**
 * SQLite: whether one person (aliased `alias`) is found, tested on their own columns with LIKE, for a term long
 * enough for the trigram index when LIKE finds what it finds; null when only the index can answer. For a few people
 * (one, or each row of a list of few rows) this costs a fraction of what the index does: "grace" finds 8,500 people,
 * and even asking it about one id reads its matches (2 ms against 0.02).
 */
function personTestedAlone(alias: Prisma.Sql, term: string, columns: PersonColumn[]) {
  if (!sqlite || term.length < SHORT_TERM || !likeMatchesAsFtsDoes(term)) return null;
  return containsAny(columns.map((column) => Prisma.sql`${alias}.${Prisma.raw(column)}`), term);
}

function peopleMatching(alias: Prisma.Sql, term: PeopleTerm, reader: Reader, plan: SearchPlan) {
  const columns = COLUMNS[reader];
  // Kept people are looked up by id, a fraction of what LIKE costs on each of a few thousand rows.
  const alone = plan === "few" && !keptTable(term, reader) && personTestedAlone(alias, term.text, columns);
  if (alone) return alone;
  if (sqlite) {
    const ids = ftsPeople(term, reader);
    return ids ? Prisma.sql`${idTest(Prisma.sql`${alias}.id`, plan)} IN (${ids})` : NOTHING;
  }
  if (term.text.length >= SHORT_TERM) return containsAny(columns.map((column) => Prisma.sql`${alias}.${Prisma.raw(column)}`), term.text);
  const start = wordStart(term.text);
  if (!start) return NOTHING;
  return Prisma.sql`${personWords(alias, columns)} @@ to_tsquery('simple'::regconfig, ${`${start.toLowerCase()}:*`})`;
}

/**
 * SQLite: the rows of a list of people (`from`, the person aliased u, and its `where`) that the support team's search
 * for `term` finds, as `pageOf`'s `searchRows`: read from the people index (or the term's kept people) one match
 * at a time, each looked up in the
 * list by id, so the count stops at its cap, where the list's own count gathers every match before it counts
 * ("grace": 8,500 people, 10 ms against 2–4). Undefined on PostgreSQL, and when the term can match no one: the list
 * counts as usual.
 */
export function peopleSearchRows(term: PeopleTerm, from: Prisma.Sql, where: Prisma.Sql[]) {
  const kept = keptTable(term, "support");
  if (kept) return Prisma.sql`FROM ${kept} found CROSS JOIN ${from} WHERE ${Prisma.join([Prisma.sql`u.id = found.id`, ...where], " AND ")}`;
  const index = sqlite ? peopleIndexQuery(term.text) : null;
  if (!index) return undefined;
  const { fts, condition } = ftsCondition(...index);
  // CROSS JOIN keeps the index's matches as the outer loop.
  return Prisma.sql`FROM ${fts} CROSS JOIN ${from} WHERE ${Prisma.join([condition, Prisma.sql`u.id = ${fts}.rowid`, ...where], " AND ")}`;
}

/** How many of the people a term finds a cap probe reads at most. */
const PROBED_PEOPLE = 2000;

/**
 * `pageOf`'s cap probes for a whole list whose rows point at people (every booking, payment or review; the list's
 * `where` limits nothing), searched by the support team: for each person column, the rows of the first people the
 * index matches, each found through that column's index. A short term finds thousands of people ("an": 10,600) whose
 * rows pass the cap after the first few (SQLite 0.4 ms, PostgreSQL 9), where counting the search gathers every match
 * first (14 ms for the bookings; 100 on PostgreSQL). At most PROBED_PEOPLE are read, so a term whose people have few
 * rows costs little before the count goes on as usual. None for a filtered list (one payment status…): a probe would
 * then read every row of those people to test the filter (50 ms for failed bookings), nor when the term can match no one.
 */
export function personIndexProbes(term: PeopleTerm, from: Prisma.Sql, where: Prisma.Sql[], personColumns: Prisma.Sql[]) {
  if (where.some((condition) => condition !== ALL_ROWS)) return [];
  const limit = Prisma.raw(String(PROBED_PEOPLE));
  if (sqlite) {
    const ids = ftsPeople(term, "support");
    if (!ids) return [];
    // CROSS JOIN keeps the people as the outer loop; each finds their rows through the person column's index.
    return personColumns.map((column) => Prisma.sql`FROM (${ids} LIMIT ${limit}) found CROSS JOIN ${from} WHERE ${column} = found.rowid`);
  }
  const found = peopleMatching(Prisma.raw("x"), term, "support", "collect");
  if (found === NOTHING) return [];
  // A LATERAL subquery behind an OFFSET 0 fence (never merged into a join): PostgreSQL keeps the people as the outer
  // loop too, whatever it guesses of how many rows each has.
  const people = Prisma.sql`(SELECT x.id FROM "User" x WHERE ${found} LIMIT ${limit}) found`;
  return personColumns.map((column) => Prisma.sql`FROM ${people} CROSS JOIN LATERAL (SELECT 1 FROM ${from} WHERE ${column} = found.id OFFSET 0) rows`);
}

/** The support team's people search, over name, e-mail and organisation of the person aliased `alias`. */
export function peopleSearch(term: PeopleTerm, alias = Prisma.raw("u"), plan: SearchPlan = "collect") {
  return peopleMatching(alias, term, "support", plan);
}

/**
 * The rows whose person column (`b."userId"`, `p."guideId"`…) points at someone the support team's search finds
 * (`reader` "public": the search of everyone else, which never reads e-mail addresses): a condition on the listed
 * table itself, answered on SQLite from the people index's ids with no join. `person` may instead be the one id
 * every row of the list has in that column (a guide's own bookings, one mentee's tab, see `partiesOf`): then it
 * asks once whether that person is found, rather than gathering everyone the term finds ("grace": 8,500 people) to
 * test each row against. That one person, and each row's person in a list of few rows, is tested on their own
 * columns where LIKE can answer (`personTestedAlone`).
 */
export function personMatches(person: Prisma.Sql | number, term: PeopleTerm, plan: SearchPlan = "collect", reader: Reader = "support") {
  const alone = (typeof person === "number" || plan === "few") && !keptTable(term, reader) && personTestedAlone(Prisma.raw("x"), term.text, COLUMNS[reader]);
  if (alone) return existsPerRow(Prisma.sql`FROM "User" x WHERE x.id = ${person} AND ${alone}`);
  if (sqlite) {
    const ids = ftsPeople(term, reader);
    if (!ids) return NOTHING;
    if (typeof person !== "number") return Prisma.sql`${idTest(person, plan)} IN (${ids})`;
    // One id: looked up in the kept table, or asked of the index with the match (IN would gather every match first).
    const kept = keptTable(term, reader);
    return kept ? Prisma.sql`EXISTS (SELECT 1 FROM ${kept} WHERE id = ${person})` : Prisma.sql`EXISTS (${ids} AND rowid = ${person})`;
  }
  const found = peopleMatching(Prisma.raw("x"), term, reader, "collect");
  if (typeof person === "number") return Prisma.sql`EXISTS (SELECT 1 FROM "User" x WHERE x.id = ${person} AND ${found})`;
  // PostgreSQL, walking: each row looks its person up and tests them, rather than gathering every person matched first.
  if (plan !== "collect") return existsPerRow(Prisma.sql`FROM "User" x WHERE x.id = ${person} AND ${found}`);
  return inSubquery(person, Prisma.sql`SELECT x.id FROM "User" x WHERE ${found}`);
}

/**
 * A search over both people of a record (bookings, payments, reviews): its mentee's column or guide's column points
 * at someone found. A side the list is narrowed to one person on is asked about that person once (`personMatches`).
 */
export function partiesMatch(columns: { user: Prisma.Sql; guide: Prisma.Sql }, only: { user?: number; guide?: number }, term: PeopleTerm, plan: SearchPlan) {
  return Prisma.sql`${personMatches(only.user ?? columns.user, term, plan)} OR ${personMatches(only.guide ?? columns.guide, term, plan)}`;
}

type TextTarget = { idColumn: Prisma.Sql; table: string; column: Prisma.Sql | Prisma.Sql[] };
const columnsOf = ({ column }: TextTarget) => (Array.isArray(column) ? column : [column]);

/**
 * Rows whose text `column` (or any of several) contains `term` (3+ characters; shorter terms match no text);
 * `table` is their FTS5 table on SQLite (rowid = the row's id in `idColumn`). Walking, each row's own text is
 * tested with LIKE (a fraction of a microsecond a row), as long as that finds the same rows.
 */
export function textMatches(target: TextTarget, term: string, plan: SearchPlan = "collect") {
  if (term.length < SHORT_TERM) return NOTHING;
  if (!sqlite || (plan !== "collect" && likeMatchesAsFtsDoes(term))) return containsAny(columnsOf(target), term);
  return Prisma.sql`${idTest(target.idColumn, plan)} IN (${ftsMatch(target.table, quoted(term))})`;
}

/** A list searched on its own text: through `textMatches` from 3 characters, each row's text (LIKE) for a shorter term. */
export function textSearch(target: TextTarget, term: string, plan: SearchPlan) {
  if (term.length >= SHORT_TERM) return textMatches(target, term, plan);
  return containsAny(columnsOf(target), term);
}

/**
 * A text search's matches as `pageOf`'s `searchRows`, for a list of every row of its table: SQLite's FTS5 table
 * alone, which hands its matches over one at a time, so counting a word found in most rows stops at the cap (gathering
 * every match of "verification" among 100k mails took 270 ms, counting the first thousand takes 0.7). Past the cap
 * the list walks in its own order with LIKE (`textMatches`); below it, the few matches are collected.
 */
export function textSearchRows(table: string, term: string) {
  if (!sqlite || term.length < SHORT_TERM) return undefined;
  const { fts, condition } = ftsCondition(table, quoted(term));
  return Prisma.sql`FROM ${fts} WHERE ${condition}`;
}

/**
 * Rows whose booking (`bookingColumn`, e.g. p."bookingId") has a topic containing `term`, optionally only among the
 * bookings `bookingScope` allows (a condition on the booking, aliased x). Collecting, the topic index finds the
 * bookings and the listed table's index their rows; walking, each row looks up its own booking.
 */
export function bookingTopicMatches(bookingColumn: Prisma.Sql, term: string, plan: SearchPlan, bookingScope?: Prisma.Sql) {
  const topic = textMatches({ idColumn: Prisma.sql`x.id`, table: "BookingSearch", column: Prisma.sql`x.topic` }, term, plan);
  const booking = bookingScope ? Prisma.sql`${bookingScope} AND ${topic}` : topic;
  return plan !== "collect"
    ? existsPerRow(Prisma.sql`FROM "Booking" x WHERE x.id = ${bookingColumn} AND ${booking}`)
    : inSubquery(bookingColumn, Prisma.sql`SELECT x.id FROM "Booking" x WHERE ${booking}`);
}
