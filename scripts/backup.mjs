// Backups of the database while the app runs, and their restore into a stopped or new database (README "Backups").
//   npm run db:backup [-- --dir backups] [--keep 14]   a consistent copy of DATABASE_URL's database, named for its time
//   npm run db:restore -- FILE [--to URL] [--replace]  that copy into the database --to names (DATABASE_URL's by default)
// Everything is in the database (uploaded pictures and files too), so the copy is the whole of what to keep.
//
// SQLite: `VACUUM INTO` writes the copy inside one read transaction, so writers carry on and the copy is the database
// as it was when it began. PostgreSQL: `pg_dump --format=custom` from a snapshot exported by a transaction that counts
// every table's rows in that same snapshot. Beside each copy a manifest (`<copy>.json`) keeps those counts; a restore
// checks the restored database (SQLite's `PRAGMA integrity_check`) and that every table holds exactly them.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { URL } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import pg from "pg";
import { createPostgresDatabase, isPostgres } from "./migrate.mjs";
import { clientBinary } from "./postgres.mjs";

const sqliteFile = (url) => path.resolve(url.replace(/^file:/, ""));
const stamp = (date) => date.toISOString().replace(/\.\d+Z$/, "Z").replaceAll(":", "-");

/** The rows of every table of a SQLite database (its own tables, not the full-text indexes' shadow tables). */
function sqliteCounts(db) {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' AND name NOT GLOB '*Search_*' AND name NOT GLOB '*Words_*' ORDER BY name`)
    .pluck()
    .all();
  return Object.fromEntries(tables.map((name) => [name, db.prepare(`SELECT COUNT(*) FROM "${name.replaceAll('"', '""')}"`).pluck().get()]));
}

async function postgresCounts(client) {
  const { rows } = await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
  const counts = {};
  for (const { tablename } of rows) {
    const { rows: [{ count }] } = await client.query(`SELECT COUNT(*)::int AS count FROM "${tablename.replaceAll('"', '""')}"`);
    counts[tablename] = count;
  }
  return counts;
}

/** Runs a PostgreSQL client program (pg_dump, pg_restore) to its end; rejects with what it printed. */
function runClient(binary, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(clientBinary(binary), args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${binary} exited with ${code}: ${errors.trim()}`))));
  });
}

/** Writes a copy of the database `url` names into `dir`; returns its path and the manifest written beside it. */
export async function backup(url, { dir = "backups", keep, now = new Date() } = {}) {
  mkdirSync(dir, { recursive: true });
  const name = isPostgres(url) ? decodeURIComponent(new URL(url).pathname.slice(1)) : path.basename(sqliteFile(url), ".db");
  const file = path.resolve(dir, `${name}-${stamp(now)}.${isPostgres(url) ? "dump" : "db"}`);
  const partial = `${file}.partial`;
  let counts;
  if (isPostgres(url)) {
    // The counts and the dump read the same snapshot: the transaction exporting it stays open until pg_dump is done.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const { rows: [{ snapshot }] } = await client.query("SELECT pg_export_snapshot() AS snapshot");
      counts = await postgresCounts(client);
      await runClient("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, "--no-owner", `--file=${partial}`, `--dbname=${url}`]);
      await client.query("COMMIT");
    } finally {
      await client.end();
    }
  } else {
    const db = new Database(sqliteFile(url), { fileMustExist: true, timeout: 10_000 });
    try {
      db.prepare("VACUUM INTO ?").run(partial);
    } finally {
      db.close();
    }
    const copy = new Database(partial, { readonly: true });
    counts = sqliteCounts(copy);
    copy.close();
  }
  renameSync(partial, file);
  const manifest = { engine: isPostgres(url) ? "postgres" : "sqlite", database: name, takenAt: now.toISOString(), tables: counts };
  writeFileSync(`${file}.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  if (keep) pruneBackups(dir, name, keep);
  return { file, manifest };
}

/** Keeps the newest `keep` copies of the database `name` in `dir` (their names sort by time), with their manifests. */
function pruneBackups(dir, name, keep) {
  const copies = readdirSync(dir).filter((entry) => entry.startsWith(`${name}-`) && /\.(db|dump)$/.test(entry)).sort();
  for (const old of copies.slice(0, Math.max(0, copies.length - keep))) {
    rmSync(path.join(dir, old), { force: true });
    rmSync(path.join(dir, `${old}.json`), { force: true });
  }
}

/**
 * Restores the copy `file` into the database `url` names: a new one, or (with `replace`) one whose app servers are
 * stopped. Checks it and compares every table's rows with the manifest; throws on any difference.
 */
export async function restore(file, url, { replace = false } = {}) {
  const manifest = JSON.parse(readFileSync(`${file}.json`, "utf8"));
  if (manifest.engine !== (isPostgres(url) ? "postgres" : "sqlite")) throw new Error(`${file} is a ${manifest.engine} copy; ${url} is not a ${manifest.engine} database.`);
  let counts;
  if (isPostgres(url)) {
    await createPostgresDatabase(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT COUNT(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'`);
      if (rows[0].tables > 0 && !replace) throw new Error(`${url} already holds tables: restore into a new database, or pass --replace once its app servers are stopped.`);
      await runClient("pg_restore", ["--no-owner", "--exit-on-error", ...(rows[0].tables > 0 ? ["--clean", "--if-exists"] : []), `--dbname=${url}`, file]);
      counts = await postgresCounts(client);
    } finally {
      await client.end();
    }
  } else {
    const target = sqliteFile(url);
    if (existsSync(target) && !replace) throw new Error(`${target} exists: restore into a new file, or pass --replace once its app servers are stopped.`);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, `${target}.restoring`);
    for (const leftover of ["-wal", "-shm"]) rmSync(`${target}${leftover}`, { force: true });
    renameSync(`${target}.restoring`, target);
    const db = new Database(target);
    try {
      const integrity = db.pragma("integrity_check", { simple: true });
      if (integrity !== "ok") throw new Error(`The restored database fails its integrity check: ${integrity}`);
      db.pragma("journal_mode = WAL");
      counts = sqliteCounts(db);
    } finally {
      db.close();
    }
  }
  const differences = Object.entries(manifest.tables).filter(([table, rows]) => counts[table] !== rows);
  if (differences.length) throw new Error(`The restored rows differ from the copy's: ${differences.map(([table, rows]) => `${table} ${counts[table]} (copy: ${rows})`).join(", ")}`);
  return { tables: counts, takenAt: manifest.takenAt };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { dir: { type: "string" }, keep: { type: "string" }, to: { type: "string" }, replace: { type: "boolean" } } });
  const url = process.env.DATABASE_URL ?? "file:./data/app.db";
  try {
    if (command === "backup") {
      const keep = values.keep === undefined ? undefined : Number(values.keep);
      if (keep !== undefined && !(Number.isInteger(keep) && keep > 0)) throw new Error("--keep takes a whole number of copies, at least 1.");
      const { file, manifest } = await backup(url, { dir: values.dir ?? process.env.BACKUP_DIR ?? "backups", keep });
      const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
      console.log(`Backed up ${manifest.database} (${rows.toLocaleString("en-US")} rows in ${Object.keys(manifest.tables).length} tables) to ${file}`);
    } else if (command === "restore" && positionals.length === 1) {
      const target = values.to ?? url;
      const { tables, takenAt } = await restore(path.resolve(positionals[0]), target, { replace: values.replace });
      const checked = isPostgres(target) ? "" : "integrity checked, ";
      console.log(`Restored the copy of ${takenAt} into ${target.replace(/\/\/[^@/]*@/, "//…@")}: ${checked}${Object.keys(tables).length} tables with the rows the copy holds.`);
    } else {
      console.error("Usage: npm run db:backup [-- --dir DIR] [--keep N]  |  npm run db:restore -- FILE [--to URL] [--replace]");
      process.exit(2);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
