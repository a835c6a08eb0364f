/**
 * The data migration that made organisations records: a database holding today's free-text names ("Grace Church",
 * " grace  church", "GRACE CHURCH") gets one Organisation per name (case and spacing aside), named by its most common
 * spelling, every person linked to theirs and showing its name, and each organisation's member count. Run on the
 * engine under test: the migrations before it applied to a new database, people inserted, then the migration itself.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { expect, test } from "vitest";
import { dialect } from "#app/lib/dialect.server.ts";
import { migrationNames } from "../../scripts/migrate.mjs";
import { databaseUrl, testPostgresServer, withAdmin } from "#tests/setup/postgres-db.ts";

const BACKFILL = "organisations_backfill";

/** The migration files of an engine's folder: those before the backfill, and the backfill. */
function migrations(folder: string) {
  const dir = path.resolve("prisma", folder);
  const names = migrationNames(dir) as string[];
  const at = names.findIndex((name) => name.endsWith(`_${BACKFILL}`));
  const sql = (name: string) => readFileSync(path.join(dir, name, "migration.sql"), "utf8");
  return { before: names.slice(0, at).map(sql), backfill: sql(names[at]) };
}

// Spellings of three organisations, and a person without one and one with spaces only.
const people = [
  { email: "a@test.example", organisation: "Grace Church" },
  { email: "b@test.example", organisation: " grace  church" },
  { email: "c@test.example", organisation: "GRACE CHURCH" },
  { email: "d@test.example", organisation: "Grace Church" },
  { email: "e@test.example", organisation: "Hope\tChapel " },
  { email: "f@test.example", organisation: "hope chapel" },
  { email: "g@test.example", organisation: "Trinity Seminary" },
  { email: "h@test.example", organisation: null },
  { email: "i@test.example", organisation: "   " },
];

type Row = Record<string, unknown>;

function expectBackfilled(organisations: Row[], users: Row[]) {
  expect(organisations.map(({ name, nameKey, memberCount }) => ({ name, nameKey, memberCount: Number(memberCount) }))).toEqual([
    { name: "Grace Church", nameKey: "grace church", memberCount: 4 },
    { name: "Hope Chapel", nameKey: "hope chapel", memberCount: 2 },
    { name: "Trinity Seminary", nameKey: "trinity seminary", memberCount: 1 },
  ]);
  const idOf = new Map(organisations.map((row) => [row.name, row.id]));
  expect(users.map(({ email, organisation, organisationId }) => ({ email, organisation, organisationId }))).toEqual([
    ...["a", "b", "c", "d"].map((who) => ({ email: `${who}@test.example`, organisation: "Grace Church", organisationId: idOf.get("Grace Church") })),
    ...["e", "f"].map((who) => ({ email: `${who}@test.example`, organisation: "Hope Chapel", organisationId: idOf.get("Hope Chapel") })),
    { email: "g@test.example", organisation: "Trinity Seminary", organisationId: idOf.get("Trinity Seminary") },
    { email: "h@test.example", organisation: null, organisationId: null },
    { email: "i@test.example", organisation: null, organisationId: null },
  ]);
}

const ORGANISATIONS = `SELECT id, name, "nameKey", "memberCount" FROM "Organisation" ORDER BY name`;
const USERS = `SELECT email, organisation, "organisationId" FROM "User" ORDER BY email`;

test.skipIf(dialect !== "sqlite")("SQLite: one organisation per name whatever its case or spacing, everyone linked", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "mm-backfill-"));
  const db = new Database(path.join(dir, "app.db"));
  try {
    const { before, backfill } = migrations("migrations");
    for (const sql of before) db.exec(sql);
    const insert = db.prepare(`INSERT INTO "User" (role, email, name, organisation, "updatedAt") VALUES ('user', ?, 'Test Person', ?, '2026-01-01T00:00:00.000+00:00')`);
    for (const person of people) insert.run(person.email, person.organisation);
    db.exec(backfill);
    expectBackfilled(db.prepare(ORGANISATIONS).all() as Row[], db.prepare(USERS).all() as Row[]);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.skipIf(dialect !== "postgres")("PostgreSQL: one organisation per name whatever its case or spacing, everyone linked", async () => {
  const server = testPostgresServer()!;
  const name = `backfill_${process.pid}`;
  await withAdmin(server, (client) => client.query(`DROP DATABASE IF EXISTS "${name}"`).then(() => client.query(`CREATE DATABASE "${name}"`)));
  const client = new pg.Client({ connectionString: databaseUrl(server, name) });
  await client.connect();
  try {
    const { before, backfill } = migrations("migrations-postgres");
    for (const sql of before) await client.query(sql);
    for (const person of people) {
      await client.query(`INSERT INTO "User" (role, email, name, organisation, "updatedAt") VALUES ('user', $1, 'Test Person', $2, now())`, [person.email, person.organisation]);
    }
    await client.query("BEGIN");
    await client.query(backfill);
    await client.query("COMMIT");
    expectBackfilled((await client.query(ORGANISATIONS)).rows, (await client.query(USERS)).rows);
  } finally {
    await client.end();
    await withAdmin(server, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}"`));
  }
});
