import { afterEach, describe, expect, test, vi } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { databaseUrl, dialect } from "#app/lib/dialect.server.ts";
import { peopleTerm, personMatches, type PeopleTerm } from "#app/modules/accounts/search.server.ts";
import { listBookings } from "#app/modules/bookings/bookings.server.ts";
import { createPerson } from "#tests/app.ts";

// People searches on SQLite read the people they find from a table kept on the connection
// (app/modules/accounts/kept-people.server.ts). These tests show it is read, and that it never shows anyone stale.

const sqlite = dialect === "sqlite";
const admin = { id: 1, name: "Admin", email: "admin@example.com", role: "admin" as const, imageId: null };

/** The ids a term's people search finds among `ids`, through the kept table when there is one. */
async function found(term: PeopleTerm, ids: number[]) {
  const rows = await prisma.$queryRaw<Array<{ id: number }>>`
    SELECT u.id FROM "User" u WHERE u.id IN (${Prisma.join(ids)}) AND ${personMatches(Prisma.sql`u.id`, term, "walk")} ORDER BY u.id`;
  return rows.map((row) => Number(row.id));
}

/** The temporary tables of the app's connection. */
async function keptTables() {
  const rows = await prisma.$queryRaw<Array<{ name: string }>>`SELECT name FROM temp.sqlite_master WHERE type = 'table' AND name LIKE 'KeptPeople%'`;
  return rows.map((row) => row.name);
}

afterEach(() => {
  vi.useRealTimers();
});

describe("people found by a search", () => {
  test("on SQLite they come from a table kept on the connection, with exactly the people the index finds; PostgreSQL keeps none", async () => {
    const term = await peopleTerm("qu");
    if (!sqlite) return expect(term.kept).toBeUndefined();
    const [quill, other] = [await createPerson("user", { name: "Quentin Quill" }), await createPerson("user", { name: "Ada Lovelace", organisation: "Elm" })];
    const kept = await peopleTerm("qu");
    expect(kept.kept).toBeDefined();
    expect(await found(kept, [quill.id, other.id])).toEqual([quill.id]);
    const everyone = await prisma.$queryRaw<Array<{ id: number }>>`SELECT rowid AS id FROM "UserWords" WHERE "UserWords" MATCH '"qu"*' ORDER BY rowid`;
    const keptIds = await prisma.$queryRaw<Array<{ id: number }>>`SELECT id FROM ${kept.kept!.table} ORDER BY id`;
    expect(keptIds.map((row) => Number(row.id))).toEqual(everyone.map((row) => Number(row.id)));
  });

  test("a booking's mentee and guide are each looked up in the kept table, with no list of people built per statement", async () => {
    if (!sqlite) return;
    const term = await peopleTerm("qu");
    const query = Prisma.sql`SELECT b.id FROM "Booking" b WHERE ${personMatches(Prisma.sql`b."userId"`, term, "walk")} OR ${personMatches(Prisma.sql`b."guideId"`, term, "walk")} ORDER BY b."createdAt" DESC LIMIT 10`;
    const plan = (await prisma.$queryRaw<Array<{ detail: string }>>`EXPLAIN QUERY PLAN ${query}`).map((row) => row.detail);
    expect(plan.filter((step) => /USING ROWID SEARCH ON TABLE KeptPeople_\w+ FOR IN-OPERATOR/.test(step))).toHaveLength(2);
    expect(plan.join("\n")).not.toMatch(/LIST SUBQUERY|UserWords/);
  });

  test("someone renamed is found by their new name and no longer by the old one, at the next search", async () => {
    const person = await createPerson("user", { name: "Zebedee Quartz", organisation: "Elm" });
    expect(await found(await peopleTerm("ze"), [person.id])).toEqual([person.id]);
    await prisma.user.update({ where: { id: person.id }, data: { name: "Yolanda Quartz" } });
    expect(await found(await peopleTerm("ze"), [person.id])).toEqual([]);
    expect(await found(await peopleTerm("yo"), [person.id])).toEqual([person.id]);
  });

  test("a change written by another connection (a script, a second process) is seen at the next search", async () => {
    if (!sqlite) return;
    const person = await createPerson("user", { name: "Xanthe Quartz", organisation: "Elm" });
    expect(await found(await peopleTerm("xa"), [person.id])).toEqual([person.id]);
    const { default: Database } = await import("better-sqlite3");
    const other = new Database(databaseUrl().replace(/^file:/, ""));
    try {
      other.prepare(`UPDATE "User" SET name = 'Wilhelmina Quartz' WHERE id = ?`).run(person.id);
    } finally {
      other.close();
    }
    expect(await found(await peopleTerm("xa"), [person.id])).toEqual([]);
    expect(await found(await peopleTerm("wi"), [person.id])).toEqual([person.id]);
  });

  test("a statement made before the people were read again reads them as they are now (the table is refilled, never dropped)", async () => {
    if (!sqlite) return;
    const person = await createPerson("user", { name: "Ulrich Quartz", organisation: "Elm" });
    const before = await peopleTerm("vi");
    expect(await found(before, [person.id])).toEqual([]);
    await prisma.user.update({ where: { id: person.id }, data: { name: "Violet Quartz" } });
    await peopleTerm("vi");
    expect(await found(before, [person.id])).toEqual([person.id]);
  });

  test("a term unused for ten minutes is dropped when another is read", async () => {
    if (!sqlite) return;
    vi.useFakeTimers({ toFake: ["Date"] });
    const old = await peopleTerm("tu");
    const name = old.kept!.table.sql.replace(/^temp\."|"$/g, "");
    expect(await keptTables()).toContain(name);
    vi.setSystemTime(Date.now() + 11 * 60_000);
    await peopleTerm("tv");
    expect(await keptTables()).not.toContain(name);
    // Asked again, it is read again.
    const again = await peopleTerm("tu");
    expect(await found(again, [1])).toEqual(await found({ text: "tu" }, [1]));
  });

  test("at most 64 terms are kept: past that, the least recently used goes once it has been unused for a minute", async () => {
    if (!sqlite) return;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 60 * 60_000);
    const terms = Array.from({ length: 70 }, (_, i) => `zz${String(i).padStart(2, "0")}`);
    for (const term of terms) await peopleTerm(term);
    // All used within the last minute: none goes yet.
    expect((await keptTables()).length).toBeGreaterThanOrEqual(70);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const latest = await peopleTerm("zz70");
    const tables = await keptTables();
    expect(tables).toHaveLength(64);
    expect(tables).toContain(latest.kept!.table.sql.replace(/^temp\."|"$/g, ""));
  });

  test("no term is kept from inside a transaction, whose rollback would undo the table behind the search's back", async () => {
    if (!sqlite) return;
    await expect(transaction(() => peopleTerm("ka"))).rejects.toThrow(/inside a transaction/);
  });

  test("the bookings list's short search finds the same bookings either way", async () => {
    const guide = await createPerson("guide", { name: "Tobias Quartz" });
    const mentee = await createPerson("user", { name: "Ursula Quartz" });
    await prisma.booking.create({ data: { userId: mentee.id, guideId: guide.id, topic: "Calling", status: "confirmed", startsAt: new Date() } });
    const list = (search: string) => listBookings({ page: 1, limit: 10, search, sort: "createdAt", order: "desc" }, { guideId: guide.id }, admin);
    expect((await list("ur")).data.map((row) => row.user.id)).toEqual([mentee.id]);
    expect((await list("to")).data.map((row) => row.guide.id)).toEqual([guide.id]);
    expect((await list("qz")).meta.total).toBe(0);
  });
});
