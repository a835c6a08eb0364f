// Creates the SQLite database when missing, applies migrations, and seeds the demo data on first run.
import { execSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

process.env.DATABASE_URL ??= "file:./data/app.db";
const file = process.env.DATABASE_URL.replace(/^file:/, "");
mkdirSync(path.dirname(path.resolve(file)), { recursive: true });

const run = (command) => execSync(command, { stdio: "inherit", env: process.env });

run("npx prisma migrate deploy");

const db = new Database(file, { readonly: true });
const { count } = db.prepare(`SELECT COUNT(*) AS count FROM "User"`).get();
db.close();
if (count === 0) {
  console.log("Empty database: seeding the demo marketplace…");
  run("npx tsx prisma/seed.ts");
} else {
  console.log(`Database ready (${count} accounts). Demo sign-ins: admin@example.com, guide@example.com, user@example.com.`);
}
