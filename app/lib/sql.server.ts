import type { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "./db.server.ts";

/*
 * Reading raw rows. A table's column arrives typed by its declaration (a Date, a boolean, a number; on SQLite as Prisma
 * reads it), but a computed one as each engine gives it: ISO text for a date and a BigInt for an integer on SQLite (a
 * comparison's 0/1 too), a BigInt for COUNT on PostgreSQL. A statement names each column's kind (`queryRows`), and its
 * rows come back typed; nothing reads a raw row as `unknown`.
 */

/** A DateTime column of a raw row as a Date; null stays null. */
export function dateOf(value: unknown): Date | null {
  if (value === null || value === undefined || value === "") return null;
  return value instanceof Date ? value : new Date(String(value));
}

/** A JSON value as read from either engine (SQLite hands over text, PostgreSQL may parse it already); null as []. */
export const jsonOf = <T,>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as T;

/** A Boolean column of a raw row. */
export const boolOf = (value: unknown): boolean => value === true || value === 1 || value === 1n || value === "1";

/** An integer column (or a COUNT) of a raw row as a number. */
export const intOf = (value: unknown) => Number(value ?? 0);

/** How to read each kind of column (see `queryRows`). */
export const column = {
  int: intOf,
  /** A number that need not be whole (a Float column, an average). */
  number: (value: unknown) => Number(value ?? 0),
  /** A number that may be NULL (an average of no rows). */
  nullableInt: (value: unknown) => (value === null || value === undefined ? null : Number(value)),
  text: (value: unknown) => String(value ?? ""),
  nullableText: (value: unknown) => (value === null || value === undefined ? null : String(value)),
  bool: boolOf,
  date: (value: unknown) => dateOf(value) ?? new Date(Number.NaN),
  nullableDate: dateOf,
};

type ColumnReader = (value: unknown) => unknown;
export type RowOf<S extends Record<string, ColumnReader>> = { [K in keyof S]: ReturnType<S[K]> };

/**
 * Runs a raw SELECT and reads each row by `shape` (a reader from `column` per selected column, by its alias):
 * `queryRows({ id: column.int, name: column.text }, Prisma.sql\`SELECT id, name FROM "User"\`)`.
 */
export async function queryRows<S extends Record<string, ColumnReader>>(
  shape: S,
  sql: Prisma.Sql,
  client: { $queryRaw<T>(query: Prisma.Sql): Prisma.PrismaPromise<T> } = prisma,
): Promise<Array<RowOf<S>>> {
  const rows = await client.$queryRaw<Array<Record<string, unknown>>>(sql);
  const keys = Object.keys(shape) as Array<keyof S & string>;
  return rows.map((row) => Object.fromEntries(keys.map((key) => [key, shape[key](row[key])])) as RowOf<S>);
}
