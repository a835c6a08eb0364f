import { Prisma } from "#app/generated/prisma/client.ts";
import { onSqliteConnection, type PrepareStatement } from "#app/lib/db.server.ts";

/**
 * SQLite: the people a search finds, kept on the connection.
 *
 * A term can find thousands of people ("an" at the start of a word: 10,600 of 100,000; "grace" anywhere: 8,500). A
 * statement asking `id IN (SELECT rowid FROM "UserWords" WHERE … MATCH …)` reads them all from the index and sorts
 * them into a list of its own, 2–4 ms, and a list page asks twice or more (its count and its page; a booking's mentee
 * and its guide). Here each term's people are written once into a temporary table of the connection whose key is the
 * person's id, and the statements ask that table instead: SQLite looks each id up in it (USING ROWID SEARCH … FOR
 * IN-OPERATOR), with nothing to build.
 *
 * The people are current: the "UserWordsGeneration" row gets a new value whenever anyone's name, e-mail or
 * organisation changes (triggers, for every connection; see its migration), and a term is read again once the value
 * differs from the one it was read at. Each step runs in a turn of its own on the connection (`onSqliteConnection`),
 * so no other request ever sees a table half written: a statement sees the people as they were or as they are. A term
 * unused for a while is dropped.
 */

/** How long a term's people are kept unused before their table is dropped. */
const IDLE_MS = 10 * 60_000;
/** How many terms a connection keeps at most: past that, the least recently used goes once a minute has passed. */
const MAX_TERMS = 64;
/** No table goes sooner after its last use: a request reads its term's table within milliseconds of asking. */
const IN_USE_MS = 60_000;

type KeptTerm = { table: string; generation: string; usedAt: number };

/** What each connection keeps, by index and query (a new connection starts with no temporary tables). */
const keptBy = new WeakMap<PrepareStatement, Map<string, KeptTerm>>();

/** The temporary table of one index's query: its key spelled in hex, so any term makes a valid name. */
const tableOf = (key: string) => `temp."KeptPeople_${Buffer.from(key).toString("hex")}"`;

/** The people indexes (FTS5 tables, rowid = the person's id), both kept in step with "User" by triggers. */
export type PeopleIndex = "UserWords" | "UserSearch";

/**
 * The table (as SQL, holding one `id` per person) of the people `query` (an FTS5 query of `index`) finds, written or
 * brought up to date first.
 */
export async function keptPeople(index: PeopleIndex, query: string): Promise<Prisma.Sql> {
  const key = `${index}:${query}`;
  const table = await onSqliteConnection((statement) => {
    let kept = keptBy.get(statement);
    if (!kept) keptBy.set(statement, (kept = new Map()));
    const now = Date.now();
    // This term is set again below, last: a Map keeps its entries in the order they were set, least recently used first.
    const term = kept.get(key);
    kept.delete(key);
    for (const [other, { table, usedAt }] of kept) {
      const idle = now - usedAt;
      if (idle > IDLE_MS || (kept.size >= MAX_TERMS && idle > IN_USE_MS)) {
        statement(`DROP TABLE IF EXISTS ${table}`).run();
        kept.delete(other);
      }
    }
    // The generation first: people who change after it was read are read again next time.
    const { generation } = statement(`SELECT generation FROM "UserWordsGeneration" WHERE id = 1`).get() as { generation: string };
    if (term?.generation === generation) {
      kept.set(key, { ...term, usedAt: now });
      return term.table;
    }
    const name = tableOf(key);
    statement(`CREATE TEMP TABLE IF NOT EXISTS ${name} (id INTEGER PRIMARY KEY)`).run();
    statement(`DELETE FROM ${name}`).run();
    statement(`INSERT INTO ${name} (id) SELECT rowid FROM "${index}" WHERE "${index}" MATCH ?`).run(query);
    kept.set(key, { table: name, generation, usedAt: now });
    return name;
  });
  return Prisma.raw(table);
}
