import { expect } from "vitest";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { dialect } from "#app/lib/dialect.server.ts";

/**
 * SQLite's plan of `query`, one step a line. A list with joins cuts its page's ids first (the "page" subquery), then
 * joins and orders those ten rows: the steps that cut the page are then the ones read.
 */
async function sqlitePlan(query: Prisma.Sql) {
  const plan = await prisma.$queryRaw<Array<{ id: number; parent: number; detail: string }>>`EXPLAIN QUERY PLAN ${query}`;
  const cut = plan.find((row) => row.detail === "CO-ROUTINE page");
  const within = (row: { parent: number }): boolean => !cut || row.parent === cut.id || plan.some((up) => up.id === row.parent && within(up));
  return plan.filter(within).map((row) => row.detail).join("\n");
}

/** PostgreSQL's plan of `query`, one line a node, with the planner's `settings` (enable_sort, …) turned off. */
export async function postgresPlan(query: Prisma.Sql, settings: string[]) {
  const plan = await transaction(async (tx) => {
    for (const setting of settings) await tx.$executeRawUnsafe(`SET LOCAL ${setting} = off`);
    return tx.$queryRaw<Array<{ "QUERY PLAN": string }>>`EXPLAIN ${query}`;
  });
  return plan.map((row) => row["QUERY PLAN"]).join("\n");
}

/**
 * Asserts that the database answers `query` (a page in some order) by reading `index` in that order rather than
 * sorting. On PostgreSQL a few test rows would be scanned and sorted, so sorting is priced out first: the index
 * must then answer the order. Rows tied on it may still be put in id order (an incremental sort), which costs
 * nothing on a timestamp; `{ ties: "indexed" }` refuses that too, for a column whose values a hundred thousand rows
 * share at scale (a rate, a status).
 */
export async function expectReadInIndexOrder(index: string, query: Prisma.Sql, { ties = "sorted" }: { ties?: "sorted" | "indexed" } = {}) {
  if (dialect === "sqlite") {
    const details = await sqlitePlan(query);
    expect(details).toContain(index);
    expect(details).not.toContain("TEMP B-TREE");
    return;
  }
  const details = await postgresPlan(query, ["enable_sort"]);
  expect(details).toContain(index);
  expect(details).not.toMatch(ties === "indexed" ? /(^|->\s+)(Incremental )?Sort\b/m : /(^|->\s+)Sort\b/m);
}

/**
 * Asserts that the ids of a page of `query` come from `index` alone, in its order: on PostgreSQL an index-only
 * scan (every other way to read a table is priced out, so a page that needs a column the index lacks shows another
 * scan); SQLite reads the page along the index and skips the rows before it unread (see `expectReadInIndexOrder`).
 */
export async function expectPageFromIndexAlone(index: string, query: Prisma.Sql) {
  if (dialect === "sqlite") return expectReadInIndexOrder(index, query);
  // With every scan priced out, a plan that reads the page from another index costs as much as the wanted one, and
  // what earlier test files left in the statistics and the visibility map would decide between them. Measured
  // afresh, the index-only scan costs no visits to the table, and so it wins wherever it can answer the page.
  await prisma.$executeRawUnsafe("VACUUM (ANALYZE)");
  const details = await postgresPlan(query, ["enable_sort", "enable_seqscan", "enable_indexscan", "enable_bitmapscan"]);
  expect(details).toMatch(new RegExp(`Index Only Scan (Backward )?using "?${index}"? `));
}

/**
 * Notes every raw query (into `queries`, as Prisma.sql) while the real database answers it: the app (its server build
 * included) reaches the one client the process keeps on `globalThis.__db`, so wrapping that client's `$queryRaw` there
 * sees them all. Returns what stops noting.
 */
export function noteRawQueries(queries: unknown[]) {
  const db = (globalThis as unknown as { __db: { prisma: object } }).__db;
  const client = db.prisma;
  db.prisma = new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (property !== "$queryRaw") return value;
      return (query: unknown, ...values: unknown[]) => {
        // Called as a tagged template (prisma.$queryRaw`…`) or with a Prisma.sql query: kept as the latter.
        queries.push(Array.isArray(query) ? Prisma.sql(query as unknown as TemplateStringsArray, ...values) : query);
        return Reflect.apply(value as (...args: unknown[]) => unknown, target, [query, ...values]);
      };
    },
  });
  return () => {
    db.prisma = client;
  };
}
