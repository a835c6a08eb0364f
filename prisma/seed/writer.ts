// The batch writer: rows go straight into SQLite through better-sqlite3 prepared statements, not through Prisma, one
// transaction per BATCH rows, with the journal in memory and no fsync (a failed seed leaves a half-written file: start
// again from a fresh one). Times are written in the text form Prisma itself uses (clock.ts `iso`).
//
// A bulk load (the scale generator) also takes the tables it fills out of the schema's way, knowing nothing of it: it
// reads their indexes and AFTER INSERT triggers from sqlite_master, drops them, and afterwards replays each trigger over
// the whole table at once (`INSERT … SELECT … FROM "Table" AS new`) and creates every index and trigger again from its
// own SQL. A migration that adds or renames a trigger or an index needs no change here; a trigger whose body it cannot
// replay that way is left in place and fires row by row.
import fs from "node:fs";
import Database from "better-sqlite3";
import { progress } from "./clock.ts";

export type DB = Database.Database;

/** Rows written per transaction. */
const BATCH = 50_000;

/** The tables the seed's summary counts, parents first. */
export const SUMMARY_TABLES = [
  "OutboxMail", "PlatformSettings", "Faq", "Verification", "Upload", "Organisation", "User", "Post", "Resource",
  "RecoveryCode", "TwoFactor", "Password", "Session", "PageContent", "CustomerQuery", "GuideRequest", "UserSpecialty",
  "GuideProfile", "GuideLanguage", "PublishedContent", "SessionOption", "AvailabilityOverride", "Availability",
  "Booking", "TimeClaim", "Payment", "Review", "CovenantAcceptance", "Message", "Notification", "PayoutAccount",
  "Payout", "ProblemReport", "AuditEntry", "WebhookEndpoint", "WebhookDelivery", "WebhookAttempt",
] as const;

/**
 * Opens a migrated SQLite file for seeding. `trustKeys`: the generated keys are trusted rather than checked row by row
 * (a quarter of a bulk load's writing time); the demo, which the tests use, is checked.
 */
export function openDatabase(file: string, { trustKeys }: { trustKeys: boolean }): DB {
  if (!fs.existsSync(file)) {
    console.error(`No database at ${file}. Create it first with: npx prisma migrate deploy`);
    process.exit(1);
  }
  const db = new Database(file, { fileMustExist: true });
  db.pragma(`foreign_keys = ${trustKeys ? "OFF" : "ON"}`);
  // While seeding: the rollback journal in memory and no fsync (finish() puts WAL back at the end).
  db.pragma("journal_mode = MEMORY");
  db.pragma("synchronous = OFF");
  db.pragma("temp_store = MEMORY");
  db.pragma("cache_size = -524288"); // 512 MB page cache for inserting and building indexes
  db.pragma("threads = 2"); // CREATE INDEX sorts with a helper thread
  const hasUsers = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'User'`).get();
  if (!hasUsers) {
    console.error(`${file} has no tables. Run the migrations first: npx prisma migrate deploy`);
    process.exit(1);
  }
  return db;
}

/** The full-text (FTS5) tables of the schema, as sqlite_master lists them. */
function searchTables(db: DB): string[] {
  const rows = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%' ORDER BY name`).all() as Array<{ name: string }>;
  return rows.map((row) => row.name);
}

/** What a reset leaves: the migrations' record, and the one row they insert (which the seed's writes renew). */
const KEPT = new Set(["_prisma_migrations", "GuideSearchGeneration"]);

/**
 * Empties every table of the schema (SEED_RESET=1), whatever a migration added: the tables first, their triggers
 * keeping the search tables in step, then the search tables themselves (FTS5's shadow tables are its own). Foreign
 * keys are off meanwhile, so the order does not matter.
 */
export function resetDatabase(db: DB) {
  const tables = db.prepare(`SELECT name, type FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') ORDER BY type, name`).all() as Array<{ name: string; type: string }>;
  const emptied = tables.filter(({ name }) => !name.startsWith("sqlite_") && !KEPT.has(name));
  const checked = db.pragma("foreign_keys", { simple: true });
  db.pragma("foreign_keys = OFF");
  try {
    db.transaction(() => {
      for (const { name } of emptied) db.prepare(`DELETE FROM "${name}"`).run();
      db.prepare(`DELETE FROM sqlite_sequence`).run();
    })();
  } finally {
    db.pragma(`foreign_keys = ${checked ? "ON" : "OFF"}`);
  }
}

/** Writes rows 0..total-1 with `write`, one transaction per BATCH rows, and reports progress. */
export function insertRows(db: DB, label: string, total: number, write: (i: number) => void) {
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) write(i);
  });
  for (let from = 0; from < total; from += BATCH) {
    const to = Math.min(total, from + BATCH);
    batch(from, to);
    progress(label, to, total);
  }
  if (total === 0) progress(label, 0, 0);
}

const TRIGGER = /^CREATE\s+TRIGGER\s+(?:IF\s+NOT\s+EXISTS\s+)?\S+\s+AFTER\s+INSERT\s+ON\s+\S+\s+(?:FOR\s+EACH\s+ROW\s+)?(?:WHEN\s+([\s\S]+?)\s+)?BEGIN\s+([\s\S]*?)\s*END$/i;
const INSERT_VALUES = /^INSERT\s+INTO\s+(\S+?)\s*\(([^)]*)\)\s*VALUES\s*\(([\s\S]*)\)$/i;

/**
 * What an AFTER INSERT trigger of `table` would have done for every row of it, as statements run once: each
 * `INSERT … VALUES (new.…)` of its body as `INSERT … SELECT … FROM table AS new` (under its WHEN), a statement that
 * reads no `new` as it is. Null when the trigger is no AFTER INSERT one, or its body is beyond that.
 */
function replayOf(sql: string, table: string): string[] | null {
  const trigger = TRIGGER.exec(sql.trim());
  if (!trigger) return null;
  const [, when, body] = trigger;
  const replay: string[] = [];
  for (const statement of body.split(";").map((s) => s.trim()).filter(Boolean)) {
    const insert = INSERT_VALUES.exec(statement);
    if (insert) {
      const [, target, columns, values] = insert;
      replay.push(`INSERT INTO ${target}(${columns}) SELECT ${values} FROM "${table}" AS new${when ? ` WHERE ${when}` : ""} ORDER BY new.rowid`);
    } else if (!/\bnew\./i.test(statement)) {
      replay.push(statement);
    } else {
      return null;
    }
  }
  return replay;
}

/**
 * Takes `tables` out of the schema for a bulk load: drops their secondary indexes and the AFTER INSERT triggers it can
 * replay. The returned function replays those triggers over the loaded rows and runs every dropped CREATE statement
 * again, in the order sqlite_master held them, so the schema ends as the migrations left it.
 */
export function bulkLoad(db: DB, tables: readonly string[]): () => void {
  const entries = db
    .prepare(
      `SELECT type, name, tbl_name AS "table", sql FROM sqlite_master
       WHERE sql IS NOT NULL AND type IN ('index', 'trigger') AND tbl_name IN (${tables.map(() => "?").join(", ")})
       ORDER BY rowid`,
    )
    .all(...tables) as Array<{ type: "index" | "trigger"; name: string; table: string; sql: string }>;
  const dropped: typeof entries = [];
  const replays: Array<{ name: string; statements: string[] }> = [];
  for (const entry of entries) {
    if (entry.type === "trigger") {
      const statements = replayOf(entry.sql, entry.table);
      if (!statements) continue;
      replays.push({ name: entry.name, statements });
    }
    db.exec(`DROP ${entry.type.toUpperCase()} "${entry.name.replaceAll('"', '""')}"`);
    dropped.push(entry);
  }
  return () => {
    for (const { name, statements } of replays) {
      db.transaction(() => statements.forEach((statement) => db.exec(statement)))();
      progress(name);
    }
    for (const { name, sql } of dropped) {
      db.exec(sql);
      progress(name);
    }
  };
}

/**
 * Merges each full-text index into one segment (faster searches), refreshes the planner's statistics, and leaves the
 * file in WAL mode like the app's own connections.
 */
export function finish(db: DB) {
  for (const table of searchTables(db)) db.prepare(`INSERT INTO "${table}"("${table}") VALUES ('optimize')`).run();
  db.exec("ANALYZE");
  progress("analyze");
  db.pragma("journal_mode = WAL");
  db.pragma("wal_checkpoint(TRUNCATE)");
}

/** Rows per table, in the order the summary lists them. */
export function sqliteCounts(db: DB): Array<[string, number]> {
  return SUMMARY_TABLES.map((table) => [table, (db.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n]);
}
