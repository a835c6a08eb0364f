// The seed's one entry (npm run db:seed): the curated demo (demo.ts), or with SEED_SCALE the scale generator (scale.ts),
// into the database DATABASE_URL names.
//
//   npx tsx prisma/seed/index.ts                    the demo: 240 mentees, 30 guides, 720 bookings (a few seconds,
//                                                   most of them drawing everyone's picture)
//   SEED_SCALE=100000 npx tsx prisma/seed/index.ts  100 000 mentees, 5 000 guides, 1 000 000 bookings (scale.ts)
//   SEED_RESET=1 …                                  empties every table first (else an account already there stops it)
//   SEED_NOW=2026-11-29T12:00:00Z …                 the marketplace's "now" (default: noon UTC today)
//   DATABASE_URL=postgresql://… …                   the same rows into a migrated PostgreSQL database: seeded into a
//                                                   temporary SQLite file, then copied (scripts/seed-postgres.ts);
//                                                   SEED_SCALE=100000 in about 1 min 45 s on 2 cores
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { connect, copyToPostgres, createSqliteFile, isPostgresUrl, postgresUsers } from "../../scripts/seed-postgres.ts";
import { elapsed, progress, thousands } from "./clock.ts";
import { DEMO } from "./demo.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "./demo-two-factor.mjs";
import { seedMarketplace } from "./marketplace.ts";
import type { Plan } from "./plan.ts";
import { scalePlan } from "./scale.ts";
import { SUMMARY_TABLES, openDatabase, sqliteCounts } from "./writer.ts";

const DEMO_PASSWORD_LABEL = process.env.DEMO_PASSWORD ? "(DEMO_PASSWORD)" : "Passw0rd!";
const PORT = process.env.PORT ?? "3000";

function parseScale(value: string | undefined): number | null {
  if (!value) return null;
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n) || n < 1) {
    console.error(`SEED_SCALE must be a positive whole number of users (got "${value}").`);
    process.exit(1);
  }
  return n;
}

const scale = parseScale(process.env.SEED_SCALE);
const plan: Plan = scale === null ? DEMO : scalePlan(scale);
const reset = process.env.SEED_RESET === "1";

function printSummary(counts: Array<[string, number]>) {
  console.log(`\nSeeded in ${elapsed()}:`);
  for (const [table, n] of counts) console.log(`  ${table.padEnd(18)} ${thousands(n).padStart(9)}`);
  const base = `http://localhost:${PORT}`;
  console.log(`\nDemo sign-in (password: ${DEMO_PASSWORD_LABEL}):`);
  console.log(`  admin  admin@example.com  → ${base}/admin/login  (two-factor code: npm run demo:code; key ${DEMO_ADMIN_TOTP_SECRET})`);
  console.log(`  guide  guide@example.com  → ${base}/login`);
  console.log(`  user   user@example.com   → ${base}/login`);
  if (scale === null) console.log(`  sponsor  sponsor@example.com  → ${base}/sponsor (Grace Church's sponsorship; the same two-factor code)`);
}

const startMessage = (target: string) =>
  `Seeding ${target}: ${thousands(plan.users)} users, ${thousands(plan.guides)} guides, ~${thousands(plan.bookings)} bookings…`;

function refuseSeeded(target: string, users: number) {
  if (users === 0 || reset) return;
  console.error(`${target} already has ${users} users. Run with SEED_RESET=1 to delete all rows and seed again.`);
  process.exit(1);
}

async function seedSqlite(url: string) {
  const file = path.resolve(process.cwd(), url.replace(/^file:/, ""));
  const db = openDatabase(file, { trustKeys: plan.bulkTables !== null });
  refuseSeeded(file, (db.prepare(`SELECT count(*) AS n FROM "User"`).get() as { n: number }).n);
  console.log(startMessage(file));
  await seedMarketplace(db, plan, { reset, forCopy: false });
  printSummary(sqliteCounts(db));
  db.close();
}

/**
 * PostgreSQL: the same seed into a temporary SQLite file, then every table copied across in one transaction
 * (scripts/seed-postgres.ts): the target is emptied first, its sequences continue after the largest ids.
 */
async function seedPostgres(url: string) {
  const target = new URL(url);
  const name = `PostgreSQL ${target.host}${target.pathname}`;
  const client = await connect(url);
  let existingUsers: number;
  try {
    existingUsers = await postgresUsers(client);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  } finally {
    await client.end();
  }
  refuseSeeded(name, existingUsers);
  console.log(startMessage(name));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-"));
  try {
    const file = path.join(dir, "seed.db");
    createSqliteFile(file);
    const db = openDatabase(file, { trustKeys: plan.bulkTables !== null });
    await seedMarketplace(db, plan, { reset: false, forCopy: true });
    db.close();
    console.log("Copying into PostgreSQL:");
    const shown = new Map(await copyToPostgres(file, url, progress));
    printSummary(SUMMARY_TABLES.map((table) => [table, shown.get(table) ?? 0]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const url = process.env.DATABASE_URL ?? "file:./data/app.db";
await (isPostgresUrl(url) ? seedPostgres(url) : seedSqlite(url));
