import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";

// The CLI does not read .env beside a config file, and needs a url every time it reads the schema.
process.env.DATABASE_URL ??= "file:./data/app.db";

export default defineConfig({
  engine: "js",
  experimental: { adapter: true },
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  adapter: async () => new PrismaBetterSQLite3({ url: process.env.DATABASE_URL! }),
});
