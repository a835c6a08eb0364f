import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "./db.server.ts";
import { dialect } from "./dialect.server.ts";
import { column, queryRows } from "./sql.server.ts";
import { stopSignal } from "./stopping.server.ts";

/**
 * What a proxy or an orchestrator asks an app server: `/healthz`, whether the process is up (nothing else is
 * touched), and `/readyz`, whether it should be sent requests: not stopping, the database answers, and every
 * migration this release ships is applied. Both answer JSON, without a session, uncached.
 */
export type Readiness = { ready: true; migrations: number } | { ready: false; message: string };

/** The migrations this release ships for its engine (their folders beside the schema), read once. */
let shipped: string[] | undefined;
function shippedMigrations() {
  const folder = path.resolve("prisma", dialect === "postgres" ? "migrations-postgres" : "migrations");
  shipped ??= existsSync(folder) ? readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : [];
  return shipped;
}

export async function readiness(): Promise<Readiness> {
  if (stopSignal.aborted) return { ready: false, message: "This server is stopping." };
  let applied: Set<string>;
  try {
    // What ran: Prisma's own table on SQLite (`prisma migrate deploy`), the migration runner's on PostgreSQL (scripts/migrate.mjs).
    const ran =
      dialect === "postgres"
        ? Prisma.sql`SELECT name FROM "_migrations"`
        : Prisma.sql`SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
    const rows = await queryRows({ name: column.text }, ran, prisma);
    applied = new Set(rows.map((row) => row.name));
  } catch {
    return { ready: false, message: "The database does not answer." };
  }
  const missing = shippedMigrations().filter((name) => !applied.has(name));
  if (missing.length) return { ready: false, message: `The database lacks ${missing.length === 1 ? "1 migration" : `${missing.length} migrations`} (npm run db:migrate): ${missing.join(", ")}.` };
  return { ready: true, migrations: applied.size };
}
