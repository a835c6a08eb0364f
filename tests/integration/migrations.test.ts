// After the migrations run, SQLite measures any index a migration added: the planner reads sqlite_stat1, and an
// index missing from it is guessed selective enough to take over queries it would slow down.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, test } from "vitest";
import { measureNewIndexes } from "../../scripts/migrate.mjs";

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** 20,000 people, a third of each role, sorted by name through an index that avoids a sort. */
function people() {
  dir = mkdtempSync(path.join(tmpdir(), "mm-migrations-"));
  const file = path.join(dir, "app.db");
  const db = new Database(file);
  db.exec(`CREATE TABLE person (id INTEGER PRIMARY KEY, role TEXT, deleted INTEGER, verified INTEGER, name TEXT)`);
  const insert = db.prepare(`INSERT INTO person (role, deleted, verified, name) VALUES (?, 0, ?, ?)`);
  db.transaction(() => {
    for (let i = 0; i < 20_000; i++) insert.run(["user", "guide", "admin"][i % 3], i % 2, `Person ${i}`);
  })();
  db.exec(`CREATE INDEX person_role_name ON person (role, deleted, name)`);
  return { file, db };
}

const firstPage = `SELECT id FROM person WHERE role = 'user' AND deleted = 0 ORDER BY name LIMIT 10`;
const plan = (db: Database.Database) => db.prepare(`EXPLAIN QUERY PLAN ${firstPage}`).all().map((row) => (row as { detail: string }).detail).join("; ");

test("an index added after the database was analysed gets its statistics, and the planner keeps the better index", () => {
  const { file, db } = people();
  db.exec("ANALYZE");
  const before = db.prepare(`SELECT stat FROM sqlite_stat1 WHERE idx = 'person_role_name'`).pluck().get();
  // What a later migration adds: an index that, unmeasured, looks more selective than it is.
  db.exec(`CREATE INDEX person_role_verified ON person (role, deleted, verified)`);
  expect(plan(db)).toContain("person_role_verified");
  db.close();

  expect(measureNewIndexes(file)).toEqual(["person_role_verified"]);

  const after = new Database(file, { readonly: true });
  expect(after.prepare(`SELECT stat FROM sqlite_stat1 WHERE idx = 'person_role_verified'`).pluck().get()).toMatch(/^20000 /);
  expect(after.prepare(`SELECT stat FROM sqlite_stat1 WHERE idx = 'person_role_name'`).pluck().get()).toBe(before);
  expect(plan(after)).toContain("person_role_name");
  expect(plan(after)).not.toContain("TEMP B-TREE");
  after.close();
  expect(measureNewIndexes(file)).toEqual([]);
});

test("a database never analysed is left as it is", () => {
  const { file, db } = people();
  db.close();
  expect(measureNewIndexes(file)).toEqual([]);
  const after = new Database(file, { readonly: true });
  expect(after.prepare(`SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'`).get()).toBeUndefined();
  after.close();
});
