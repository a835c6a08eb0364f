import type { Statement } from "better-sqlite3";
import type { Prisma } from "#app/generated/prisma/client.ts";

/**
 * Reads through `prisma.$queryRaw` on SQLite, run straight on the connection.
 *
 * Prisma 6 handles a raw statement as a query of its own: it compiles a plan for it, interprets the plan and converts
 * every value twice. That costs about 0.15 ms per statement, more than most of the product's reads take to run, and a
 * list page runs three or four of them. A read-only statement is run here instead, on the connection's kept statement
 * (db.server.ts), and its values get the JavaScript types Prisma gives them: by the column's declared type (INTEGER a
 * number, BIGINT a bigint, BOOLEAN a boolean, DATETIME a Date), and for a computed column by its first value that is
 * not null (an integer a bigint, a real a number, text a string).
 *
 * `undefined` means "let Prisma do it": a statement that writes, a parameter or a column type this does not know, or
 * a failure (a read has no effects, so Prisma runs it again and its error is exactly Prisma's).
 */
export type KeptStatements = {
  statement: (sql: string) => Statement<unknown[]>;
  columns: (statement: Statement<unknown[]>) => ReturnType<Statement["columns"]>;
};

type Convert = (value: unknown) => unknown;

const same: Convert = (value) => value;
const toNumber: Convert = (value) => (value === null ? null : Number(value));
const toBigInt: Convert = (value) => (value === null || typeof value === "bigint" ? value : BigInt(Math.trunc(Number(value))));
const toBoolean: Convert = (value) => (value === null ? null : Number(value) === 1);
// Prisma writes DATETIME as ISO text with an offset; SQLite's own 'YYYY-MM-DD HH:MM:SS' is UTC too.
const toDate: Convert = (value) =>
  value === null ? null : new Date(typeof value === "string" && !/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? `${value.replace(" ", "T")}Z` : (value as string));

/** The declared types of the product's tables (the migrations' column types); BLOB and others go through Prisma. */
const byDeclaredType: Record<string, Convert> = {
  INTEGER: toNumber,
  BIGINT: toBigInt,
  BOOLEAN: toBoolean,
  DATETIME: toDate,
  REAL: toNumber,
  TEXT: same,
};

function inferred(rows: unknown[][], index: number): Convert | undefined {
  for (const row of rows) {
    const value = row[index];
    if (value === null) continue;
    if (typeof value === "bigint") return toBigInt;
    if (typeof value === "string" || typeof value === "number") return same;
    return undefined;
  }
  return same;
}

/** A parameter bound as Prisma's SQLite adapter binds it, or undefined for one only Prisma knows. */
function bound(value: unknown) {
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "bigint") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  return undefined;
}

export function readDirectly(kept: KeptStatements, query: Prisma.Sql): Record<string, unknown>[] | undefined {
  try {
    const params = query.values.map(bound);
    if (params.includes(undefined)) return undefined;
    const statement = kept.statement(query.sql);
    if (!statement.readonly || !statement.reader) return undefined;
    const columns = kept.columns(statement);
    const rows = statement.raw(true).all(...params) as unknown[][];
    const converts: Convert[] = [];
    for (const [index, column] of columns.entries()) {
      const convert = column.type === null ? inferred(rows, index) : byDeclaredType[column.type.toUpperCase()];
      if (!convert) return undefined;
      converts.push(convert);
    }
    return rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (let index = 0; index < columns.length; index++) record[columns[index]!.name] = converts[index]!(row[index]);
      return record;
    });
  } catch {
    return undefined;
  }
}
