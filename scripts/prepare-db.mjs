// Creates the database when missing, applies migrations, and seeds the demo data on first run.
// SQLite (a file: DATABASE_URL, the default) or PostgreSQL (postgresql://): scripts/migrate.mjs applies the
// migrations of either, and prisma/seed/ seeds either. Run as a script (npm run dev, the cluster, Lighthouse) or
// imported (npm start, which prints the demo's sign-ins once the server answers).
import { execSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { createPostgresDatabase, isPostgres, migratePostgres, migrateSqlite } from "./migrate.mjs";

/** The seeded demo's sign-ins (prisma/seed/demo.ts), in the order they are shown. */
export const DEMO_ACCOUNTS = [
  { role: "admin", email: "admin@example.com", path: "/admin/login" },
  { role: "guide", email: "guide@example.com", path: "/login" },
  { role: "user", email: "user@example.com", path: "/login" },
  // Grace Church's sponsor admin (a mentee who runs its sponsorship at /sponsor).
  { role: "sponsor", email: "sponsor@example.com", path: "/login" },
];

const COUNT_SQL = `SELECT COUNT(*) AS count FROM "User"`;
const demoSql = (placeholders) => `SELECT email FROM "User" WHERE email IN (${placeholders}) AND "isDeleted" = FALSE`;
const emails = DEMO_ACCOUNTS.map((account) => account.email);

/** What a migration run did, in one line (nothing when the database was up to date). */
function reportApplied(applied) {
  if (applied.length) console.log(`Applied ${applied.length} migration${applied.length === 1 ? "" : "s"} (the newest: ${applied.at(-1)}).`);
}

async function postgresAccounts(url) {
  await createPostgresDatabase(url);
  reportApplied(await migratePostgres(url, { quiet: true }));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(COUNT_SQL);
    const demo = await client.query(demoSql(emails.map((_, i) => `$${i + 1}`).join(", ")), emails);
    return { count: Number(rows[0].count), demo: demo.rows.map((row) => row.email) };
  } finally {
    await client.end();
  }
}

function sqliteAccounts(url) {
  const file = url.replace(/^file:/, "");
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  try {
    reportApplied(migrateSqlite(url, { stdio: "pipe" }));
  } catch (error) {
    // Prisma's own account of the failure, which the pipe kept.
    for (const stream of [error.stdout, error.stderr]) if (stream?.length) process.stderr.write(stream);
    throw error;
  }
  const db = new Database(file, { readonly: true });
  try {
    const { count } = db.prepare(COUNT_SQL).get();
    const demo = db.prepare(demoSql(emails.map(() => "?").join(", "))).pluck().all(...emails);
    return { count, demo };
  } finally {
    db.close();
  }
}

/**
 * Migrates the database DATABASE_URL names (created when missing) and seeds the demo marketplace into an empty one.
 * Returns how many accounts it holds and which demo sign-ins exist (a database seeded elsewhere may have none).
 */
export async function prepareDatabase() {
  process.env.DATABASE_URL ??= "file:./data/app.db";
  const url = process.env.DATABASE_URL;
  let accounts = isPostgres(url) ? await postgresAccounts(url) : sqliteAccounts(url);
  if (accounts.count === 0) {
    console.log("Empty database: seeding the demo marketplace…");
    execSync("npx tsx prisma/seed/index.ts", { stdio: "inherit", env: process.env });
    accounts = isPostgres(url) ? await postgresAccounts(url) : sqliteAccounts(url);
  } else {
    console.log(`Database ready (${accounts.count} accounts).`);
  }
  return { accounts: accounts.count, demo: DEMO_ACCOUNTS.filter((account) => accounts.demo.includes(account.email)) };
}

if (import.meta.url === `file://${process.argv[1]}`) await prepareDatabase();
