import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/** Applies every committed migration, in order, to a fresh SQLite file (what `prisma migrate deploy` does). */
export function migrateFresh(file: string) {
  const dir = path.resolve("prisma/migrations");
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  for (const name of readdirSync(dir).filter((entry) => /^\d+_/.test(entry)).sort()) {
    db.exec(readFileSync(path.join(dir, name, "migration.sql"), "utf8"));
  }
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}
