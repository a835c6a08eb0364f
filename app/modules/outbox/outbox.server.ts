import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { env } from "#app/lib/env.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { eachRowOf, mapRows, orderBy, pageOf, type ListQuery, type SearchPart } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { likeAnywhere } from "#app/lib/search/dialect.server.ts";
import { column, type RowOf } from "#app/lib/sql.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import type { OutboxSort } from "./schema.ts";

/**
 * The console's Outbox: the mail app/lib/mail.server.ts keeps in OutboxMail when no SMTP server is configured
 * (development, the demo, tests). Admins only: messages hold one-time codes and people's addresses.
 */

export type OutboxRow = { id: number; to: string; subject: string; createdAt: string };

// The highest code point: every address starting with a prefix sorts between the prefix and prefix + this
// (byte order, as SQLite and a C-collated PostgreSQL compare text).
const AFTER_EVERY_SUFFIX = "\u{10FFFF}";

/** Whether a term is an address or its start ("ana@", "ana@grace.o"). */
const isAddress = (term: string) => term.includes("@") && !term.startsWith("@");

/**
 * An address or its start as a range of the (to, createdAt) index, with a LIKE that keeps the match exact whatever
 * the collation (any other term matches the subject or the address through the outbox's index).
 */
function addressCondition(address: string) {
  const prefix = `${likeAnywhere(address).slice(1, -1)}%`;
  return Prisma.sql`(o."to" >= ${address} AND o."to" < ${address + AFTER_EVERY_SUFFIX} AND o."to" LIKE ${prefix} ESCAPE '\\')`;
}

const sortColumns: Record<OutboxSort, Prisma.Sql> = { createdAt: Prisma.sql`o."createdAt"` };

const columns = { id: column.int, to: column.text, subject: column.text, createdAt: column.date };

/** A page of the outbox, newest first by default, searched by recipient or subject, in SQL. */
export async function listOutbox(state: ListState<OutboxSort>, actor: SessionUser): Promise<ListResult<OutboxRow>> {
  const { rows, meta } = await pageOf(outboxQuery(state, actor), state);
  return { data: rows.map(toOutboxRow), meta };
}

/** Every message of the outbox's list, in its order (its CSV export). */
export const eachOutboxMail = (state: ListState<OutboxSort>, actor: SessionUser): AsyncGenerator<OutboxRow> => mapRows(eachRowOf(outboxQuery(state, actor), state), toOutboxRow);

const toOutboxRow = (row: RowOf<typeof columns>): OutboxRow => ({ ...row, createdAt: row.createdAt.toISOString() });

function outboxQuery(state: ListState<OutboxSort>, actor: SessionUser): ListQuery<typeof columns> {
  requireAdmin(actor);
  const from = Prisma.sql`"OutboxMail" o`;
  const address = state.search.toLowerCase();
  const where = isAddress(address) ? [addressCondition(address)] : [];
  const search: SearchPart[] = isAddress(address) ? [] : [{ column: Prisma.sql`o.id`, index: "outbox" }];
  const select = Prisma.sql`o.id, o."to", o.subject, o."createdAt"`;
  const orderBySort = orderBy(sortColumns[state.sort], state.order, Prisma.sql`o.id`);
  return { from, id: Prisma.sql`o.id`, where, search, orderBy: orderBySort, rows: { columns, select, from } };
}

/** One kept message with its text and HTML parts; 404 when there is none. */
export async function getOutboxMessage(id: number, actor: SessionUser) {
  requireAdmin(actor);
  const message = await prisma.outboxMail.findUnique({ where: { id } });
  if (!message) throw notFound("Message not found");
  return { ...message, createdAt: message.createdAt.toISOString() };
}

/** Whether mail goes out through an SMTP server (then the outbox only keeps what was written before). */
export const sendsThroughSmtp = () => Boolean(env().SMTP_URL);
