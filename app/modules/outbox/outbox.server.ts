import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { env } from "#app/lib/env.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { isoOf, orderBy, pageOf } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { likeAnywhere, type SearchPlan } from "#app/lib/sql.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { textSearch, textSearchRows } from "#app/modules/accounts/search.server.ts";
import type { OutboxSort } from "./schema.ts";

/**
 * The console's Outbox: the mail app/lib/mail.server.ts keeps in OutboxMail when no SMTP server is configured
 * (development, the demo, tests). Admins only: messages hold one-time codes and people's addresses.
 */

export type OutboxRow = { id: number; to: string; subject: string; createdAt: string };

// The highest code point: every address starting with a prefix sorts between the prefix and prefix + this
// (byte order, as SQLite and a C-collated PostgreSQL compare text).
const AFTER_EVERY_SUFFIX = "\u{10FFFF}";

const searchedText = { idColumn: Prisma.sql`o.id`, table: "OutboxSearch", column: [Prisma.sql`o."to"`, Prisma.sql`o.subject`] };

/** Whether a term is an address or its start ("ana@", "ana@grace.o"). */
const isAddress = (term: string) => term.includes("@") && !term.startsWith("@");

/**
 * A search term as a condition. An address or its start is a range of the (to, createdAt) index, with a LIKE that
 * keeps the match exact whatever the collation; any other term of 3+ characters matches the subject or the address
 * anywhere through the trigram index ("OutboxSearch" on SQLite, trigram indexes on PostgreSQL), or, walking the list
 * when it matches over a thousand messages, each message's own text; a shorter one is read along the createdAt index
 * until a page is full.
 */
function searchCondition(term: string, plan: SearchPlan) {
  const lower = term.toLowerCase();
  if (isAddress(lower)) {
    const prefix = `${likeAnywhere(lower).slice(1, -1)}%`;
    return Prisma.sql`(o."to" >= ${lower} AND o."to" < ${lower + AFTER_EVERY_SUFFIX} AND o."to" LIKE ${prefix} ESCAPE '\\')`;
  }
  return textSearch(searchedText, term, plan);
}

const sortColumns: Record<OutboxSort, Prisma.Sql> = { createdAt: Prisma.sql`o."createdAt"` };

type RawOutboxRow = Omit<OutboxRow, "id" | "createdAt"> & { id: bigint | number; createdAt: unknown };

/** A page of the outbox, newest first by default, searched by recipient or subject, in SQL. */
export async function listOutbox(state: ListState<OutboxSort>, actor: SessionUser): Promise<ListResult<OutboxRow>> {
  requireAdmin(actor);
  const term = state.search;
  const { rows, meta } = await pageOf<RawOutboxRow>({
    search: term ? (plan) => searchCondition(term, plan) : undefined,
    // Counted from the trigram index one match at a time, so a word in most messages stops at the cap.
    searchRows: term && !isAddress(term.toLowerCase()) ? textSearchRows(searchedText.table, term) : undefined,
    // Every kept message: the total the triggers keep, not a count of a hundred thousand e-mails.
    select: Prisma.sql`o.id, o."to", o.subject, o."createdAt"`,
    from: Prisma.sql`"OutboxMail" o`,
    alias: "o",
    where: [],
    orderBy: orderBy(sortColumns[state.sort], state.order, Prisma.sql`o.id`),
    page: state.page,
    limit: state.limit,
  });
  return { data: rows.map((row) => ({ ...row, id: Number(row.id), createdAt: isoOf(row.createdAt) ?? "" })), meta };
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
