import { Prisma } from "#app/generated/prisma/client.ts";
import { INDEXED, NO_IDS, SCANNED_WHEN_SHORT, SHORT_TERM, indexedColumns, likeAny, wordStart, type SearchIndex, type SqlDialect } from "./port.ts";

/**
 * FTS5 tables kept by triggers (see the migrations), rowid = the row's id: trigram ones match 3+ characters anywhere.
 * Organisations have none: they are about one per 40 people (2,500 at the scale of 100,000), and scanning their names
 * costs less than keeping a copy of them on every write.
 */
const TRIGRAMS: Partial<Record<SearchIndex, string>> = {
  people: "UserSearch",
  publicPeople: "UserSearch",
  personNames: "UserSearch",
  bookingTopics: "BookingSearch",
  reviews: "ReviewSearch",
  outbox: "OutboxSearch",
  queries: "CustomerQuerySearch",
  audit: "AuditSearch",
};
const quoted = (term: string) => `"${term.replaceAll('"', '""')}"`;

/** An FTS5 query's ids. */
function ftsIds(table: string, query: string, columns: string[] | null) {
  const fts = Prisma.raw(`"${table}"`);
  const match = columns ? `{${columns.join(" ")}} : ${query}` : query;
  return Prisma.sql`SELECT rowid AS id FROM ${fts} WHERE ${fts} MATCH ${match}`;
}

export const sqlite: SqlDialect = {
  matchIds(index, term) {
    const { table, columns } = INDEXED[index];
    const someColumns = index === "publicPeople" || index === "personNames" ? columns : null;
    const scanned = () => Prisma.sql`SELECT x.id FROM ${Prisma.raw(`"${table}"`)} x WHERE ${likeAny(indexedColumns(index), term, "LIKE")}`;
    const trigrams = TRIGRAMS[index];
    if (!trigrams) return term ? scanned() : NO_IDS;
    if (term.length >= SHORT_TERM) return ftsIds(trigrams, quoted(term), someColumns);
    if (index === "people" || index === "publicPeople") {
      // The start of a word of the person's columns ("jo": John Okafor, joy@…), from the prefix index "UserWords".
      const start = wordStart(term);
      return start ? ftsIds("UserWords", `${quoted(start)}*`, someColumns) : NO_IDS;
    }
    if (!SCANNED_WHEN_SHORT.has(index) || !term) return NO_IDS;
    return scanned();
  },
  // LIKE finds what the trigram index finds for 3+ characters of ASCII (both fold only its letters' case), and what the
  // scan of a short term finds; a person's word start or a non-ASCII term only the index tells.
  rowTest(index, term) {
    const likeFindsTheSame = !TRIGRAMS[index] || (term.length >= SHORT_TERM ? /^[\x20-\x7e]*$/.test(term) : SCANNED_WHEN_SHORT.has(index) && term !== "");
    return likeFindsTheSame ? likeAny(indexedColumns(index), term, "LIKE") : null;
  },
  // A CROSS JOIN keeps its tables' order on SQLite: the matches are read first.
  eachMatch: (matches, rows, limit) => Prisma.sql`SELECT ${rows.id} AS id FROM (${matches}) m CROSS JOIN ${rows.from} ${rows.where} LIMIT ${limit}`,
  unindexed: (column) => Prisma.sql`+${column}`,
  caseless: (column) => Prisma.sql`${column} COLLATE NOCASE`,
  like: "LIKE",
  nullsPlaced: () => "",
  endsAfter: (start, minutes, at) => Prisma.sql`(julianday(${start}) + ${minutes} / 1440.0) > julianday(${at.toISOString()})`,
  isoText: (column) => column,
  jsonRows: (columns) => Prisma.sql`json_group_array(json_array(${Prisma.join(columns)}))`,
};
