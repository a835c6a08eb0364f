import { describe, expect, test } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { keepPlannerStatisticsCurrent, keepStatements, prisma, transaction } from "./db.server.ts";
import { databaseUrl, dialect } from "./dialect.server.ts";
import { readDirectly } from "./sqlite-reads.server.ts";

// On SQLite every query shares one connection (the turnstile in db.server.ts); on PostgreSQL a transaction has its
// own connection from the pool. Either way, what others write while a transaction is open must never be lost.
describe("database access while transactions are open", () => {
  test("writes acknowledged while a transaction rolls back are all kept", async () => {
    const marker = `gate-${Date.now()}`;
    // The expectation is attached at once: the transaction may roll back before the writes below are answered.
    const rolledBack = expect(
      transaction(async (tx) => {
        await tx.faq.create({ data: { question: `${marker} inside`, answer: "x", type: "general" } });
        // Give other requests every chance to run while the transaction is open.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const concurrent = Array.from({ length: 5 }, (_, i) =>
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 5 * i));
        return prisma.faq.create({ data: { question: `${marker} outside ${i}`, answer: "y", type: "general" } });
      })(),
    );
    const acknowledged = await Promise.all(concurrent);
    await rolledBack;

    expect(acknowledged).toHaveLength(5);
    const kept = await prisma.faq.findMany({ where: { question: { startsWith: marker } } });
    expect(kept.map((faq) => faq.question).sort()).toEqual(acknowledged.map((faq) => faq.question).sort());
    expect(kept.some((faq) => faq.question.endsWith("inside"))).toBe(false);
  });

  test("two transactions that lock the same rows in opposite orders both complete (a deadlock is run again)", async () => {
    const [first, second] = await Promise.all(
      ["first", "second"].map((name) => prisma.faq.create({ data: { question: `deadlock-${Date.now()}-${name}`, answer: "0", type: "general" } })),
    );
    const lockBoth = (ids: number[], mark: string) =>
      transaction(async (tx) => {
        await tx.faq.update({ where: { id: ids[0] }, data: { answer: mark } });
        // Both hold their first row before either asks for its second.
        await new Promise((resolve) => setTimeout(resolve, 100));
        await tx.faq.update({ where: { id: ids[1] }, data: { answer: mark } });
        return mark;
      });
    const results = await Promise.all([lockBoth([first.id, second.id], "a"), lockBoth([second.id, first.id], "b")]);
    expect(results).toEqual(["a", "b"]);
    const answers = (await prisma.faq.findMany({ where: { id: { in: [first.id, second.id] } } })).map((faq) => faq.answer);
    // Whichever committed last wrote both rows: never half of each.
    expect(new Set(answers).size).toBe(1);
  });

  test("a committed transaction sees its own writes and keeps them", async () => {
    const marker = `commit-${Date.now()}`;
    const count = await transaction(async (tx) => {
      await tx.faq.create({ data: { question: marker, answer: "a", type: "general" } });
      return tx.faq.count({ where: { question: marker } });
    });
    expect(count).toBe(1);
    expect(await prisma.faq.count({ where: { question: marker } })).toBe(1);
  });

  test("raw queries wait for an open transaction too", async () => {
    const marker = `raw-${Date.now()}`;
    const rolledBack = expect(
      transaction(async (tx) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        await tx.faq.create({ data: { question: `${marker} inside`, answer: "x", type: "general" } });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const inserted = await prisma.$executeRaw`INSERT INTO "Faq" (question, answer, type, "isActive", position, "createdAt", "updatedAt") VALUES (${marker}, 'b', 'general', TRUE, 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`;
    await rolledBack;
    expect(inserted).toBe(1);
    expect(await prisma.faq.count({ where: { question: marker } })).toBe(1);
  });

  test("on SQLite a transaction takes the write lock as it begins, so another process's write cannot fail it", async () => {
    if (dialect !== "sqlite") return;
    const { default: Database } = await import("better-sqlite3");
    // Another process's connection, giving up at once rather than waiting for the lock.
    const other = new Database(databaseUrl().replace(/^file:/, ""), { timeout: 0 });
    const marker = `lock-${Date.now()}`;
    let otherWrite = "";
    await transaction(async (tx) => {
      await tx.faq.count();
      try {
        other.prepare(`UPDATE "Faq" SET position = position`).run();
        otherWrite = "written";
      } catch (error) {
        otherWrite = (error as { code: string }).code;
      }
      // With a deferred BEGIN the other write would have gone through, and this one would fail (SQLITE_BUSY_SNAPSHOT).
      await tx.faq.create({ data: { question: marker, answer: "a", type: "general" } });
    });
    expect(otherWrite).toBe("SQLITE_BUSY");
    expect(await prisma.faq.count({ where: { question: marker } })).toBe(1);
    other.prepare(`UPDATE "Faq" SET position = position`).run();
    other.close();
  });

  test("a bare interactive $transaction is refused", () => {
    expect(() => (prisma as unknown as { $transaction: unknown }).$transaction).toThrow(/transaction\(fn\)/);
  });

  test("foreign keys are enforced (and SQLite writes ahead to its log)", async () => {
    if (dialect === "sqlite") {
      const [{ journal_mode }] = await prisma.$queryRawUnsafe<[{ journal_mode: string }]>("PRAGMA journal_mode");
      expect(journal_mode).toBe("wal");
    }
    await expect(prisma.session.create({ data: { id: `orphan-${Date.now()}`, userId: 987654321, expiresAt: new Date() } })).rejects.toThrow();
  });
});

// The SQLite connection keeps its prepared statements (keepStatements): each run takes its own parameters.
describe("prepared statements kept by their SQL", () => {
  async function keptDatabase(size?: number) {
    const { default: Database } = await import("better-sqlite3");
    const database = new Database(":memory:");
    const prepare = database.prepare.bind(database);
    let prepared = 0;
    let columnsRead = 0;
    database.prepare = ((sql: string) => {
      prepared++;
      const statement = prepare(sql);
      const columns = statement.columns.bind(statement);
      statement.columns = () => {
        columnsRead++;
        return columns();
      };
      return statement;
    }) as typeof database.prepare;
    keepStatements(database, size);
    return { database, prepared: () => prepared, columnsRead: () => columnsRead };
  }

  test("a statement is compiled once and runs again with other parameters", async () => {
    const { database, prepared } = await keptDatabase();
    database.prepare("CREATE TABLE t (n INTEGER)").run();
    database.prepare("BEGIN").run();
    for (const n of [1, 2, 3]) database.prepare("INSERT INTO t (n) VALUES (?)").bind([n]).run();
    database.prepare("COMMIT").run();
    const read = (min: number) => database.prepare("SELECT n FROM t WHERE n >= ? ORDER BY n").bind([min]);
    expect(read(2).reader).toBe(true);
    expect(read(2).columns().map((column) => column.name)).toEqual(["n"]);
    expect(read(2).raw().all()).toEqual([[2], [3]]);
    expect(read(1).raw().all()).toEqual([[1], [2], [3]]);
    // CREATE, BEGIN, INSERT, COMMIT, SELECT: each compiled once.
    expect(prepared()).toBe(5);
  });

  test("a statement's columns are read from SQLite once", async () => {
    const { database, columnsRead } = await keptDatabase();
    const read = (n: number) => database.prepare("SELECT ? AS n, 'x' AS label").bind([n]);
    for (const n of [1, 2, 3]) expect(read(n).columns().map((column) => column.name)).toEqual(["n", "label"]);
    expect(read(4).raw().all()).toEqual([[4, "x"]]);
    expect(columnsRead()).toBe(1);
  });

  test("the least recently used statement gives way when the connection keeps its most", async () => {
    const { database, prepared } = await keptDatabase(2);
    const one = () => database.prepare("SELECT 1").raw().all();
    one();
    database.prepare("SELECT 2").raw().all();
    one();
    database.prepare("SELECT 3").raw().all(); // "SELECT 2" gives way
    one();
    expect(prepared()).toBe(3);
    database.prepare("SELECT 2").raw().all();
    expect(prepared()).toBe(4);
  });
});

// On SQLite a read through prisma.$queryRaw runs on the connection itself (sqlite-reads.server.ts), skipping Prisma's
// query pipeline; its rows must be exactly the rows Prisma would give, value types included.
describe("raw reads", () => {
  const marker = `raw-read-${Date.now()}`;
  const reads = () => [
    Prisma.sql`SELECT id, question, "isActive", position, "createdAt", "updatedAt" FROM "Faq" WHERE question LIKE ${`${marker}%`} ORDER BY id`,
    Prisma.sql`SELECT COUNT(*) AS n, SUM(position) AS total, MAX("createdAt") AS latest, 1.5 AS half, 'text' AS label, NULL AS absent,
      "isActive" = ${true} AS active FROM "Faq" WHERE question LIKE ${`${marker}%`} AND "createdAt" < ${new Date("2030-01-01T00:00:00Z")} GROUP BY "isActive" ORDER BY "isActive"`,
    Prisma.sql`SELECT scope, value, rows, "amountCents" FROM "RowTotal" ORDER BY scope, value LIMIT 5`,
    Prisma.sql`SELECT id, "ratingAverage", "isLive" FROM "GuideProfile" ORDER BY id LIMIT 3`,
  ];
  // The same statement through Prisma's own pipeline ($queryRawUnsafe is left to Prisma).
  const throughPrisma = (query: Prisma.Sql) => prisma.$queryRawUnsafe(dialect === "postgres" ? query.text : query.sql, ...query.values);

  async function addFaqs() {
    await prisma.faq.create({ data: { question: `${marker} kept`, answer: "a", position: 3, isActive: true } });
    // SQLite's own timestamp form (no T, no offset), as a migration or trigger would write it.
    const timestamp = dialect === "postgres" ? Prisma.sql`TIMESTAMP '2026-01-02 03:04:05'` : Prisma.sql`'2026-01-02 03:04:05'`;
    await prisma.$executeRaw`INSERT INTO "Faq" (question, answer, type, "isActive", position, "createdAt", "updatedAt")
      VALUES (${`${marker} hidden`}, 'b', 'general', FALSE, 7, ${timestamp}, ${timestamp})`;
    await prisma.rowTotal.upsert({ where: { scope_value: { scope: marker, value: "x" } }, create: { scope: marker, value: "x", rows: 2, amountCents: 9_007_199_254_740_993n }, update: {} });
  }

  test("give every column the type Prisma gives it", async () => {
    await addFaqs();
    for (const query of reads()) expect(await prisma.$queryRaw(query)).toEqual(await throughPrisma(query));
    const [kept, hidden] = await prisma.$queryRaw<{ isActive: unknown; createdAt: unknown; position: unknown }[]>(reads()[0]!);
    expect(kept).toMatchObject({ isActive: true, position: 3 });
    expect(hidden).toMatchObject({ isActive: false, createdAt: new Date("2026-01-02T03:04:05Z") });
  });

  test("on SQLite run on the connection itself", async () => {
    if (dialect !== "sqlite") return;
    await addFaqs();
    const { default: Database } = await import("better-sqlite3");
    const connection = new Database(databaseUrl().replace(/^file:/, ""), { readonly: true });
    connection.defaultSafeIntegers(true);
    const kept = keepStatements(connection);
    for (const query of reads()) {
      const rows = readDirectly(kept, query);
      expect(rows).toBeDefined();
      expect(rows).toEqual(await throughPrisma(query));
    }
    // A write, and a parameter only Prisma binds, are left to Prisma.
    expect(readDirectly(kept, Prisma.sql`DELETE FROM "Faq" WHERE id = ${0}`)).toBeUndefined();
    expect(readDirectly(kept, Prisma.sql`SELECT ${new Uint8Array([1])} AS bytes`)).toBeUndefined();
    connection.close();
  });

  test("writes and failures keep Prisma's behaviour", async () => {
    const [inserted] = await prisma.$queryRaw<{ question: string }[]>`INSERT INTO "Faq" (question, answer, type, "isActive", position, "createdAt", "updatedAt")
      VALUES (${`${marker} returned`}, 'c', 'general', TRUE, 0, ${new Date()}, ${new Date()}) RETURNING question`;
    expect(inserted).toEqual({ question: `${marker} returned` });
    expect(await prisma.faq.count({ where: { question: `${marker} returned` } })).toBe(1);
    await expect(prisma.$queryRaw`SELECT "noSuchColumn" FROM "Faq"`).rejects.toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
  });
});

describe("planner statistics", () => {
  test("on SQLite a table that has grown since it was analysed is measured again, and read by its key", async () => {
    if (dialect !== "sqlite") return;
    const plan = async () =>
      (await prisma.$queryRawUnsafe<Array<{ detail: string }>>(`EXPLAIN QUERY PLAN SELECT s.kind FROM "Session" s JOIN "User" u ON u.id = s."userId" WHERE s.id = 'x'`))
        .map((row) => row.detail)
        .join("\n");
    // Statistics from when the table held one session (and many people): the planner then reads every session to
    // find one. (The next test file starts from the template's statistics again: tests/setup/reset-db.ts.)
    await prisma.$executeRawUnsafe(`ANALYZE "User"`);
    await prisma.$executeRawUnsafe(`DELETE FROM sqlite_stat1 WHERE tbl = 'Session'`);
    await prisma.$executeRawUnsafe(
      `INSERT INTO sqlite_stat1 (tbl, idx, stat) SELECT 'Session', name, '1 1' FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'Session'`,
    );
    await prisma.$executeRawUnsafe(`UPDATE sqlite_stat1 SET stat = '100000 1' WHERE tbl = 'User' AND stat LIKE '% 1'`);
    await prisma.$executeRawUnsafe(`ANALYZE sqlite_schema`);
    const person = await prisma.user.create({ data: { email: `stats-${Date.now()}@test.example`, name: "Stats", role: "user" } });
    await prisma.session.createMany({ data: Array.from({ length: 300 }, (_, i) => ({ id: `stats-${person.id}-${i}`, userId: person.id, expiresAt: new Date(Date.now() + 60_000) })) });
    expect(await plan()).toMatch(/SCAN s\b/);

    const statistics = keepPlannerStatisticsCurrent();
    await statistics.firstPass;
    statistics.stop();
    const [{ stat }] = await prisma.$queryRawUnsafe<Array<{ stat: string }>>(`SELECT stat FROM sqlite_stat1 WHERE tbl = 'Session' LIMIT 1`);
    expect(Number(stat.split(" ")[0])).toBeGreaterThanOrEqual(300);
    expect(await plan()).toContain("USING INDEX sqlite_autoindex_Session_1 (id=?)");
  });
});
