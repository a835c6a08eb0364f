import { Prisma } from "#app/generated/prisma/client.ts";
import { INDEXED, NO_IDS, SCANNED_WHEN_SHORT, SHORT_TERM, likeAnywhere, wordStart, type SqlDialect } from "./port.ts";

const quotedColumn = (name: string) => Prisma.raw(`x."${name}"`);

/** A person's words exactly as the full-text indexes User_words_idx and User_public_words_idx spell them (migrations). */
function personWords(columns: string[]) {
  const text = Prisma.join(columns.map((name) => Prisma.sql`coalesce(${quotedColumn(name)}, '')`), ` || ' ' || `);
  return Prisma.sql`to_tsvector('simple'::regconfig, ${text})`;
}

export const postgres: SqlDialect = {
  matchIds(index, term) {
    const { table, columns } = INDEXED[index];
    const from = Prisma.sql`SELECT x.id FROM ${Prisma.raw(`"${table}"`)} x WHERE`;
    const people = index === "people" || index === "publicPeople";
    if (term.length >= SHORT_TERM || (term && SCANNED_WHEN_SHORT.has(index))) {
      // pg_trgm indexes answer ILIKE for 3+ characters; a shorter term of the outbox or the queries is a scan.
      const anyColumn = Prisma.join(columns.map((name) => Prisma.sql`${quotedColumn(name)} ILIKE ${likeAnywhere(term)} ESCAPE '\\'`), " OR ");
      return Prisma.sql`${from} (${anyColumn})`;
    }
    const start = people ? wordStart(term) : "";
    if (!start) return NO_IDS;
    return Prisma.sql`${from} ${personWords(columns)} @@ to_tsquery('simple'::regconfig, ${`${start.toLowerCase()}:*`})`;
  },
  // PostgreSQL plans by its statistics, whichever way the list is read.
  unindexed: (column) => column,
  caseless: (column) => Prisma.sql`lower(${column})`,
  like: "ILIKE",
  nullsPlaced: (direction) => (direction === "asc" ? " NULLS FIRST" : " NULLS LAST"),
  endsAfter: (start, minutes, at) => Prisma.sql`(${start} + ${minutes} * INTERVAL '1 minute') > ${at}`,
  isoText: (column) => Prisma.sql`"isoText"(${column})`,
  jsonRows: (columns) => Prisma.sql`json_agg(json_build_array(${Prisma.join(columns)}))`,
};
