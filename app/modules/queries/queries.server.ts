import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, containsAny } from "#app/lib/search/dialect.server.ts";
import { column, type RowOf } from "#app/lib/sql.server.ts";
import { prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { badRequest, notFound } from "#app/lib/http.server.ts";
import { mentorLinks, userLinks } from "#app/lib/links.ts";
import { mailLayout, sendMail } from "#app/lib/mail.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { AttemptLimit } from "#app/lib/rate-limit.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import type { DayRange } from "#app/lib/date-range.ts";
import { ALL_ROWS, eachRowOf, mapRows, orderBy, pageOf, withinDays, type Condition, type ListQuery, type SearchPart } from "#app/lib/list.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { notify } from "#app/modules/notifications/notifications.server.ts";
import { canSeeQuery, queryScope } from "./policy.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import type { AskQueryInput, QueryFilters, QuerySort, VisitorQueryInput } from "./schema.ts";
import { logError } from "#app/lib/logger.server.ts";

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

/** Open before answered when ascending; the order of CustomerQuery_answered_id_idx (with the id). */
export const queryStatusOrder = Prisma.sql`(q."answeredAt" IS NOT NULL)`;

const sortColumns: Record<QuerySort, Prisma.Sql> = {
  createdAt: Prisma.sql`q."createdAt"`,
  name: caseless(Prisma.sql`q.name`),
  email: caseless(Prisma.sql`q.email`),
  subject: caseless(Prisma.sql`q.subject`),
  status: queryStatusOrder,
};

const columns = {
  id: column.int,
  askerId: column.nullableInt,
  name: column.text,
  email: column.text,
  subject: column.text,
  message: column.text,
  answer: column.nullableText,
  answeredAt: column.nullableDate,
  answeredById: column.nullableInt,
  createdAt: column.date,
};
const searchedColumns = [Prisma.sql`q.name`, Prisma.sql`q.email`, Prisma.sql`q.subject`, Prisma.sql`q.message`];

/**
 * The customer queries `actor` may see (queryScope: every query for the console, a person's own in their
 * dashboard's query screen), searched (name, e-mail, subject, message), sorted and paged in SQL; optionally those received
 * on the days `from` to `to` of the actor's zone.
 */
export async function listQueries(state: ListState<QuerySort>, actor: SessionUser, range: DayRange & QueryFilters = {}, now = new Date()): Promise<ListResult<CustomerQueryRow>> {
  const { rows, meta } = await pageOf(await queriesQuery(state, actor, range, now), state);
  return { data: rows.map(toQueryRow), meta };
}

/** Every customer query of the list, in its order (its CSV export). */
export const eachQuery = async (state: ListState<QuerySort>, actor: SessionUser, range: DayRange & QueryFilters = {}) =>
  mapRows(eachRowOf(await queriesQuery(state, actor, range, new Date()), state), toQueryRow);

/** Queries without an answer yet (the Status column's Open). */
export const openQuery = (query: Prisma.Sql) => Prisma.sql`${query}."answeredAt" IS NULL`;
/** Queries received more than `days` days (of 24 hours) before `now`. */
export const receivedBefore = (query: Prisma.Sql, days: number, now: Date) => Prisma.sql`${query}."createdAt" < ${new Date(now.getTime() - days * 86_400_000)}`;

async function queriesQuery(state: ListState<QuerySort>, actor: SessionUser, range: DayRange & QueryFilters, now: Date): Promise<ListQuery<typeof columns>> {
  const scope = queryScope(actor);
  const where: Condition[] = [scope];
  const q = Prisma.sql`q`;
  if (range.status) where.push(range.status === "open" ? openQuery(q) : Prisma.sql`NOT (${openQuery(q)})`);
  if (range.olderThanDays) where.push(receivedBefore(q, range.olderThanDays, now));
  if (range.from || range.to) where.push(...withinDays(Prisma.sql`q."createdAt"`, range, await timeZoneOf(actor.id), state.sort === "createdAt"));
  // Every query through the index; a person's own few each tested on its text.
  const everyQuery = scope === ALL_ROWS;
  if (state.search && !everyQuery) where.push(containsAny(searchedColumns, state.search));
  const search: SearchPart[] = everyQuery ? [{ column: Prisma.sql`q.id`, index: "queries" }] : [];
  const from = Prisma.sql`"CustomerQuery" q`;
  const select = Prisma.sql`q.id, q."askerId", q.name, q.email, q.subject, q.message, q.answer, q."answeredAt", q."answeredById", q."createdAt"`;
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`q.id`);
  return { from, id: Prisma.sql`q.id`, where, search, orderBy: orderBySort, rows: { columns, select, from } };
}

function toQueryRow(row: RowOf<typeof columns>): CustomerQueryRow {
  return { ...row, answeredAt: row.answeredAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(), status: row.answeredAt ? "Answered" : "Open" };
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

/**
 * Questions to the support team, counted per e-mail address (5) and per client address (10) an hour in the
 * database, so a form on a public page cannot be used to flood the team's queue or someone's inbox.
 */
export const supportQuestionLimit = new AttemptLimit("support-question", { perAccount: 5, perAddress: 10, windowMinutes: 60 });

/**
 * Someone asks the support team (the Support Center, or Support Queries in a dashboard). A signed-in person's
 * name and e-mail come from their account; a visitor gives theirs. Limited (supportQuestionLimit: 429), stored
 * for the console's Customer Queries, and confirmed to the asker by e-mail.
 */
export async function askQuery(asker: SessionUser | null, input: AskQueryInput | VisitorQueryInput, { clientAddress = null }: { clientAddress?: string | null } = {}) {
  const from = asker ? { name: asker.name, email: asker.email } : "email" in input ? { name: input.name, email: input.email } : null;
  if (!from) throw badRequest("Name and email are required");
  const keys = { account: from.email, address: clientAddress };
  await supportQuestionLimit.assertAllowed(keys);
  await supportQuestionLimit.recordFailure(keys);
  const query = await prisma.customerQuery.create({
    data: { askerId: asker?.id ?? null, name: from.name, email: from.email, subject: input.subject, message: input.message },
    select: { id: true },
  });
  await mailQuietly(() => sendQuestionConfirmation(from, input, { queriesScreen: asker ? queriesScreenOf(asker.role) : null }));
  return query;
}

/** The question is saved whatever the mail server says; a failure to send is logged, not shown as a failed question. */
async function mailQuietly(send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    logError(error, {}, "Could not send a support e-mail");
  }
}

/** Where a signed-in asker reads their questions and answers (Support Queries), by role; null for anyone else. */
const queriesScreenOf = (role: string) => (role === "guide" ? mentorLinks.query : role === "user" ? userLinks.query : null);

async function sendQuestionConfirmation(to: { name: string; email: string }, question: AskQueryInput, { queriesScreen }: { queriesScreen: string | null }) {
  const { supportEmail } = await getPlatformSettings();
  const paragraphs = [
    `Hello ${to.name},`,
    "Thank you for writing to Ministry Mentors. We have received your question, and a member of our support team will reply within two working days.",
    `Your question: ${question.subject}\n\n${question.message}`,
    ...(queriesScreen
      ? ["Our answer will also appear under Support Queries in your dashboard:", siteUrl(queriesScreen)]
      : [`We will answer you at this address. To add anything, write to ${supportEmail}.`]),
    "Grace and peace,\nThe Ministry Mentors support team",
  ];
  await sendMail({
    to: to.email,
    subject: `We received your question: ${question.subject}`,
    text: paragraphs.join("\n\n"),
    html: mailLayout({ paragraphs }),
  });
}

/** Stores the admin's answer; the asker reads it in their dashboard's query screen. Answering again replaces it. */
export async function answerQuery(id: number, answer: string, admin: SessionUser) {
  requireAdmin(admin);
  await transaction(async (tx) => {
    const before = await tx.customerQuery.findUnique({ where: { id }, select: { subject: true, name: true, answer: true } });
    const { count } = await tx.customerQuery.updateMany({
      where: { id },
      data: { answer, answeredAt: new Date(), answeredById: admin.id },
    });
    if (count === 0 || !before) throw notFound("Query not found");
    await recordAudit(tx, admin, { kind: "query", id, label: `${before.subject} (from ${before.name})`, action: "answer", before: { answer: before.answer }, after: { answer } });
  });
  const query = (await findQuery(id, admin))!;
  await mailQuietly(() => sendAnswer(query));
  await notifyAnswered(query);
  return query;
}

/** What marking one query answered changed (who answered it and when), kept by a bulk change for its undo. */
type AnsweredFields = { answeredAt: string | null; answeredById: number | null };
export type QueryAnsweredRecord = { id: number; label: string; before: AnsweredFields; after: AnsweredFields };

const answeredData = (fields: AnsweredFields) => ({ ...fields, answeredAt: fields.answeredAt === null ? null : new Date(fields.answeredAt) });

/**
 * Marks one open query answered inside `tx`, audited: answered elsewhere (by phone, in person), so it records who and
 * when but no written answer, and nothing is mailed. Null, and nothing written, when there is no such query or it is
 * answered already. "Answered" is `answeredAt` being set, with or without an answer's text.
 */
export async function markQueryAnsweredIn(tx: Transaction, admin: SessionUser, id: number, now = new Date()): Promise<QueryAnsweredRecord | null> {
  requireAdmin(admin);
  const query = await tx.customerQuery.findUnique({ where: { id }, select: { subject: true, name: true, answeredAt: true, answeredById: true } });
  if (!query || query.answeredAt) return null;
  const before: AnsweredFields = { answeredAt: null, answeredById: query.answeredById };
  const after: AnsweredFields = { answeredAt: now.toISOString(), answeredById: admin.id };
  const { count } = await tx.customerQuery.updateMany({ where: { id, answeredAt: null }, data: answeredData(after) });
  if (count === 0) return null;
  const label = `${query.subject} (from ${query.name})`;
  await recordAudit(tx, admin, { kind: "query", id, label, action: "answer", before, after });
  return { id, label, before, after };
}

/** Undoes `markQueryAnsweredIn` (audited as an undo) while the query is still as it left it, without an answer: false otherwise. */
export async function revertQueryAnsweredIn(tx: Transaction, admin: SessionUser, record: QueryAnsweredRecord) {
  requireAdmin(admin);
  const { count } = await tx.customerQuery.updateMany({ where: { id: record.id, answer: null, ...answeredData(record.after) }, data: answeredData(record.before) });
  if (count === 0) return false;
  await recordAudit(tx, admin, { kind: "query", id: record.id, label: record.label, action: "undo", before: record.after, after: record.before });
  return true;
}

/** A signed-in asker's bell rings too (the answer itself went by e-mail: the notification does not mail again). */
async function notifyAnswered(query: CustomerQueryRow) {
  if (!query.askerId) return;
  const asker = await prisma.user.findUnique({ where: { id: query.askerId }, select: { role: true, isDeleted: true } });
  if (!asker || asker.isDeleted || (asker.role !== "user" && asker.role !== "guide")) return;
  await notify(query.askerId, {
    kind: "query",
    title: "Your question was answered",
    body: query.subject,
    href: asker.role === "guide" ? mentorLinks.query : userLinks.query,
  });
}

/** The answer goes to the asker by e-mail too: a visitor of the Support Center has no dashboard to read it in. */
async function sendAnswer(query: CustomerQueryRow) {
  const { supportEmail } = await getPlatformSettings();
  const asker = query.askerId ? await prisma.user.findUnique({ where: { id: query.askerId }, select: { role: true, isDeleted: true } }) : null;
  const queriesScreen = asker && !asker.isDeleted ? queriesScreenOf(asker.role) : null;
  const paragraphs = [
    `Hello ${query.name},`,
    `Here is our answer to your question “${query.subject}”:`,
    query.answer ?? "",
    ...(queriesScreen
      ? ["You can also read it under Support Queries in your dashboard:", siteUrl(queriesScreen)]
      : [`If you have another question, visit the Support Center or write to ${supportEmail}:`, siteUrl("/support")]),
    "Grace and peace,\nThe Ministry Mentors support team",
  ];
  await sendMail({ to: query.email, subject: `Our answer: ${query.subject}`, text: paragraphs.join("\n\n"), html: mailLayout({ paragraphs }) });
}

/** An admin deletes a query. */
export async function deleteQuery(id: number, admin: SessionUser) {
  requireAdmin(admin);
  await transaction(async (tx) => {
    const before = await tx.customerQuery.findUnique({ where: { id }, select: { subject: true, name: true, email: true, message: true, answer: true } });
    const { count } = await tx.customerQuery.deleteMany({ where: { id } });
    if (count === 0 || !before) throw notFound("Query not found");
    await recordAudit(tx, admin, { kind: "query", id, label: `${before.subject} (from ${before.name})`, action: "delete", before });
  });
  return { id };
}
