import { Prisma } from "#app/generated/prisma/client.ts";

/**
 * What a list searches, each through an index of its engine: people (name, e-mail, organisation; "publicPeople"
 * leaves out the e-mail, which only the support team searches; "personNames" is their name alone, what a sponsor
 * searches its pastors by), booking topics, review texts, the outbox (recipient,
 * subject), customer queries (name, e-mail, subject, message), the audit log (record label, actor name) and
 * organisations (name).
 */
export type SearchIndex = "people" | "publicPeople" | "personNames" | "bookingTopics" | "reviews" | "outbox" | "queries" | "audit" | "organisations";

/** The table of each index's rows (its ids are theirs) and the columns it matches. */
export const INDEXED: Record<SearchIndex, { table: string; columns: string[] }> = {
  people: { table: "User", columns: ["name", "email", "organisation"] },
  publicPeople: { table: "User", columns: ["name", "organisation"] },
  personNames: { table: "User", columns: ["name"] },
  bookingTopics: { table: "Booking", columns: ["topic"] },
  reviews: { table: "Review", columns: ["content"] },
  outbox: { table: "OutboxMail", columns: ["to", "subject"] },
  queries: { table: "CustomerQuery", columns: ["name", "email", "subject", "message"] },
  audit: { table: "AuditEntry", columns: ["recordLabel", "actorName"] },
  organisations: { table: "Organisation", columns: ["name"] },
};

/** The shortest term matched anywhere (trigrams); a shorter one matches the start of a person's word, or is scanned for. */
export const SHORT_TERM = 3;

/**
 * A short term over texts: topics and review texts need 3+ characters; the outbox, queries, audit log and organisations
 * scan their own text, and so does a name alone (anywhere in it, as a longer term: a list of a sponsor's pastors tests
 * each one's).
 */
export const SCANNED_WHEN_SHORT: ReadonlySet<SearchIndex> = new Set(["outbox", "queries", "audit", "organisations", "personNames"]);

/** The letters and digits of a short term: what a person's word must start with (nothing when it has none). */
export const wordStart = (term: string) => term.match(/[\p{L}\p{N}]+/gu)?.join("") ?? "";

/** A LIKE pattern matching `term` anywhere, with LIKE's wildcards escaped (ESCAPE '\'). */
export const likeAnywhere = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `term` anywhere in any of `columns`, ignoring case as `like` does (LIKE: ASCII letters; ILIKE: any letter). */
export function likeAny(columns: Prisma.Sql[], term: string, like: "LIKE" | "ILIKE") {
  return Prisma.sql`(${Prisma.join(columns.map((column) => Prisma.sql`${column} ${Prisma.raw(like)} ${likeAnywhere(term)} ESCAPE '\\'`), " OR ")})`;
}

/** The indexed columns of `index`'s row `x`. */
export const indexedColumns = (index: SearchIndex) => INDEXED[index].columns.map((name) => Prisma.raw(`x."${name}"`));

/** The subquery of a term that can match nothing. */
export const NO_IDS = Prisma.sql`SELECT 0 AS id WHERE 1 = 0`;

/** What SQLite and PostgreSQL spell differently: one implementation each (sqlite.server.ts, postgres.server.ts). */
export type SqlDialect = {
  /**
   * A subquery of the ids (column `id`) of every row of `index`'s table that `term` matches (NO_IDS when it can match
   * nothing), all of them, so a list narrowed to one person's rows misses none. Lists write `matching(b."userId", "people", term)`.
   */
  matchIds(index: SearchIndex, term: string): Prisma.Sql;
  /**
   * A test of one row `x` of `index`'s table, true exactly when `matchIds` hands over its id, so a list read in its order
   * tests each row's own match instead of gathering every match first; null where only the index can tell.
   */
  rowTest(index: SearchIndex, term: string): Prisma.Sql | null;
  /**
   * The ids (column `id`) of at most `limit` rows that `rows` finds for each match `m.id` of the subquery `matches`,
   * reading the matches first and looking each one's rows up (`rows.where` compares a column with `m.id`).
   */
  eachMatch(matches: Prisma.Sql, rows: { id: Prisma.Sql; from: Prisma.Sql; where: Prisma.Sql }, limit: Prisma.Sql): Prisma.Sql;
  /** A column no index may answer a condition on, so the row is tested as the query reads it (SQLite: `+column`). */
  unindexed(column: Prisma.Sql): Prisma.Sql;
  /** A text column compared and sorted without regard to case (indexed so by the migrations). */
  caseless(column: Prisma.Sql): Prisma.Sql;
  /** LIKE that ignores case (ASCII on SQLite, any letter on PostgreSQL). */
  like: "LIKE" | "ILIKE";
  /** How an ORDER BY term that may be NULL places them, NULLs first going up and last going down on both engines. */
  nullsPlaced(direction: "asc" | "desc"): string;
  /** `start + minutes > at`, in the engine's date arithmetic. */
  endsAfter(start: Prisma.Sql, minutes: Prisma.Sql, at: Date): Prisma.Sql;
  /** A DateTime column as ISO-8601 text, which sorts beside a 'YYYY-MM-DD' day (see Review_shownDate_idx). */
  isoText(column: Prisma.Sql): Prisma.Sql;
  /** One JSON array holding an array of `columns` per row (read it with `jsonOf`). */
  jsonRows(columns: Prisma.Sql[]): Prisma.Sql;
};
