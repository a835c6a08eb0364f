import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/** Applies every committed migration, in order, to a fresh SQLite file (what `prisma migrate deploy` does). */
export function migrateFresh(file: string) {
  const dir = path.resolve("prisma/migrations");
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // Recorded as Prisma records them, so the database says which migrations it has (the app's /readyz reads this).
  db.exec(`CREATE TABLE "_prisma_migrations" (
    "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME, "migration_name" TEXT NOT NULL, "logs" TEXT,
    "rolled_back_at" DATETIME, "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`);
  const record = db.prepare(`INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES (?, ?, ?, ?, 1)`);
  for (const name of readdirSync(dir).filter((entry) => /^\d+_/.test(entry)).sort()) {
    const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
    db.exec(sql);
    record.run(randomUUID(), createHash("sha256").update(sql).digest("hex"), new Date().toISOString(), name);
  }
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}
