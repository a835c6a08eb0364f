// The seed on PostgreSQL (prisma/seed/ → scripts/seed-postgres.ts) writes the very rows the seed writes on SQLite,
// leaves the schema as the migrations made it, and the database working: sequences after the largest ids, triggers on.
// Runs under `npm run test:pg` (TEST_POSTGRES_URL), in a database of its own; vitest.config.ts leaves it out on SQLite.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPostgresDatabase, migratePostgres } from "../../scripts/migrate.mjs";
import { createSqliteFile } from "../../scripts/seed-postgres.ts";
import { databaseUrl, testPostgresServer, withAdmin } from "#tests/setup/postgres-db.ts";

const server = testPostgresServer() ?? "";
if (!server) throw new Error("The seed's PostgreSQL test runs under npm run test:pg (TEST_POSTGRES_URL).");
const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
const dataDir = path.resolve(process.env.TEST_DATA_DIR ?? "tests/.data");
const runId = (process.env.TEST_DATA_DIR ?? "tests/.data").replace(/\W+/g, "_").toLowerCase();
const database = `seed_${runId}_w${worker}`;
const sqliteFile = path.join(dataDir, `seed-compare-${worker}.db`);
/** Enough bookings (25,000) that the copy drops and rebuilds the big tables' indexes. */
const SCALE = "2500";

function seed(url: string, extra: NodeJS.ProcessEnv = {}) {
  return execFileSync("npx", ["tsx", "prisma/seed/index.ts"], {
    encoding: "utf8",
    stdio: "pipe",
    env: { ...process.env, DATABASE_URL: url, SEED_SCALE: SCALE, SEED_RESET: "", ...extra },
  });
}

type Column = { name: string; type: string };

/** A value as both engines would show it: booleans 0/1, times ISO (UTC), bytes hex, numbers as numbers. */
function normal(value: unknown, type: string) {
  if (value === null || value === undefined) return null;
  if (type === "boolean") return value === true || value === 1 ? 1 : 0;
  if (type.startsWith("timestamp")) return (value instanceof Date ? value : new Date(String(value))).toISOString();
  if (type === "bytea") return Buffer.from(value as Uint8Array).toString("hex");
  if (type === "integer" || type === "bigint" || type === "double precision") return Number(value);
  return value;
}

describe("the seed on PostgreSQL", () => {
  const url = databaseUrl(server, database);
  let client: pg.Client;
  let migratedIndexes: string[];

  const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows;
  const indexes = async () =>
    (await query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`)).map((r) => r.def);

  beforeAll(async () => {
    await withAdmin(server, (admin) => admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
    await createPostgresDatabase(url);
    await migratePostgres(url, { quiet: true });
    client = new pg.Client({ connectionString: url });
    await client.connect();
    migratedIndexes = await indexes();

    mkdirSync(dataDir, { recursive: true });
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${sqliteFile}${suffix}`, { force: true });
    createSqliteFile(sqliteFile);
    seed(`file:${sqliteFile}`);
    seed(url);
  }, 240_000);

  afterAll(async () => {
    await client?.end();
    await withAdmin(server, (admin) => admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${sqliteFile}${suffix}`, { force: true });
  });

  test("every table holds the rows the SQLite seed writes", async () => {
    const sqlite = new Database(sqliteFile, { readonly: true });
    try {
      const tables = (await query<{ table: string }>(`SELECT tablename AS table FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE '\\_%' ORDER BY 1`)).map((r) => r.table);
      expect(tables).toContain("Booking");
      for (const table of tables) {
        // The password hash differs: argon2 draws a fresh salt every run; so does Find a Mentor's generation, a random
        // value the seed draws, and a two-factor or webhook secret's seal. Generated columns (PostgreSQL's search vectors) exist only there.
        const columns = (
          await query<Column>(
            `SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
            [table],
          )
        ).filter(
          (c) =>
            !(table === "Password" && c.name === "hash") &&
            !(table === "GuideSearchGeneration" && c.name === "generation") &&
            // A sealed authenticator (or webhook signing) secret carries a fresh random IV each time it is sealed.
            !(table === "TwoFactor" && c.name === "secret") &&
            !(table === "WebhookEndpoint" && c.name === "secret"),
        );
        const list = columns.map((c) => `"${c.name}"`).join(", ");
        const rows = (values: unknown[][]) => values.map((row) => JSON.stringify(row.map((v, i) => normal(v, columns[i].type)))).sort();
        const fromSqlite = rows(sqlite.prepare(`SELECT ${list} FROM "${table}"`).raw().all() as unknown[][]);
        const fromPostgres = rows((await client.query({ text: `SELECT ${list} FROM "${table}"`, rowMode: "array" })).rows);
        expect(fromPostgres.length, table).toBe(fromSqlite.length);
        expect(fromPostgres, table).toEqual(fromSqlite);
      }
      const [{ n: bookings }] = await query<{ n: string }>(`SELECT count(*) AS n FROM "Booking"`);
      expect(Number(bookings)).toBeGreaterThan(20_000);
    } finally {
      sqlite.close();
    }
  });

  test("leaves the indexes and triggers as the migrations made them", async () => {
    expect(await indexes()).toEqual(migratedIndexes);
    const disabled = await query(`SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgenabled <> 'O'`);
    expect(disabled).toEqual([]);
  });

  test("ids continue after the largest", async () => {
    const [{ max }] = await query<{ max: number }>(`SELECT max(id) AS max FROM "User"`);
    const [user] = await query<{ id: number }>(
      `INSERT INTO "User" (email, name, "updatedAt") VALUES ('seed-test@example.com', 'Seed Test', now()) RETURNING id`,
    );
    expect(user.id).toBe(max + 1);
    const [{ max: maxBooking }] = await query<{ max: number }>(`SELECT max(id) AS max FROM "Booking"`);
    const [booking] = await query<{ id: number }>(
      `INSERT INTO "Booking" ("userId", "guideId", topic, "paymentStatus", "updatedAt") VALUES ($1, $1, 'Sequence check', 'unpaid', now()) RETURNING id`,
      [user.id],
    );
    expect(booking.id).toBe(maxBooking + 1);
  });

  test("refuses a seeded database unless SEED_RESET=1, which empties it first", async () => {
    expect(() => seed(url)).toThrow(/already has .* users.*SEED_RESET=1/s);
    seed(url, { SEED_RESET: "1" });
    expect(await query(`SELECT id FROM "User" WHERE email = 'seed-test@example.com'`)).toEqual([]);
    const [{ n }] = await query<{ n: string }>(`SELECT count(*) AS n FROM "User"`);
    const sqlite = new Database(sqliteFile, { readonly: true });
    try {
      expect(Number(n)).toBe((sqlite.prepare(`SELECT count(*) AS n FROM "User"`).get() as { n: number }).n);
    } finally {
      sqlite.close();
    }
  }, 120_000);
});
