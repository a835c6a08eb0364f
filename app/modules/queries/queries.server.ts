import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, containsAny } from "#app/lib/sql.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { isoOf, orderBy, pageOf } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { canSeeQuery, queryScope } from "./policy.ts";
import type { AskQueryInput, QuerySort } from "./schema.ts";

export type QueryStatus = "Answered" | "Open";

export type CustomerQueryRow = {
  id: number;
  askerId: number | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  answer: string | null;
  answeredAt: string | null;
  answeredById: number | null;
  createdAt: string;
  status: QueryStatus;
};

const sortColumns: Record<QuerySort, Prisma.Sql> = {
  createdAt: Prisma.sql`q."createdAt"`,
  name: caseless(Prisma.sql`q.name`),
  email: caseless(Prisma.sql`q.email`),
  subject: caseless(Prisma.sql`q.subject`),
  // Open before Answered when ascending.
  status: Prisma.sql`(q."answeredAt" IS NOT NULL)`,
};

type RawQueryRow = Record<keyof Omit<CustomerQueryRow, "status">, unknown>;

function toRow(row: RawQueryRow): CustomerQueryRow {
  const answeredAt = isoOf(row.answeredAt);
  return {
    id: Number(row.id),
    askerId: row.askerId === null ? null : Number(row.askerId),
    name: String(row.name),
    email: String(row.email),
    subject: String(row.subject),
    message: String(row.message),
    answer: row.answer === null ? null : String(row.answer),
    answeredAt,
    answeredById: row.answeredById === null ? null : Number(row.answeredById),
    createdAt: isoOf(row.createdAt) ?? "",
    status: answeredAt ? "Answered" : "Open",
  };
}

/**
 * The customer queries `actor` may see (queryScope: every query for the console, a person's own in their
 * dashboard's query screen), searched (name, e-mail, subject, message), sorted and paged in SQL.
 */
export async function listQueries(state: ListState<QuerySort>, actor: SessionUser): Promise<ListResult<CustomerQueryRow>> {
  const where: Prisma.Sql[] = [queryScope(actor)];
  if (state.search) {
    where.push(
      containsAny([Prisma.sql`q.name`, Prisma.sql`q.email`, Prisma.sql`q.subject`, Prisma.sql`q.message`], state.search),
    );
  }
  const { rows, meta } = await pageOf<RawQueryRow>({
    searched: Boolean(state.search),
    select: Prisma.sql`q.id, q."askerId", q.name, q.email, q.subject, q.message, q.answer, q."answeredAt", q."answeredById", q."createdAt"`,
    from: Prisma.sql`"CustomerQuery" q`,
    where,
    orderBy: orderBy(sortColumns[state.sort], state.order, Prisma.sql`q.id`),
    page: state.page,
    limit: state.limit,
  });
  return { data: rows.map(toRow), meta };
}

/** One query with its full message and answer, or null (also when it is not `actor`'s to see). */
export async function findQuery(id: number, actor: SessionUser): Promise<CustomerQueryRow | null> {
  const query = await prisma.customerQuery.findUnique({ where: { id } });
  if (!query || !canSeeQuery(actor, query)) return null;
  return {
    ...query,
    answeredAt: query.answeredAt?.toISOString() ?? null,
    createdAt: query.createdAt.toISOString(),
    status: query.answeredAt ? "Answered" : "Open",
  };
}

/** A signed-in user or guide asks the support team; their name and e-mail come from their account. */
export async function askQuery(asker: SessionUser, input: AskQueryInput) {
  const query = await prisma.customerQuery.create({
    data: { askerId: asker.id, name: asker.name, email: asker.email, subject: input.subject, message: input.message },
    select: { id: true },
  });
  return query;
}

/** Stores the admin's answer; the asker reads it in their dashboard's query screen. Answering again replaces it. */
export async function answerQuery(id: number, answer: string, admin: SessionUser) {
  requireAdmin(admin);
  const { count } = await prisma.customerQuery.updateMany({
    where: { id },
    data: { answer, answeredAt: new Date(), answeredById: admin.id },
  });
  if (count === 0) throw notFound("Query not found");
  return (await findQuery(id, admin))!;
}

/** An admin deletes a query. */
export async function deleteQuery(id: number, admin: SessionUser) {
  requireAdmin(admin);
  const { count } = await prisma.customerQuery.deleteMany({ where: { id } });
  if (count === 0) throw notFound("Query not found");
  return { id };
}
