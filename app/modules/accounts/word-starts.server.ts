import { Prisma } from "#app/generated/prisma/client.ts";
import { onSqliteConnection } from "#app/lib/db.server.ts";
import type { KeptStatements } from "#app/lib/sqlite-reads.server.ts";

/**
 * SQLite: the people a search of one or two letters finds, kept on the connection.
 *
 * Such a term finds thousands of people ("an": 10,600 of 100,000). A statement asking `id IN (SELECT rowid FROM
 * "UserWords" WHERE … MATCH …)` reads them all from the index and sorts them into a list of its own, about 2 ms, and a
 * list page asks twice or more (its count and its page; a booking's mentee and its guide). Here each short term's
 * people are written once into a temporary table of the connection whose key is the person's id, and the statements
 * ask that table instead: SQLite looks each id up in it (USING ROWID SEARCH … FOR IN-OPERATOR), with nothing to build.
 *
 * The people are current: the "UserWordsGeneration" row gets a new value whenever anyone's words change (triggers, for
 * every connection; see its migration), and a term is read again once the value differs from the one it was read at.
 * Each step runs in a turn of its own on the connection (`onSqliteConnection`), so no other request ever sees a table
 * half written: a statement sees the people as they were or as they are. A term unused for a while is dropped.
 */

/** How long a term's people are kept unused before their table is dropped. */
const IDLE_MS = 10 * 60_000;

type KeptTerm = { table: string; generation: string; usedAt: number };

/** What each connection keeps, by FTS5 query (a new connection starts with no temporary tables). */
const keptBy = new WeakMap<KeptStatements["statement"], Map<string, KeptTerm>>();

/** The temporary table of one FTS5 query: its name spelled in hex, so any term makes a valid name. */
const tableOf = (query: string) => `temp."WordStarts_${Buffer.from(query).toString("hex")}"`;

/**
 * The table (as SQL, holding one `id` per person) of the people `query` (an FTS5 query of "UserWords") finds, written
 * or brought up to date first.
 */
export async function keptWordStarts(query: string): Promise<Prisma.Sql> {
  const table = await onSqliteConnection((statement) => {
    let kept = keptBy.get(statement);
    if (!kept) keptBy.set(statement, (kept = new Map()));
    const now = Date.now();
    for (const [other, term] of kept) {
      if (other !== query && now - term.usedAt > IDLE_MS) {
        statement(`DROP TABLE IF EXISTS ${term.table}`).run();
        kept.delete(other);
      }
    }
    // The generation first: people who change after it was read are read again next time.
    const { generation } = statement(`SELECT generation FROM "UserWordsGeneration" WHERE id = 1`).get() as { generation: string };
    const term = kept.get(query);
    if (term?.generation === generation) {
      term.usedAt = now;
      return term.table;
    }
    const name = tableOf(query);
    statement(`CREATE TEMP TABLE IF NOT EXISTS ${name} (id INTEGER PRIMARY KEY)`).run();
    statement(`DELETE FROM ${name}`).run();
    statement(`INSERT INTO ${name} (id) SELECT rowid FROM "UserWords" WHERE "UserWords" MATCH ?`).run(query);
    kept.set(query, { table: name, generation, usedAt: now });
    return name;
  });
  return Prisma.raw(table);
}
