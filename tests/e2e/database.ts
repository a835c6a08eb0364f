// The browser tests' own writes into the database the server uses, on either engine: the one place that knows
// which engine the e2e database is (tests/setup/e2e-server.mjs prepares it) and how each stores a value.
//
// - SQLite (the default): the file <TEST_DATA_DIR>/e2e.db through better-sqlite3. DateTimes are ISO text as the
//   Prisma adapter writes them ("2026-01-01T00:00:00.000+00:00"), booleans 0/1.
// - PostgreSQL (E2E_DATABASE_URL=postgresql://…): pg. Timestamps are TIMESTAMP(3) without a time zone holding UTC,
//   as Prisma writes them, so a Date goes in as its ISO text (the server reads it as UTC whatever the local zone);
//   booleans true/false.
//
// Playwright workers are separate processes: each opens one connection (tests/e2e/fixtures.ts, e2eDb).
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";

export type Value = string | number | boolean | Date | null;
export type Row = Record<string, Value>;

export type E2eDatabase = {
  engine: "sqlite" | "postgres";
  /** Inserts one row and returns its id: the `id` given in `row`, or the one the database generated. */
  insert<Id extends number | string = number>(table: string, row: Row): Promise<Id>;
  /** The newest row (highest id) whose columns equal `where`, or null; e.g. the last OutboxMail to an address. */
  latest(table: string, where: Row): Promise<Row | null>;
  close(): Promise<void>;
};

const isPostgres = (url: string) => /^postgres(ql)?:/.test(url);
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The e2e database's URL: E2E_DATABASE_URL when it names a PostgreSQL database, else the SQLite file. */
export function e2eDatabaseUrl() {
  const url = process.env.E2E_DATABASE_URL;
  if (url && isPostgres(url)) return url;
  return `file:${path.join(path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data"), "e2e.db")}`;
}

function openSqlite(file: string): E2eDatabase {
  const db = new Database(file);
  // WAL (set by the server): the server sees each commit at once; the busy timeout waits out its writes.
  db.pragma("busy_timeout = 5000");
  const value = (value: Value) => (value instanceof Date ? value.toISOString().replace("Z", "+00:00") : typeof value === "boolean" ? (value ? 1 : 0) : value);
  return {
    engine: "sqlite",
    async insert<Id extends number | string = number>(table: string, row: Row) {
      const columns = Object.keys(row);
      const { lastInsertRowid } = db
        .prepare(`INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
        .run(...columns.map((column) => value(row[column])));
      return ("id" in row ? row.id : Number(lastInsertRowid)) as Id;
    },
    async latest(table: string, where: Row) {
      const columns = Object.keys(where);
      const condition = columns.length ? `WHERE ${columns.map((column) => `${quote(column)} = ?`).join(" AND ")}` : "";
      const row = db.prepare(`SELECT * FROM ${quote(table)} ${condition} ORDER BY "id" DESC LIMIT 1`).get(...columns.map((column) => value(where[column])));
      return (row as Row | undefined) ?? null;
    },
    async close() {
      db.close();
    },
  };
}

async function openPostgres(url: string): Promise<E2eDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const value = (value: Value) => (value instanceof Date ? value.toISOString() : value);
  return {
    engine: "postgres",
    async insert<Id extends number | string = number>(table: string, row: Row) {
      const columns = Object.keys(row);
      // RETURNING * so tables keyed without an id (GuideLanguage, UserSpecialty) insert as well.
      const { rows } = await client.query<{ id: Id }>(
        `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES (${columns.map((_, index) => `$${index + 1}`).join(", ")}) RETURNING *`,
        columns.map((column) => value(row[column])),
      );
      return rows[0].id;
    },
    async latest(table: string, where: Row) {
      const columns = Object.keys(where);
      const condition = columns.length ? `WHERE ${columns.map((column, index) => `${quote(column)} = $${index + 1}`).join(" AND ")}` : "";
      const { rows } = await client.query<Row>(`SELECT * FROM ${quote(table)} ${condition} ORDER BY "id" DESC LIMIT 1`, columns.map((column) => value(where[column])));
      return rows[0] ?? null;
    },
    async close() {
      await client.end();
    },
  };
}

/** A connection to the e2e database; close it when done. */
export async function openE2eDatabase(url = e2eDatabaseUrl()): Promise<E2eDatabase> {
  return isPostgres(url) ? openPostgres(url) : openSqlite(url.replace(/^file:/, ""));
}
