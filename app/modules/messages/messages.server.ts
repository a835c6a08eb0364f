import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, nullable } from "#app/lib/sql.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { isoOf, orderBy, pageOf } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { peopleSearch, peopleSearchFor } from "#app/modules/accounts/search.server.ts";
import { correspondentRoles, messageScope } from "./policy.ts";
import type { DirectoryFilter, DirectorySort } from "./schema.ts";

// ─── People directory (user-guide) ────────────────────────────────────────────────────────────

export type DirectoryRow = {
  id: number;
  name: string;
  email: string;
  organisation: string | null;
  role: "user" | "guide";
  status: string;
  imageId: string | null;
};

const directorySort: Record<DirectorySort, Prisma.Sql> = {
  name: caseless(Prisma.sql`u.name`),
  email: caseless(Prisma.sql`u.email`),
  organisation: nullable(caseless(Prisma.sql`u.organisation`)),
};

type RawPerson = Record<keyof DirectoryRow, unknown>;

const toPerson = (row: RawPerson): DirectoryRow => ({
  id: Number(row.id),
  name: String(row.name),
  email: String(row.email),
  organisation: row.organisation === null ? null : String(row.organisation),
  role: row.role as DirectoryRow["role"],
  status: String(row.status),
  imageId: row.imageId === null ? null : String(row.imageId),
});

/** Guides or users (not deleted), searched by name, e-mail or organisation, sorted and paged in SQL. */
export async function listDirectory(state: ListState<DirectorySort>, filter: DirectoryFilter): Promise<ListResult<DirectoryRow>> {
  const where = [Prisma.sql`u.role = ${filter === "guides" ? "guide" : "user"}`, Prisma.sql`u."isDeleted" = FALSE`];
  if (state.search) where.push(peopleSearch(state.search));
  const { rows, meta } = await pageOf<RawPerson>({
    searched: Boolean(state.search),
    select: Prisma.sql`u.id, u.name, u.email, u.organisation, u.role, u.status, u."imageId"`,
    from: Prisma.sql`"User" u`,
    where,
    orderBy: orderBy(directorySort[state.sort], state.order, Prisma.sql`u.id`),
    page: state.page,
    limit: state.limit,
  });
  return { data: rows.map(toPerson), meta };
}

// ─── Conversations ────────────────────────────────────────────────────────────────────────────

export type ThreadRow = {
  person: { id: number; name: string; email: string; role: string; imageId: string | null };
  lastMessage: { body: string; createdAt: string; fromMe: boolean };
  unread: number;
};

export type ConversationMessage = { id: number; body: string; createdAt: string; readAt: string | null; fromMe: boolean };

type RawThread = Record<"otherId" | "lastId" | "body" | "createdAt" | "senderId" | "name" | "email" | "role" | "imageId" | "unread", unknown>;

/**
 * My conversations (messageScope), most recent first: the other person, the latest message and how many of
 * their messages are unread. Searched by the other person's name or organisation (and e-mail, for an admin); paged in SQL.
 */
export async function listThreads(me: SessionUser, state: ListState<"latest">): Promise<ListResult<ThreadRow>> {
  const threads = Prisma.sql`(
    SELECT CASE WHEN m."senderId" = ${me.id} THEN m."recipientId" ELSE m."senderId" END AS "otherId", MAX(m.id) AS "lastId"
    FROM "Message" m WHERE ${messageScope(me)}
    GROUP BY "otherId"
  ) t JOIN "Message" m ON m.id = t."lastId" JOIN "User" u ON u.id = t."otherId"`;
  const where = [Prisma.sql`u.role IN (${Prisma.join(correspondentRoles(me))})`, Prisma.sql`u."isDeleted" = FALSE`];
  if (state.search) where.push(peopleSearchFor(me, state.search));
  const { rows, meta } = await pageOf<RawThread>({
    searched: Boolean(state.search),
    select: Prisma.sql`t."otherId", t."lastId", m.body, m."createdAt", m."senderId", u.name, u.email, u.role, u."imageId",
      (SELECT COUNT(*) FROM "Message" x WHERE x."recipientId" = ${me.id} AND x."senderId" = t."otherId" AND x."readAt" IS NULL) AS unread`,
    from: threads,
    where,
    orderBy: orderBy(Prisma.sql`t."lastId"`, state.order, Prisma.sql`t."otherId"`),
    page: state.page,
    limit: state.limit,
  });
  return {
    data: rows.map((row) => ({
      person: { id: Number(row.otherId), name: String(row.name), email: String(row.email), role: String(row.role), imageId: row.imageId === null ? null : String(row.imageId) },
      lastMessage: { body: String(row.body), createdAt: isoOf(row.createdAt) ?? "", fromMe: Number(row.senderId) === me.id },
      unread: Number(row.unread),
    })),
    meta,
  };
}

/** How many messages to the admin are unread, across every conversation. */
export async function unreadCount(me: SessionUser) {
  return prisma.message.count({ where: { recipientId: me.id, readAt: null } });
}

/** Someone `me` may write to (correspondentRoles), active or inactive, not deleted. */
async function findCorrespondent(me: SessionUser, id: number) {
  return prisma.user.findFirst({
    where: { id, role: { in: correspondentRoles(me) }, isDeleted: false },
    select: { id: true, name: true, email: true, role: true, imageId: true, organisation: true },
  });
}

export const CONVERSATION_PAGE = 50;

/**
 * One conversation: the other person and up to 50 messages (oldest first) ending before `before`
 * (a message id) or at the newest. Opening it marks the other person's messages as read.
 */
export async function openConversation(me: SessionUser, otherId: number, { before }: { before?: number } = {}) {
  const person = await findCorrespondent(me, otherId);
  if (!person) throw notFound("Recipient not found");
  await prisma.message.updateMany({ where: { senderId: otherId, recipientId: me.id, readAt: null }, data: { readAt: new Date() } });
  const between = { OR: [{ senderId: me.id, recipientId: otherId }, { senderId: otherId, recipientId: me.id }] };
  const newestFirst = await prisma.message.findMany({
    where: { ...between, ...(before ? { id: { lt: before } } : {}) },
    orderBy: { id: "desc" },
    take: CONVERSATION_PAGE + 1,
    select: { id: true, senderId: true, body: true, createdAt: true, readAt: true },
  });
  const hasEarlier = newestFirst.length > CONVERSATION_PAGE;
  const messages: ConversationMessage[] = newestFirst
    .slice(0, CONVERSATION_PAGE)
    .reverse()
    .map((message) => ({
      id: message.id,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
      readAt: message.readAt?.toISOString() ?? null,
      fromMe: message.senderId === me.id,
    }));
  return { person, messages, hasEarlier };
}

/** Sends a message to someone `me` may write to (an admin: a user or guide). */
export async function sendMessage(me: SessionUser, { recipientId, body }: { recipientId: number; body: string }) {
  if (recipientId === me.id) throw new HttpError(400, "You cannot send a message to yourself");
  const person = await findCorrespondent(me, recipientId);
  if (!person) throw notFound("Recipient not found");
  const message = await prisma.message.create({ data: { senderId: me.id, recipientId, body }, select: { id: true, createdAt: true } });
  return { id: message.id, createdAt: message.createdAt.toISOString() };
}
