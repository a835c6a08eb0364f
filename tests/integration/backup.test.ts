/**
 * `npm run db:backup` while the app writes, and `npm run db:restore` into a new database: every write acknowledged
 * before the backup began is in the restored database, which passes its checks (SQLite's integrity check, and every
 * table holding the rows the copy's manifest counted). On both engines.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";

const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), "backups-"));
const url = process.env.DATABASE_URL!;
const restoredUrl =
  dialect === "postgres" ? Object.assign(new URL(url), { pathname: `${new URL(url).pathname}_restored` }).toString() : `file:${path.join(dir, "restored.db")}`;

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (dialect === "postgres") {
    const admin = Object.assign(new URL(url), { pathname: "/postgres" });
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${new URL(restoredUrl).pathname.slice(1)}" WITH (FORCE)`);
    await client.end();
  }
});

/** The subjects of the outbox's mails in the restored database. */
async function restoredSubjects() {
  if (dialect === "postgres") {
    const client = new pg.Client({ connectionString: restoredUrl });
    await client.connect();
    const { rows } = await client.query<{ subject: string }>(`SELECT subject FROM "OutboxMail"`);
    await client.end();
    return new Set(rows.map((row) => row.subject));
  }
  const db = new Database(restoredUrl.replace(/^file:/, ""), { readonly: true });
  const rows = db.prepare(`SELECT subject FROM "OutboxMail"`).pluck().all() as string[];
  db.close();
  return new Set(rows);
}

test("a backup taken while the app writes restores with every write acknowledged before it began", { timeout: 120_000 }, async () => {
  const write = (n: number) => prisma.outboxMail.create({ data: { to: "backup@test.example", subject: `Write ${n}`, text: "Kept", html: "<p>Kept</p>" } });
  const acknowledged: string[] = [];
  for (let n = 0; n < 50; n++) acknowledged.push((await write(n)).subject);

  // The app keeps writing while the backup runs.
  let writing = true;
  let n = 50;
  const writer = (async () => {
    while (writing) {
      await write(n++);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  const { stdout } = await run(process.execPath, ["scripts/backup.mjs", "backup", "--dir", dir, "--keep", "1"], { env: process.env });
  writing = false;
  await writer;
  // The app wrote on while the copy was taken.
  expect(n).toBeGreaterThan(50);
  expect(stdout).toMatch(/^Backed up .* to .*\.(db|dump)\n$/);
  const [copy] = readdirSync(dir).filter((name) => /\.(db|dump)$/.test(name));
  const manifest = JSON.parse(readFileSync(path.join(dir, `${copy}.json`), "utf8"));
  expect(manifest).toMatchObject({ engine: dialect });
  expect(manifest.tables.OutboxMail).toBeGreaterThanOrEqual(50);

  const restored = await run(process.execPath, ["scripts/backup.mjs", "restore", path.join(dir, copy), "--to", restoredUrl], { env: process.env });
  expect(restored.stdout).toMatch(/^Restored the copy of .* tables with the rows the copy holds\.\n$/);
  const subjects = await restoredSubjects();
  expect(acknowledged.filter((subject) => !subjects.has(subject))).toEqual([]);
  expect(subjects.size).toBe(manifest.tables.OutboxMail);

  // A restore never lands on a database that holds one already, unless told to replace it.
  const again = run(process.execPath, ["scripts/backup.mjs", "restore", path.join(dir, copy), "--to", restoredUrl], { env: process.env });
  await expect(again).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/restore into a new (database|file), or pass --replace/) });
});
