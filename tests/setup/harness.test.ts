// The test harness itself: console output fails a test unless expected, and each file starts from the template database.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, onTestFinished, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";
import { matchIds } from "#app/lib/search/dialect.server.ts";
import { createPerson } from "#tests/app.ts";
import { consoleProblems, expectConsoleError, expectConsoleWarn } from "./console.ts";
import { resetDatabase } from "./worker-db.ts";

// Never retried (CI retries a failed test once): these tests fail on purpose and count how many times they did.
describe("console output fails the test", { retry: 0 }, () => {
  const failures: string[] = [];
  const recordFailure = () =>
    onTestFinished(({ task }) => {
      failures.push((task.result?.errors ?? []).map((error) => error.message).join("\n"));
    });

  // test.fails passes only when the test failed: here, through the afterEach in console.ts.
  test.fails("a console.error fails the test", () => {
    recordFailure();
    console.error("something went wrong");
  });

  test.fails("a React warning (a list without keys) fails the test", () => {
    recordFailure();
    const items = ["a", "b"].map((item) => createElement("li", null, item));
    renderToString(createElement("ul", null, items));
  });

  test.fails("an expected error that never comes fails the test", () => {
    recordFailure();
    expectConsoleError("this is never logged");
  });

  test("…and each failed for that reason", () => {
    expect(failures).toHaveLength(3);
    expect(failures[0]).toContain("console.error was called:\nsomething went wrong");
    expect(failures[1]).toMatch(/console\.error was called:\n.*unique "key" prop/);
    expect(failures[2]).toContain("expected a console.error matching this is never logged, none was logged");
  });

  test("expectConsoleError lets a matching message through", () => {
    expectConsoleError(/could not send/i);
    console.error("Could not send the e-mail", new Error("SMTP down"));
  });

  test("expectConsoleWarn does the same for console.warn, and a check clears what was logged", () => {
    console.warn("deprecated");
    expect(consoleProblems()).toEqual(["console.warn was called:\ndeprecated"]);
    expectConsoleWarn("deprecated");
    console.warn("deprecated option");
  });
});

describe("database state", () => {
  test("a test file starts from the template: no rows of other files", async () => {
    expect(await prisma.user.count()).toBe(0);
    expect(await prisma.session.count()).toBe(0);
  });

  test("resetDatabase() empties it again, the full-text index included", async () => {
    const person = await createPerson("user", { name: "Bartholomew Resetting" });
    // Through the people search's index: SQLite's FTS5 table (emptied by the reset too) or PostgreSQL's trigram index.
    const found = () => prisma.$queryRaw<Array<{ id: number }>>`SELECT u.id FROM "User" u WHERE u.id IN (${matchIds("people", "Bartholomew")})`;
    expect((await found()).map((row) => Number(row.id))).toEqual([person.id]);

    const started = performance.now();
    await resetDatabase();
    const took = performance.now() - started;
    // One batch on SQLite; one TRUNCATE of every table on PostgreSQL.
    expect(took).toBeLessThan(dialect === "sqlite" ? 100 : 400);
    expect(await prisma.user.count()).toBe(0);
    expect(await found()).toEqual([]);
    // Ids start over, so ids are as predictable as the rows.
    expect((await createPerson("user")).id).toBe(1);
  });

  test("resetDatabase() puts SQLite's planner statistics back as the template has them", async () => {
    if (dialect !== "sqlite") return;
    // None at all until something runs ANALYZE (the template's migrations measure nothing on an empty database).
    const statistics = async () =>
      (await prisma.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'`)).length
        ? prisma.$queryRawUnsafe<Array<{ tbl: string; idx: string | null; stat: string }>>(`SELECT * FROM sqlite_stat1 ORDER BY tbl, idx`)
        : [];
    await resetDatabase();
    const template = await statistics();
    // What a file's ANALYZE leaves: its own rows measured, every table included.
    await prisma.$executeRawUnsafe(`ANALYZE`);
    expect(await statistics()).not.toEqual(template);
    await resetDatabase();
    expect(await statistics()).toEqual(template);
  });
});

afterAll(() => resetDatabase());
