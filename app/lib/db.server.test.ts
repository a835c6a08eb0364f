import { describe, expect, test } from "vitest";
import { keepPlannerStatisticsCurrent, prisma, transaction } from "./db.server.ts";
import { databaseUrl, dialect } from "./dialect.server.ts";

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
