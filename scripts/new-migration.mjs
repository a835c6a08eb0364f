// Writes a new migration offline, for both engines: diffs the schema as of the last commit against the working
// copy, into prisma/migrations (SQLite) and prisma/migrations-postgres (PostgreSQL), under the same name.
// Hand-written SQL (triggers, indexes Prisma cannot declare) is appended to each file by hand.
// Usage: npm run db:new-migration -- <name>
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { postgresSchema, toPostgres, writePostgresSchema } from "./generate-clients.mjs";
import { adminUrl, start } from "./postgres.mjs";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name) {
  console.error("Usage: npm run db:new-migration -- <name>");
  process.exit(1);
}
const committed = execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { encoding: "utf8" });
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
writePostgresSchema();
// Prisma's diff for PostgreSQL wants a server to talk to, though it writes nothing: the local throwaway one.
start();

const engines = [
  { folder: "migrations", before: committed, after: "prisma/schema.prisma", url: "file:./data/app.db" },
  { folder: "migrations-postgres", before: toPostgres(committed), after: postgresSchema, url: adminUrl },
];
for (const { folder, before, after, url } of engines) {
  const beforeFile = path.join(tmpdir(), `schema-before-${process.pid}-${folder}.prisma`);
  writeFileSync(beforeFile, before);
  const sql = execFileSync("npx", ["prisma", "migrate", "diff", "--from-schema-datamodel", beforeFile, "--to-schema-datamodel", after, "--script"], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: url },
  });
  if (!sql.trim() || /This is an empty migration/.test(sql)) {
    console.log("The schema has not changed since the last commit: no migration written.");
    process.exit(0);
  }
  const dir = path.join("prisma", folder, `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "migration.sql"), sql);
  console.log(`Wrote ${dir}/migration.sql`);
}
