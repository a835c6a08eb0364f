import { redirect } from "react-router";
import { z } from "zod";
import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "./db.server.ts";
import { parseOr400 } from "./http.server.ts";
import { MAX_LIMIT, type ListDefaults, type ListMeta, type ListState } from "./list.ts";

const wholeNumber = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a positive whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${name} must be a positive whole number`).max(max, `${name} must be between 1 and ${max}`));

/**
 * Reads page, limit, search, sort and order from URL search params with the list's defaults.
 * Anything outside what the list allows is refused with a 400 and a message.
 * `aliases` maps other parameter names an API client uses (per_page, sortOrder) onto ours.
 */
export function parseListParams<S extends string>(
  params: URLSearchParams,
  defaults: ListDefaults<S>,
  aliases: Partial<Record<keyof ListState, string>> = {},
): ListState<S> {
  const read = (key: keyof ListState) => {
    const value = params.get(key) ?? (aliases[key] ? params.get(aliases[key]!) : null);
    return value === null || value === "" ? undefined : value;
  };
  const schema = z.object({
    page: wholeNumber("page", 1_000_000).default(1),
    limit: wholeNumber("limit", MAX_LIMIT).default(defaults.defaultLimit),
    search: z.string().max(200, "search must be at most 200 characters").transform((s) => s.trim()).default(""),
    sort: z
      .string()
      .refine((value): value is S => (defaults.sortable as readonly string[]).includes(value), {
        message: `sort must be one of: ${defaults.sortable.join(", ")}`,
      })
      .default(defaults.defaultSort),
    order: z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(["asc", "desc"], { error: "order must be asc or desc" }))
      .default(defaults.defaultOrder),
  });
  return parseOr400(schema, {
    page: read("page"),
    limit: read("limit"),
    search: read("search"),
    sort: read("sort"),
    order: read("order"),
  }) as ListState<S>;
}

type ListQuery = {
  /** Columns to select, e.g. Prisma.sql`u.id, u.name`. */
  select: Prisma.Sql;
  /** FROM and JOINs, e.g. Prisma.sql`"User" u`. */
  from: Prisma.Sql;
  /** Conditions joined with AND. */
  where: Prisma.Sql[];
  /** A whitelisted ORDER BY expression (never built from raw input). */
  orderBy: Prisma.Sql;
  page: number;
  limit: number;
};

/**
 * Runs one page of a list in SQL, with its total. A page past the last one falls back to page 1.
 * Rows come back as the database returns them (integers as bigint); callers map them.
 */
export async function pageOf<Row>({ select, from, where, orderBy, page, limit }: ListQuery) {
  const condition = where.length ? Prisma.sql`WHERE ${Prisma.join(where, " AND ")}` : Prisma.empty;
  const [{ total }] = await prisma.$queryRaw<[{ total: bigint }]>`SELECT COUNT(*) AS total FROM ${from} ${condition}`;
  const count = Number(total);
  const totalPages = Math.max(1, Math.ceil(count / limit));
  const effectivePage = page > totalPages ? 1 : page;
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT ${select} FROM ${from} ${condition} ORDER BY ${orderBy}
    LIMIT ${limit} OFFSET ${(effectivePage - 1) * limit}`;
  const meta: ListMeta = { page: effectivePage, limit, total: count, totalPages };
  return { rows, meta };
}

/** Past the last page a list shows its first one: this says so in the URL (throws a redirect without `page`). */
export function redirectPastLastPage(url: URL, state: Pick<ListState, "page">, meta: Pick<ListMeta, "page">) {
  if (meta.page === state.page) return;
  const firstPage = new URL(url);
  firstPage.searchParams.delete("page");
  throw redirect(firstPage.pathname + firstPage.search);
}

/** ORDER BY for a whitelisted expression, with the id as a stable tie-breaker in the same direction. */
export function orderBy(expression: Prisma.Sql, order: "asc" | "desc", idColumn: Prisma.Sql) {
  const direction = order === "desc" ? Prisma.raw("DESC") : Prisma.raw("ASC");
  return Prisma.sql`${expression} ${direction}, ${idColumn} ${direction}`;
}

/** A quoted FTS5 phrase for the trigram index (searches of 3+ characters). */
export function ftsPhrase(term: string) {
  return `"${term.replaceAll('"', '""')}"`;
}

/** A LIKE pattern matching `term` anywhere, with LIKE's wildcards escaped (use with ESCAPE '\\'). */
export function likeAnywhere(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A DateTime column of a raw row (a Date, or ISO text from SQLite) as an ISO-8601 string; null stays null. */
export function isoOf(value: unknown): string | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
