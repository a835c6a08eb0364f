// Generates the Prisma clients from the one schema source, prisma/schema.prisma (written for SQLite):
// app/generated/prisma for SQLite, and app/generated/prisma-pg for PostgreSQL from a copy whose only
// differences are the provider and the output folder (written to prisma/.postgres/, never edited by hand).
// The server picks one at run time from DATABASE_URL (app/lib/db.server.ts).
import { execSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const postgresSchema = path.join("prisma", ".postgres", "schema.prisma");

/** The PostgreSQL copy of a schema written for SQLite: another provider and output folder, nothing else. */
export function toPostgres(source) {
  const derived = source
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/output\s*=\s*"\.\.\/app\/generated\/prisma"/, 'output     = "../../app/generated/prisma-pg"');
  if (!derived.includes('"postgresql"') || !derived.includes("prisma-pg")) throw new Error("prisma/schema.prisma: provider or output not found");
  return `// Derived from prisma/schema.prisma by scripts/generate-clients.mjs: edit that file, not this one.\n${derived}`;
}

export function writePostgresSchema() {
  const derived = toPostgres(readFileSync(path.join("prisma", "schema.prisma"), "utf8"));
  mkdirSync(path.dirname(postgresSchema), { recursive: true });
  writeFileSync(postgresSchema, derived);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writePostgresSchema();
  // prisma.config.ts chooses the schema by the kind of DATABASE_URL; generating connects to nothing.
  const generate = (url) => execSync("npx prisma generate", { stdio: "inherit", env: { ...process.env, DATABASE_URL: url } });
  generate("file:./data/app.db");
  generate("postgresql://127.0.0.1/generate-only");
}
