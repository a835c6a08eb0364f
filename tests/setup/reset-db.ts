import Database from "better-sqlite3";

/**
 * Puts a worker's SQLite file back to the migrated template's state: every row of every table is
 * deleted (except _prisma_migrations) and the rows the migrations themselves insert are copied back
 * from the template, with AUTOINCREMENT counters reset, in one transaction run as one batch.
 *
 * It uses its own better-sqlite3 connection to the file, not the app's Prisma client: Prisma runs one
 * statement per call (about 0.5 ms each, dozens of tables), and its connection enforces foreign keys,
 * where Prisma's default ON DELETE RESTRICT would force a children-first delete order. This connection
 * leaves foreign keys off, so tables are emptied in any order. Triggers still fire, so deleting
 * "User" keeps the FTS table "UserSearch" in step; it is emptied itself as well (its shadow tables
 * are FTS5's own and are never touched directly). The app's connection sees the result at its next
 * read: the file is in WAL mode and SQLite notices the other connection's commit.
 */
export function databaseResetter(file: string, templateFile: string) {
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  // better-sqlite3 turns foreign keys on by default: off here, so tables empty in any order.
  db.pragma("foreign_keys = OFF");
  const tables = db
    .prepare(`SELECT name, type FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual')`)
    .all() as Array<{ name: string; type: string }>;
  const names = tables.map((table) => table.name).filter((name) => !name.startsWith("sqlite_") && name !== "_prisma_migrations");
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

  // Rows the migrations insert (settings rows and the like) are read once from the template.
  const template = new Database(templateFile, { readonly: true });
  const seeded = names.filter(
    (name) => tables.find((table) => table.name === name)?.type === "table" && (template.prepare(`SELECT EXISTS (SELECT 1 FROM ${quote(name)}) AS any`).get() as { any: number }).any,
  );
  const hasSequence = Boolean(db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'`).get());
  const templateSequence = hasSequence
    ? (template.prepare(`SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'`).get() ? template.prepare(`SELECT name, seq FROM sqlite_sequence`).all() : [])
    : [];
  const templateHasStatistics = Boolean(template.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'`).get());
  template.close();

  const statements = [
    "BEGIN IMMEDIATE",
    ...names.map((name) => `DELETE FROM ${quote(name)}`),
    ...(hasSequence ? ["DELETE FROM sqlite_sequence"] : []),
    ...seeded.map((name) => `INSERT INTO main.${quote(name)} SELECT * FROM template.${quote(name)}`),
    ...(templateSequence as Array<{ name: string; seq: number }>).map(
      ({ name, seq }) => `INSERT INTO sqlite_sequence (name, seq) VALUES ('${name.replaceAll("'", "''")}', ${Number(seq)})`,
    ),
    // Find a Mentor keeps its guides in memory until "GuideSearchGeneration" holds another value (never a value it held
    // before): the database put back is a new state, whatever the process kept of an earlier file's.
    ...(names.includes("GuideSearchGeneration") ? [`UPDATE "GuideSearchGeneration" SET generation = lower(hex(randomblob(8)))`] : []),
    "COMMIT",
  ];
  const batch = statements.join(";\n");
  if (seeded.length || templateHasStatistics) db.prepare("ATTACH DATABASE ? AS template").run(templateFile);
  // The planner's statistics go back to the template's too: a file that runs ANALYZE (or PRAGMA optimize) measures
  // its own rows, and the next file of this worker would otherwise plan its queries from them.
  const statistics = [
    "DELETE FROM sqlite_stat1",
    ...(templateHasStatistics ? ["INSERT INTO sqlite_stat1 SELECT * FROM template.sqlite_stat1"] : []),
  ].join(";\n");

  return {
    /** Empties the file back to the template's rows and statistics; a few milliseconds. */
    reset() {
      try {
        db.exec(batch);
        if (db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'`).get()) db.exec(statistics);
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw error;
      }
    },
    close: () => db.close(),
  };
}
