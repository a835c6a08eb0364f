// Writes a new migration offline: diffs the schema as of the last commit against the working copy.
// Usage: npm run db:new-migration -- <name>
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name) {
  console.error("Usage: npm run db:new-migration -- <name>");
  process.exit(1);
}
const before = path.join(tmpdir(), `schema-before-${process.pid}.prisma`);
writeFileSync(before, execFileSync("git", ["show", "HEAD:prisma/schema.prisma"]));
const sql = execFileSync(
  "npx",
  ["prisma", "migrate", "diff", "--from-schema-datamodel", before, "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
  { encoding: "utf8", env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? "file:./data/app.db" } },
);
if (!sql.trim() || /This is an empty migration/.test(sql)) {
  console.log("The schema has not changed since the last commit: no migration written.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join("prisma", "migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(`Wrote ${dir}/migration.sql`);
