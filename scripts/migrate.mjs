// Applies the committed migrations to the database DATABASE_URL names (npm run db:migrate, npm start).
// SQLite: `prisma migrate deploy` (prisma/migrations). PostgreSQL: Prisma's WebAssembly schema engine cannot
// migrate it here, so this runner applies prisma/migrations-postgres/*/migration.sql in order, each in its own
// transaction, and records what ran in "_migrations". An advisory lock makes servers that start together take turns.
import { execSync } from "node:child_process";
import Database from "better-sqlite3";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { URL } from "node:url";
import pg from "pg";

export const isPostgres = (url) => /^postgres(ql)?:/.test(url);

/** Migration folders in the order they apply (their names start with a timestamp). */
export function migrationNames(dir) {
  return readdirSync(dir).filter((name) => /^\d+_/.test(name)).sort();
}

/**
 * Applies the SQLite migrations, then gathers the planner's statistics for any index that has none. SQLite plans
 * from sqlite_stat1 (the seed's ANALYZE): an index a later migration adds has no row there, and the planner then
 * guesses it selective, so a new index on (role, isDeleted, isVerified) took over every people list and sorted
 * 100,000 rows instead of reading them in order. `ANALYZE index` measures only the new ones. (PostgreSQL keeps its
 * statistics per column, so a new plain index needs nothing there.)
 */
export function migrateSqlite(url, { stdio = "inherit" } = {}) {
  const file = url.replace(/^file:/, "");
  const pending = pendingSqliteMigrations(file);
  // Prisma's CLI takes seconds to start: on a database that is up to date (every start but the first) it is not run.
  if (pending.length) execSync("npx prisma migrate deploy", { stdio, env: { ...process.env, DATABASE_URL: url } });
  measureNewIndexes(file);
  return pending;
}

/**
 * The committed SQLite migrations the file has not finished (all of them for a new file), by Prisma's own record
 * ("_prisma_migrations"): a migration that failed or was rolled back counts as pending, so Prisma reports it.
 */
export function pendingSqliteMigrations(file, dir = path.resolve("prisma/migrations")) {
  const names = migrationNames(dir);
  if (!existsSync(file)) return names;
  const db = new Database(file, { readonly: true });
  try {
    if (!db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'`).get()) return names;
    const done = new Set(
      db.prepare(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`).pluck().all(),
    );
    return names.filter((name) => !done.has(name));
  } finally {
    db.close();
  }
}

/** Gathers statistics for the indexes of an analysed SQLite database that have none yet; returns their names. */
export function measureNewIndexes(file) {
  const db = new Database(file);
  try {
    // A database never analysed plans every index alike (the seed's ANALYZE measures them all at once).
    if (!db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1'`).get()) return [];
    const unmeasured = db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT IN (SELECT idx FROM sqlite_stat1 WHERE idx IS NOT NULL)`)
      .pluck()
      .all();
    for (const name of unmeasured) db.exec(`ANALYZE "${name.replaceAll('"', '""')}"`);
    return unmeasured;
  } finally {
    db.close();
  }
}

/** Applies the pending PostgreSQL migrations and returns their names. */
export async function migratePostgres(url, { quiet = false } = {}) {
  const dir = path.resolve("prisma/migrations-postgres");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(7263001)");
    await client.query(`CREATE TABLE IF NOT EXISTS "_migrations" ("name" TEXT PRIMARY KEY, "appliedAt" TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const { rows } = await client.query(`SELECT "name" FROM "_migrations"`);
    const done = new Set(rows.map((row) => row.name));
    const pending = migrationNames(dir).filter((name) => !done.has(name));
    for (const name of pending) {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query(`INSERT INTO "_migrations" ("name") VALUES ($1)`, [name]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${name} failed: ${error.message}`);
      }
      if (!quiet) console.log(`Applied migration ${name}`);
    }
    return pending;
  } finally {
    await client.query("SELECT pg_advisory_unlock(7263001)").catch(() => {});
    await client.end();
  }
}

/** Creates the database named in `url` when it does not exist yet (PostgreSQL only). */
export async function createPostgresDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL ?? "file:./data/app.db";
  if (isPostgres(url)) {
    await createPostgresDatabase(url);
    await migratePostgres(url);
  } else {
    migrateSqlite(url);
  }
}
