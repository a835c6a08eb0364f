import { Prisma } from "#app/generated/prisma/client.ts";
import { INDEXED, NO_IDS, SCANNED_WHEN_SHORT, SHORT_TERM, indexedColumns, likeAny, wordStart, type SearchIndex, type SqlDialect } from "./port.ts";

/** A person's words exactly as the full-text indexes User_words_idx and User_public_words_idx spell them (migrations). */
function personWords(index: SearchIndex) {
  const text = Prisma.join(indexedColumns(index).map((column) => Prisma.sql`coalesce(${column}, '')`), ` || ' ' || `);
  return Prisma.sql`to_tsvector('simple'::regconfig, ${text})`;
}

/**
 * The test of one row `x` that `term` matches in `index`, on the expressions the indexes are built on (so an index and
 * a row agree): ILIKE anywhere (pg_trgm answers it for 3+ characters; a shorter term of the outbox, the queries or the
 * audit log is a scan), the start of a person's word (the full-text prefix index), or null: nothing can match.
 */
function testOf(index: SearchIndex, term: string) {
  if (term.length >= SHORT_TERM || (term && SCANNED_WHEN_SHORT.has(index))) return likeAny(indexedColumns(index), term, "ILIKE");
  const start = index === "people" || index === "publicPeople" ? wordStart(term) : "";
  return start ? Prisma.sql`${personWords(index)} @@ to_tsquery('simple'::regconfig, ${`${start.toLowerCase()}:*`})` : null;
}

export const postgres: SqlDialect = {
  matchIds(index, term) {
    const test = testOf(index, term);
    return test ? Prisma.sql`SELECT x.id FROM ${Prisma.raw(`"${INDEXED[index].table}"`)} x WHERE ${test}` : NO_IDS;
  },
  rowTest: (index, term) => testOf(index, term) ?? Prisma.sql`FALSE`,
  // The matches are planned on their own for all their rows (OFFSET 0 keeps them out of the join), so they come from
  // their index rather than from a scan of every person the planner expects the LIMIT to stop early (nwosu over the
  // reviews: 72 ms → 11). The LATERAL subquery with its LIMIT looks each match's rows up in turn, as it cannot be
  // folded into a join driven from the list's million rows, and stops where the list stops.
  eachMatch: (matches, rows, limit) =>
    Prisma.sql`SELECT l.id FROM (${matches} OFFSET 0) m CROSS JOIN LATERAL (SELECT ${rows.id} AS id FROM ${rows.from} ${rows.where} LIMIT ${limit}) l LIMIT ${limit}`,
  // PostgreSQL plans by its statistics, whichever way the list is read.
  unindexed: (column) => column,
  caseless: (column) => Prisma.sql`lower(${column})`,
  like: "ILIKE",
  nullsPlaced: (direction) => (direction === "asc" ? " NULLS FIRST" : " NULLS LAST"),
  endsAfter: (start, minutes, at) => Prisma.sql`(${start} + ${minutes} * INTERVAL '1 minute') > ${at}`,
  isoText: (column) => Prisma.sql`"isoText"(${column})`,
  jsonRows: (columns) => Prisma.sql`json_agg(json_build_array(${Prisma.join(columns)}))`,
};
