// Creates the database when missing, applies migrations, and seeds the demo data on first run.
// SQLite (a file: DATABASE_URL, the default) or PostgreSQL (postgresql://): scripts/migrate.mjs applies the
// migrations of either, and prisma/seed.ts seeds either.
import { execSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { createPostgresDatabase, isPostgres, migratePostgres, migrateSqlite } from "./migrate.mjs";

process.env.DATABASE_URL ??= "file:./data/app.db";
const url = process.env.DATABASE_URL;

const run = (command) => execSync(command, { stdio: "inherit", env: process.env });

async function postgresAccounts() {
  await createPostgresDatabase(url);
  await migratePostgres(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT COUNT(*) AS count FROM "User"`);
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}

function sqliteAccounts() {
  const file = url.replace(/^file:/, "");
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  migrateSqlite(url);
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(`SELECT COUNT(*) AS count FROM "User"`).get().count;
  } finally {
    db.close();
  }
}

const count = isPostgres(url) ? await postgresAccounts() : sqliteAccounts();
if (count === 0) {
  console.log("Empty database: seeding the demo marketplace…");
  run("npx tsx prisma/seed.ts");
} else {
  console.log(`Database ready (${count} accounts). Demo sign-ins: admin@example.com, guide@example.com, user@example.com.`);
}
