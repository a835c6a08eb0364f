import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";

// The CLI does not read .env beside a config file: the adapters below take the database from DATABASE_URL, or the demo's.
process.env.DATABASE_URL ??= "file:./data/app.db";
const url = process.env.DATABASE_URL;

// PostgreSQL reads the schema derived from prisma/schema.prisma (scripts/generate-clients.mjs) and its own migrations.
const postgres = /^postgres(ql)?:/.test(url);

export default defineConfig({
  engine: "js",
  experimental: { adapter: true },
  schema: postgres ? path.join("prisma", ".postgres", "schema.prisma") : path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", postgres ? "migrations-postgres" : "migrations") },
  adapter: async () => (postgres ? new PrismaPg({ connectionString: url }) : new PrismaBetterSQLite3({ url })),
});
