// The seed on PostgreSQL (prisma/seed/ for a postgresql:// DATABASE_URL). There is one seed: it writes a
// temporary SQLite file exactly as it does for SQLite, and copyToPostgres() then copies every table into the
// PostgreSQL database, in one transaction:
//
//   1. TRUNCATE every table (RESTART IDENTITY CASCADE), except bookkeeping ("_migrations", "_bench");
//   2. triggers off for the load (session_replication_role = replica: no search triggers, no foreign-key
//      checks; without the privilege, ALTER TABLE … DISABLE TRIGGER USER and the foreign keys are checked, so the
//      tables load parents first), and the secondary indexes of the big tables dropped (their definitions kept);
//   3. each table in batches: SQLite turns a batch into JSON (json_object per row, BLOBs as bytea hex) and
//      PostgreSQL reads it with json_populate_recordset (booleans 0/1, ISO text times and BIGINTs convert there);
//   4. the indexes built again from the very definitions dropped, every serial sequence set past its table's largest id
//      (the totals the app keeps as it writes, "MonthTotal", are copied as the seed computed them);
//   5. COMMIT, then VACUUM (ANALYZE): planner statistics and the visibility map for index-only scans.
//
// SQLite's full-text tables (UserSearch, BookingSearch, ReviewSearch, OutboxSearch, CustomerQuerySearch, AuditSearch) are not
// copied: PostgreSQL searches the base tables through trigram indexes. Both schemas come from one Prisma schema; a
// table or column on one side only stops the copy (the two migration folders disagree).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { migrationNames } from "./migrate.mjs";

export const isPostgresUrl = (url: string) => /^postgres(ql)?:/.test(url);

/** A label, and optionally rows done of a total: the seed prints it (every couple of seconds within a phase). */
export type Progress = (label: string, done?: number, total?: number) => void;

/** Rows per INSERT: a batch is one JSON document of some megabytes. */
const BATCH = 10_000;
/** Tables with at least this many rows lose their secondary indexes during the load (rebuilt afterwards). */
const REINDEX_FROM = 20_000;
/** Tables whose names start with an underscore keep tooling's records (the migration log "_migrations", the
 * benchmark's marker "_bench"): the seed neither empties nor copies them. */
const isBookkeeping = (table: string) => table.startsWith("_");

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A fresh SQLite file with every committed SQLite migration applied, as `prisma migrate deploy` leaves it. */
export function createSqliteFile(file: string, migrations = path.resolve("prisma/migrations")) {
  const db = new Database(file);
  try {
    for (const name of fs.readdirSync(migrations).filter((entry) => /^\d+_/.test(entry)).sort()) {
      db.exec(fs.readFileSync(path.join(migrations, name, "migration.sql"), "utf8"));
    }
  } finally {
    db.close();
  }
}

export async function connect(url: string) {
  const client = new pg.Client({ connectionString: url, application_name: "seed" });
  await client.connect();
  return client;
}

/** The number of accounts, or an error when the database is not migrated (or not up to date). */
export async function postgresUsers(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ migrated: boolean }>(`SELECT to_regclass('"User"') IS NOT NULL AND to_regclass('"_migrations"') IS NOT NULL AS migrated`);
  if (!rows[0].migrated) throw new Error("The PostgreSQL database has no tables. Run the migrations first: npm run db:migrate");
  const { rows: applied } = await client.query<{ name: string }>(`SELECT "name" FROM "_migrations"`);
  const done = new Set(applied.map((row) => row.name));
  const pending = migrationNames(path.resolve("prisma/migrations-postgres")).filter((name) => !done.has(name));
  if (pending.length) throw new Error(`The PostgreSQL database lacks ${pending.length} migration(s) (${pending.join(", ")}). Run them first: npm run db:migrate`);
  const { rows: users } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "User"`);
  return Number(users[0].n);
}

type Column = { name: string; type: string };

/** The PostgreSQL tables and their columns, in column order; generated columns (GuideProfile."searchVector") are derived there, not copied. */
async function postgresTables(client: pg.Client) {
  const { rows } = await client.query<{ table: string; column: string; type: string }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, Column[]>();
  for (const { table, column, type } of rows) {
    if (!tables.has(table)) tables.set(table, []);
    tables.get(table)!.push({ name: column, type });
  }
  return tables;
}

/** Tables in an order that loads every parent before its children (foreign keys), cycles aside. */
async function parentsFirst(client: pg.Client, tables: string[]) {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
     FROM pg_constraint k JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid
     WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of rows) if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

/** The SQLite expression that gives a column's value in the form PostgreSQL's json_populate_recordset reads. */
function sqliteValue({ name, type }: Column) {
  const column = q(name);
  if (type === "bytea") return `CASE WHEN ${column} IS NULL THEN NULL ELSE '\\x' || hex(${column}) END`;
  if (type.startsWith("timestamp")) {
    // Prisma writes ISO text (UTC); a time stored as milliseconds since 1970 is turned into the same.
    return `CASE typeof(${column}) WHEN 'integer' THEN strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch') ELSE ${column} END`;
  }
  // Every double survives the trip (JSON numbers from SQLite carry 15 digits).
  if (type === "double precision" || type === "real") return `CASE WHEN ${column} IS NULL THEN NULL ELSE printf('%!.17g', ${column}) END`;
  return column; // text, integers (JSON numbers) and booleans (0/1, which PostgreSQL's boolean reads)
}

type Index = { table: string; name: string; definition: string };

/** Secondary indexes of `tables` that no constraint stands on (primary keys and what foreign keys reference stay). */
async function droppableIndexes(client: pg.Client, tables: string[]) {
  const { rows } = await client.query<Index>(
    `SELECT i.tablename AS table, i.indexname AS name, i.indexdef AS definition
     FROM pg_indexes i JOIN pg_class x ON x.relname = i.indexname AND x.relnamespace = current_schema()::regnamespace
     WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.oid)
     ORDER BY i.tablename, i.indexname`,
    [tables],
  );
  return rows;
}

/** Runs `statement` in a savepoint: true when it succeeded, false (and nothing changed) when PostgreSQL refused it. */
async function attempt(client: pg.Client, statement: string) {
  await client.query("SAVEPOINT attempt");
  try {
    await client.query(statement);
    await client.query("RELEASE SAVEPOINT attempt");
    return true;
  } catch {
    await client.query("ROLLBACK TO SAVEPOINT attempt");
    return false;
  }
}

/**
 * Copies every table of the seeded SQLite `file` into the PostgreSQL database at `url`, replacing what it held.
 * Returns the rows per table, as PostgreSQL now counts them.
 */
export async function copyToPostgres(file: string, url: string, progress: Progress): Promise<Array<[string, number]>> {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  const client = await connect(url);
  try {
    const tables = await postgresTables(client);
    const sqliteTables = new Set(
      (sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as Array<{ name: string }>).map((t) => t.name),
    );
    const copied = [...tables.keys()].filter((table) => !isBookkeeping(table));
    for (const table of copied) {
      if (!sqliteTables.has(table)) throw new Error(`Table "${table}" is in PostgreSQL but not in SQLite: do prisma/migrations and prisma/migrations-postgres agree?`);
      const pgColumns = tables.get(table)!.map((c) => c.name);
      const sqliteColumns = (sqlite.prepare(`PRAGMA table_info(${q(table)})`).all() as Array<{ name: string }>).map((c) => c.name);
      const missing = pgColumns.filter((c) => !sqliteColumns.includes(c));
      const extra = sqliteColumns.filter((c) => !pgColumns.includes(c));
      if (missing.length || extra.length) {
        throw new Error(`Table "${table}" differs: ${[...missing.map((c) => `${c} only in PostgreSQL`), ...extra.map((c) => `${c} only in SQLite`)].join(", ")}`);
      }
    }
    const rowCount = (table: string) => (sqlite.prepare(`SELECT count(*) AS n FROM ${q(table)}`).get() as { n: number }).n;
    const expected = new Map(copied.map((table) => [table, rowCount(table)]));
    const order = await parentsFirst(client, copied);

    await client.query("BEGIN");
    await client.query("SET LOCAL statement_timeout = 0");
    await client.query("SET LOCAL synchronous_commit = off");
    await client.query("SET LOCAL maintenance_work_mem = '512MB'");
    const emptied = [...tables.keys()].filter((table) => !isBookkeeping(table));
    await client.query(`TRUNCATE ${emptied.map(q).join(", ")} RESTART IDENTITY CASCADE`);

    // No triggers while loading: the search triggers would refresh a guide's fields once per row of theirs.
    const replica = await attempt(client, "SET LOCAL session_replication_role = replica");
    let triggered: string[] = [];
    if (!replica) {
      const { rows } = await client.query<{ table: string }>(
        `SELECT DISTINCT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
         WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace`,
      );
      triggered = rows.map((r) => r.table).filter((table) => copied.includes(table));
      for (const table of triggered) await client.query(`ALTER TABLE ${q(table)} DISABLE TRIGGER USER`);
    }

    const big = copied.filter((table) => expected.get(table)! >= REINDEX_FROM);
    const indexes = await droppableIndexes(client, big);
    for (const { name } of indexes) await client.query(`DROP INDEX ${q(name)}`);

    for (const table of order) {
      const total = expected.get(table)!;
      if (total === 0) continue;
      const columns = tables.get(table)!;
      const names = columns.map((c) => q(c.name)).join(", ");
      const batch = sqlite.prepare(
        `SELECT json_group_array(json_object(${columns.map((c) => `'${c.name}', ${sqliteValue(c)}`).join(", ")})) AS rows,
                max(_rowid) AS last, count(*) AS n
         FROM (SELECT rowid AS _rowid, * FROM ${q(table)} WHERE rowid > ? ORDER BY rowid LIMIT ?)`,
      );
      const insert = `INSERT INTO ${q(table)} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${q(table)}, $1)`;
      let last = Number.MIN_SAFE_INTEGER;
      let done = 0;
      for (;;) {
        const next = batch.get(last, BATCH) as { rows: string; last: number; n: number };
        if (!next.n) break;
        const result = await client.query(insert, [next.rows]);
        done += result.rowCount ?? 0;
        last = next.last;
        if (total >= BATCH) progress(table, done, total);
      }
      if (done !== total) throw new Error(`Table "${table}": ${done} rows copied of ${total}`);
    }
    const small = order.filter((table) => expected.get(table)! < BATCH);
    progress(`${small.length} small tables`, small.reduce((sum, table) => sum + expected.get(table)!, 0));

    for (const [i, { name, definition }] of indexes.entries()) {
      await client.query(definition);
      progress(`index ${name}`, i + 1, indexes.length);
    }

    // Every serial (and identity) column continues after its table's largest value.
    const { rows: sequences } = await client.query<{ table: string; column: string; sequence: string }>(
      `SELECT table_name AS table, column_name AS column, pg_get_serial_sequence(quote_ident(table_name), column_name) AS sequence
       FROM information_schema.columns
       WHERE table_schema = current_schema() AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')`,
    );
    for (const { table, column, sequence } of sequences) {
      if (!sequence) continue;
      await client.query(`SELECT setval($1, coalesce((SELECT max(${q(column)}) FROM ${q(table)}), 0) + 1, false)`, [sequence]);
    }
    progress("sequences", sequences.length);

    for (const table of triggered) await client.query(`ALTER TABLE ${q(table)} ENABLE TRIGGER USER`);
    await client.query("COMMIT");
    progress("commit");

    await client.query("VACUUM (ANALYZE)");
    progress("vacuum, analyze");

    const counts: Array<[string, number]> = [];
    for (const table of order) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${q(table)}`);
      counts.push([table, Number(rows[0].n)]);
    }
    return counts;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    sqlite.close();
    await client.end();
  }
}
