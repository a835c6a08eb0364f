// Applies the committed migrations to the database DATABASE_URL names (npm run db:migrate, npm start).
// SQLite: `prisma migrate deploy` (prisma/migrations). PostgreSQL: Prisma's WebAssembly schema engine cannot
// migrate it here, so this runner applies prisma/migrations-postgres/*/migration.sql in order, each in its own
// transaction, and records what ran in "_migrations". An advisory lock makes servers that start together take turns.
import { execSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { URL } from "node:url";
import pg from "pg";

export const isPostgres = (url) => /^postgres(ql)?:/.test(url);

/** Migration folders in the order they apply (their names start with a timestamp). */
export function migrationNames(dir) {
  return readdirSync(dir).filter((name) => /^\d+_/.test(name)).sort();
}

export async function migratePostgres(url, { quiet = false } = {}) {
  const dir = path.resolve("prisma/migrations-postgres");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(7263001)");
    await client.query(`CREATE TABLE IF NOT EXISTS "_migrations" ("name" TEXT PRIMARY KEY, "appliedAt" TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const { rows } = await client.query(`SELECT "name" FROM "_migrations"`);
    const applied = new Set(rows.map((row) => row.name));
    for (const name of migrationNames(dir).filter((name) => !applied.has(name))) {
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
    execSync("npx prisma migrate deploy", { stdio: "inherit", env: { ...process.env, DATABASE_URL: url } });
  }
}
