import { describe, expect, test } from "vitest";
import { keepStatements, prisma, transaction } from "./db.server.ts";
import { dialect } from "./dialect.server.ts";

// On SQLite every query shares one connection (the turnstile in db.server.ts); on PostgreSQL a transaction has its
// own connection from the pool. Either way, what others write while a transaction is open must never be lost.
describe("database access while transactions are open", () => {
  test("writes acknowledged while a transaction rolls back are all kept", async () => {
    const marker = `gate-${Date.now()}`;
    const rolledBack = transaction(async (tx) => {
      await tx.faq.create({ data: { question: `${marker} inside`, answer: "x", type: "general" } });
      // Give other requests every chance to run while the transaction is open.
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error("roll back");
    });
    const concurrent = Array.from({ length: 5 }, (_, i) =>
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 5 * i));
        return prisma.faq.create({ data: { question: `${marker} outside ${i}`, answer: "y", type: "general" } });
      })(),
    );
    const acknowledged = await Promise.all(concurrent);
    await expect(rolledBack).rejects.toThrow("roll back");

    expect(acknowledged).toHaveLength(5);
    const kept = await prisma.faq.findMany({ where: { question: { startsWith: marker } } });
    expect(kept.map((faq) => faq.question).sort()).toEqual(acknowledged.map((faq) => faq.question).sort());
    expect(kept.some((faq) => faq.question.endsWith("inside"))).toBe(false);
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
    const rolledBack = transaction(async (tx) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      await tx.faq.create({ data: { question: `${marker} inside`, answer: "x", type: "general" } });
      throw new Error("roll back");
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const inserted = await prisma.$executeRaw`INSERT INTO "Faq" (question, answer, type, "isActive", position, "createdAt", "updatedAt") VALUES (${marker}, 'b', 'general', TRUE, 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`;
    await expect(rolledBack).rejects.toThrow();
    expect(inserted).toBe(1);
    expect(await prisma.faq.count({ where: { question: marker } })).toBe(1);
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
