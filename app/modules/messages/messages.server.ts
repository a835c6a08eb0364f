import { Prisma } from "#app/generated/prisma/client.ts";
import { caseless, containsAny, nullable } from "#app/lib/search/dialect.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { announceLive } from "#app/lib/live.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import { defineJob, enqueue } from "#app/lib/jobs.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { mentorLinks, userLinks } from "#app/lib/links.ts";
import { mailLayout, sendMail } from "#app/lib/mail.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { eachRowOf, orderBy, pageOf, type Condition, type ListQuery } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isAdmin, requireAdmin } from "#app/modules/accounts/policy.ts";
import { recordOpened } from "#app/modules/audit/audit.server.ts";
import { markNotificationsReadAt, notify, unreadNotificationCount, wantsEmail } from "#app/modules/notifications/notifications.server.ts";
import { canBlock, CONTACT_BOOKING_EXCLUDED_STATUSES, correspondentRoles, messageScope, messagingRefusals, messagingRule } from "./policy.ts";
import { recordMessageEvent } from "#app/modules/webhooks/webhooks.server.ts";
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

const personColumns = {
  id: column.int,
  name: column.text,
  email: column.text,
  organisation: column.nullableText,
  role: (value: unknown) => (value === "guide" ? "guide" : "user") as DirectoryRow["role"],
  status: column.text,
  imageId: column.nullableText,
};

/** Guides or users (not deleted), searched by name, e-mail or organisation, sorted and paged in SQL. */
export async function listDirectory(state: ListState<DirectorySort>, filter: DirectoryFilter): Promise<ListResult<DirectoryRow>> {
  const { rows, meta } = await pageOf(directoryQuery(state, filter), state);
  return { data: rows, meta };
}

/** Every person of the list, in its order (its CSV export). */
export const eachDirectoryPerson = (state: ListState<DirectorySort>, filter: DirectoryFilter): AsyncGenerator<DirectoryRow> => eachRowOf(directoryQuery(state, filter), state);

function directoryQuery(state: ListState<DirectorySort>, filter: DirectoryFilter): ListQuery<typeof personColumns> {
  const from = Prisma.sql`"User" u`;
  const where: Condition[] = [Prisma.sql`u.role = ${filter === "guides" ? "guide" : "user"}`, Prisma.sql`u."isDeleted" = FALSE`];
  const select = Prisma.sql`u.id, u.name, u.email, u.organisation, u.role, u.status, u."imageId"`;
  const orderBySort = orderBy(directorySort[state.sort], state.order, Prisma.sql`u.id`);
  // The 5,000 guides are few: read in order and each tested (see `few`), not found among everyone a term matches.
  return { from, id: Prisma.sql`u.id`, where, search: [{ column: Prisma.sql`u.id`, index: "people" }], few: filter === "guides", orderBy: orderBySort, rows: { columns: personColumns, select, from } };
}

// ─── Conversations ────────────────────────────────────────────────────────────────────────────

export type ThreadRow = {
  person: { id: number; name: string; email: string; role: string; imageId: string | null };
  lastMessage: { body: string; createdAt: string; fromMe: boolean };
  unread: number;
};

export type ConversationMessage = { id: number; body: string; createdAt: string; readAt: string | null; fromMe: boolean };

const threadColumns = {
  id: column.int,
  otherId: column.int,
  body: column.text,
  createdAt: column.date,
  senderId: column.int,
  name: column.text,
  email: column.text,
  role: column.text,
  imageId: column.nullableText,
  unread: column.int,
};

/**
 * My conversations (messageScope), most recent first: the other person, the latest message and how many of
 * their messages are unread. Searched by the other person's name or organisation (and e-mail, for an admin); paged in SQL.
 */
const correspondentSearchColumns = (me: SessionUser) =>
  (isAdmin(me) ? ["name", "email", "organisation"] : ["name", "organisation"]).map((column) => Prisma.sql`u.${Prisma.raw(`"${column}"`)}`);

export async function listThreads(me: SessionUser, state: ListState<"latest">): Promise<ListResult<ThreadRow>> {
  // Each thread is its latest message (t."lastId").
  const threads = Prisma.sql`(
    SELECT CASE WHEN m."senderId" = ${me.id} THEN m."recipientId" ELSE m."senderId" END AS "otherId", MAX(m.id) AS "lastId"
    FROM "Message" m WHERE ${messageScope(me)}
    GROUP BY "otherId"
  ) t JOIN "Message" m ON m.id = t."lastId" JOIN "User" u ON u.id = t."otherId"`;
  const where = [Prisma.sql`u.role IN (${Prisma.join(correspondentRoles(me))})`, Prisma.sql`u."isDeleted" = FALSE`];
  // A person's conversations are few: the search reads their correspondents' own columns (e-mail for the support team only).
  if (state.search) where.push(containsAny(correspondentSearchColumns(me), state.search));
  const select = Prisma.sql`t."lastId" AS id, t."otherId", m.body, m."createdAt", m."senderId", u.name, u.email, u.role, u."imageId",
    (SELECT COUNT(*) FROM "Message" x WHERE x."recipientId" = ${me.id} AND x."senderId" = t."otherId" AND x."readAt" IS NULL) AS unread`;
  const orderBySort = orderBy(Prisma.sql`t."lastId"`, state.order, Prisma.sql`t."otherId"`);
  const { rows, meta } = await pageOf({ from: threads, id: Prisma.sql`t."lastId"`, where, orderBy: orderBySort, rows: { columns: threadColumns, select, from: threads } }, state);
  return {
    data: rows.map((row) => ({
      person: { id: row.otherId, name: row.name, email: row.email, role: row.role, imageId: row.imageId },
      lastMessage: { body: row.body, createdAt: row.createdAt.toISOString(), fromMe: row.senderId === me.id },
      unread: row.unread,
    })),
    meta,
  };
}

/** How many messages to `me` are unread, across every conversation (the navigation's badge). */
/** The messages waiting for `me` (every dashboard page shows it beside Messages: one raw statement). */
export async function unreadCount(me: Pick<SessionUser, "id">) {
  const [{ unread }] = await queryRows({ unread: column.int }, Prisma.sql`SELECT COUNT(*) AS unread FROM "Message" WHERE "recipientId" = ${me.id} AND "readAt" IS NULL`);
  return unread;
}

/** Where a person reads their conversation with `otherId` (the links of notifications and e-mails). */
export function conversationHref(role: string, otherId: number) {
  if (role === "guide") return mentorLinks.conversation(otherId);
  if (role === "user") return userLinks.conversation(otherId);
  return adminLinks.messageTo(otherId);
}

const messagesHref = (role: string) => (role === "guide" ? mentorLinks.messages : role === "user" ? userLinks.messages : adminLinks.messaging);

type Correspondent = { id: number; name: string; email: string; role: string; imageId: string | null; organisation: string | null };

/** Someone `me` may hold a conversation with by role (correspondentRoles), active or inactive, not deleted. */
async function findCorrespondent(me: SessionUser, id: number): Promise<Correspondent | null> {
  // Opening a conversation reads these few rows (the person, a booking, a message, blocks, the page): raw statements,
  // which skip the ORM's per-call query compilation (see "Reading raw rows" in lib/sql.server.ts).
  const [person] = await queryRows(
    { id: column.int, name: column.text, email: column.text, role: column.text, imageId: column.nullableText, organisation: column.nullableText },
    Prisma.sql`SELECT id, name, email, role, "imageId", organisation FROM "User"
      WHERE id = ${id} AND role IN (${Prisma.join(correspondentRoles(me))}) AND "isDeleted" = FALSE`,
  );
  return person ?? null;
}

/** Whether a mentee and a guide share a booking that introduced them (any status but expired). */
async function shareBooking(userId: number, guideId: number) {
  const found = await queryRows(
    { found: column.int },
    Prisma.sql`SELECT 1 AS found FROM "Booking" WHERE "userId" = ${userId} AND "guideId" = ${guideId}
      AND status NOT IN (${Prisma.join([...CONTACT_BOOKING_EXCLUDED_STATUSES])}) LIMIT 1`,
  );
  return found.length > 0;
}

/** Messages from `a` to `b` or from `b` to `a`. */
const betweenSql = (a: number, b: number) =>
  Prisma.sql`((m."senderId" = ${a} AND m."recipientId" = ${b}) OR (m."senderId" = ${b} AND m."recipientId" = ${a}))`;

async function haveThread(a: number, b: number) {
  const found = await queryRows({ found: column.int }, Prisma.sql`SELECT 1 AS found FROM "Message" m WHERE ${betweenSql(a, b)} LIMIT 1`);
  return found.length > 0;
}

export type ConversationAccess = {
  person: Correspondent;
  /** Null when `me` may write; otherwise why not (shown above the send form, and the 403's message). */
  refusal: string | null;
  blockedByMe: boolean;
  blockedMe: boolean;
  /** Whether the block and report actions apply (never to or from the support team). */
  canBlock: boolean;
};

/**
 * Whether `me` may see and write to a conversation with `otherId` (see messagingRule): null when there is no
 * conversation to open at all (a 404: someone of the wrong role, deleted, missing, or a guide never booked with
 * and never written to). A conversation that exists stays readable when writing is refused (blocked, or the
 * booking that introduced them expired).
 */
export async function conversationAccess(me: SessionUser, otherId: number): Promise<ConversationAccess | null> {
  if (otherId === me.id) return null;
  const person = await findCorrespondent(me, otherId);
  if (!person) return null;
  const rule = messagingRule(me, person.role);
  if (!rule) return null;
  const [introduced, thread, blocks] = await Promise.all([
    rule === "booking" ? shareBooking(me.role === "user" ? me.id : otherId, me.role === "user" ? otherId : me.id) : Promise.resolve(rule === "always"),
    haveThread(me.id, otherId),
    queryRows(
      { blockerId: column.int },
      Prisma.sql`SELECT "blockerId" FROM "MessageBlock"
        WHERE ("blockerId" = ${me.id} AND "blockedId" = ${otherId}) OR ("blockerId" = ${otherId} AND "blockedId" = ${me.id})`,
    ),
  ]);
  const allowed = rule === "thread" ? thread : introduced;
  if (!allowed && !thread) return null;
  const blockedByMe = blocks.some((block) => block.blockerId === me.id);
  const blockedMe = blocks.some((block) => block.blockerId === otherId);
  let refusal: string | null = null;
  if (blockedByMe) refusal = messagingRefusals.blockedByMe(person.name);
  else if (blockedMe) refusal = messagingRefusals.blockedByThem(person.name);
  else if (!allowed) refusal = refusalFor(me, person.role);
  return { person, refusal, blockedByMe, blockedMe, canBlock: canBlock(me, person.role) };
}

function refusalFor(me: SessionUser, otherRole: string) {
  if (otherRole === "admin") return messagingRefusals.noThreadWithSupport;
  return me.role === "user" ? messagingRefusals.noBookingWithGuide : messagingRefusals.noBookingWithMentee;
}

/** The 404 of a conversation `me` may not open, saying why when it is a matter of booking first. */
async function conversationNotFound(me: SessionUser, otherId: number) {
  const person = otherId === me.id ? null : await findCorrespondent(me, otherId);
  if (person && !isAdmin(me)) return new HttpError(404, refusalFor(me, person.role));
  return notFound("Recipient not found");
}

export const CONVERSATION_PAGE = 50;

/**
 * One conversation: the other person, what `me` may do in it, and up to 50 messages (oldest first) ending before
 * `before` (a message id) or at the newest. Opening it marks the other person's messages as read, and the bell's
 * notifications about them.
 */
export async function openConversation(me: SessionUser, otherId: number, { before }: { before?: number } = {}) {
  const access = await conversationAccess(me, otherId);
  if (!access) throw await conversationNotFound(me, otherId);
  const { person } = access;
  const newlyRead = await prisma.$executeRaw`
    UPDATE "Message" SET "readAt" = ${new Date()} WHERE "senderId" = ${otherId} AND "recipientId" = ${me.id} AND "readAt" IS NULL`;
  const notificationsRead = newlyRead > 0 || !isAdmin(me) ? await markNotificationsReadAt(me.id, conversationHref(me.role, otherId)) : 0;
  const newestFirst = await queryRows(
    { id: column.int, senderId: column.int, body: column.text, createdAt: column.date, readAt: column.nullableDate },
    Prisma.sql`SELECT m.id, m."senderId", m.body, m."createdAt", m."readAt" FROM "Message" m
      WHERE ${betweenSql(me.id, otherId)} ${before ? Prisma.sql`AND m.id < ${before}` : Prisma.empty}
      ORDER BY m.id DESC LIMIT ${CONVERSATION_PAGE + 1}`,
  );
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
  // Whether opening it read something: the unread counts the layout loaded beside this (in parallel) are stale then.
  const markedRead = newlyRead > 0 || notificationsRead > 0;
  return { ...access, person, messages, hasEarlier, markedRead };
}

const excerpt = (body: string, length = 140) => (body.length > length ? `${body.slice(0, length - 1).trimEnd()}…` : body);

/**
 * Sends a message to someone `me` may write to (conversationAccess): 404 for someone there is no conversation
 * with, 403 with the reason when writing is refused (blocked, no booking). The recipient's bell rings (once per
 * conversation until read), their dashboards see it live, and an e-mail follows if it stays unread.
 */
export async function sendMessage(me: SessionUser, { recipientId, body }: { recipientId: number; body: string }) {
  if (recipientId === me.id) throw new HttpError(400, "You cannot send a message to yourself");
  const access = await conversationAccess(me, recipientId);
  if (!access) throw await conversationNotFound(me, recipientId);
  if (access.refusal) throw new HttpError(403, access.refusal);
  // Both people's live streams show it: announced in its transaction, so only once it is committed.
  const message = await transaction(async (tx) => {
    const created = await tx.message.create({ data: { senderId: me.id, recipientId, body }, select: { id: true, createdAt: true } });
    await announceLive(tx, { kind: "message", id: created.id, people: [recipientId, me.id] });
    await recordMessageEvent(tx, { ...created, body, sender: { id: me.id, name: me.name }, recipient: { id: recipientId, name: access.person.name } });
    return created;
  });
  if (access.person.role !== "admin") {
    const from = isAdmin(me) ? `${me.name} (Ministry Mentors support)` : me.name;
    await notify(
      recipientId,
      { kind: "message", title: `New message from ${from}`, body: excerpt(body), href: conversationHref(access.person.role, me.id) },
      { replaceUnread: true },
    );
  }
  await scheduleUnreadMail(recipientId);
  return { id: message.id, createdAt: message.createdAt.toISOString() };
}

// ─── Blocking and reporting ───────────────────────────────────────────────────────────────────

async function blockableAccess(me: SessionUser, otherId: number) {
  const access = await conversationAccess(me, otherId);
  if (!access) throw await conversationNotFound(me, otherId);
  if (!access.canBlock) throw new HttpError(403, "The support team cannot be blocked or reported.");
  return access;
}

/** `me` stops `otherId` from writing to them (and stops writing to them) until they unblock. */
export async function blockPerson(me: SessionUser, otherId: number) {
  const { person } = await blockableAccess(me, otherId);
  await prisma.messageBlock.upsert({
    where: { blockerId_blockedId: { blockerId: me.id, blockedId: otherId } },
    create: { blockerId: me.id, blockedId: otherId },
    update: {},
  });
  return person;
}

export async function unblockPerson(me: SessionUser, otherId: number) {
  const { person } = await blockableAccess(me, otherId);
  await prisma.messageBlock.deleteMany({ where: { blockerId: me.id, blockedId: otherId } });
  return person;
}

/** `me` reports `otherId` to the support team, with their latest message to `me` for context. */
export async function reportPerson(me: SessionUser, otherId: number, reason: string) {
  const { person } = await blockableAccess(me, otherId);
  const latest = await prisma.message.findFirst({ where: { senderId: otherId, recipientId: me.id }, orderBy: { id: "desc" }, select: { id: true } });
  await prisma.messageReport.create({ data: { reporterId: me.id, reportedId: otherId, messageId: latest?.id ?? null, reason } });
  return person;
}

export type ReportRow = {
  id: number;
  reason: string;
  createdAt: string;
  reporter: { id: number; name: string; role: string };
  reported: { id: number; name: string; role: string };
  message: { body: string; createdAt: string } | null;
};

/** Open reports, newest first (the console's Messaging screen). */
export async function listOpenReports(admin: SessionUser, take = 20): Promise<ReportRow[]> {
  requireAdmin(admin);
  const reports = await prisma.messageReport.findMany({
    where: { resolvedAt: null },
    orderBy: { id: "desc" },
    take,
    select: {
      id: true,
      reason: true,
      createdAt: true,
      messageId: true,
      reporter: { select: { id: true, name: true, role: true } },
      reported: { select: { id: true, name: true, role: true } },
    },
  });
  const messageIds = reports.map((report) => report.messageId).filter((id): id is number => id !== null);
  const messages = messageIds.length
    ? await prisma.message.findMany({ where: { id: { in: messageIds } }, select: { id: true, body: true, createdAt: true } })
    : [];
  const byId = new Map(messages.map((message) => [message.id, message]));
  // A report shows the reported person's words to the reporter: their conversation was opened.
  for (const id of new Set(reports.flatMap((report) => [report.reporter.id, report.reported.id]))) await recordOpened(admin, id, "open-messages");
  return reports.map(({ messageId, ...report }) => {
    const message = messageId ? byId.get(messageId) : undefined;
    return {
      ...report,
      createdAt: report.createdAt.toISOString(),
      message: message ? { body: message.body, createdAt: message.createdAt.toISOString() } : null,
    };
  });
}

export async function resolveReport(admin: SessionUser, id: number) {
  requireAdmin(admin);
  const { count } = await prisma.messageReport.updateMany({ where: { id, resolvedAt: null }, data: { resolvedAt: new Date() } });
  if (count === 0) throw notFound("Report not found");
}

// ─── People to start a conversation with ─────────────────────────────────────────────────────

/**
 * The guides (for a mentee) or mentees (for a guide) `me` shares a booking with and has not written to or heard from
 * yet: of the other parties of their 100 most recent bookings, the `take` most recent, by name. One raw statement:
 * Prisma's `distinct` reads every matching row and drops the duplicates in JavaScript (for a busy guide, all their
 * bookings and all their messages: about 17 ms a page).
 */
export async function listNewContacts(me: SessionUser, take = 12) {
  if (me.role !== "user" && me.role !== "guide") return [];
  const [mine, theirs] = me.role === "user" ? [Prisma.sql`b."userId"`, Prisma.sql`b."guideId"`] : [Prisma.sql`b."guideId"`, Prisma.sql`b."userId"`];
  return queryRows(
    { id: column.int, name: column.text, imageId: column.nullableText },
    Prisma.sql`SELECT id, name, "imageId" FROM (
      SELECT u.id, u.name, u."imageId" FROM (
        SELECT ${theirs} AS "otherId", MAX(b.id) AS "lastId" FROM "Booking" b
        WHERE ${mine} = ${me.id} AND b.status NOT IN (${Prisma.join([...CONTACT_BOOKING_EXCLUDED_STATUSES])})
        GROUP BY ${theirs} ORDER BY "lastId" DESC LIMIT 100
      ) c JOIN "User" u ON u.id = c."otherId"
      WHERE u."isDeleted" = FALSE
        AND NOT EXISTS (SELECT 1 FROM "Message" m WHERE m."senderId" = ${me.id} AND m."recipientId" = c."otherId")
        AND NOT EXISTS (SELECT 1 FROM "Message" m WHERE m."senderId" = c."otherId" AND m."recipientId" = ${me.id})
      ORDER BY c."lastId" DESC LIMIT ${take}
    ) fresh ORDER BY name ASC, id ASC`,
  );
}

// ─── Live updates ─────────────────────────────────────────────────────────────────────────────

/** Where a person's live stream stands: the newest message to or from them and their newest notification. */
export type LiveCursor = { message: number; notification: number };

/** The newest ids now, in one query (a live stream asks once, as it opens). */
export async function liveCursor(userId: number): Promise<LiveCursor> {
  const [row] = await queryRows(
    { inbox: column.int, outbox: column.int, bell: column.int },
    Prisma.sql`SELECT
      (SELECT MAX(id) FROM "Message" WHERE "recipientId" = ${userId}) AS inbox,
      (SELECT MAX(id) FROM "Message" WHERE "senderId" = ${userId}) AS outbox,
      (SELECT MAX(id) FROM "Notification" WHERE "userId" = ${userId}) AS bell`,
  );
  return { message: Math.max(row.inbox, row.outbox), notification: row.bell };
}

export type LiveMessage = { id: number; senderId: number; recipientId: number; body: string; createdAt: string };
export type LiveNotification = { id: number; kind: string; title: string; href: string | null };

/** The most rows of each kind `liveEventsSince` reads at once: a stream reads again for the rest. */
export const LIVE_BATCH = { messages: 50, notifications: 20 };

/** What arrived after `since` (a few at most: the stream asks when told something arrived for its person). */
export async function liveEventsSince(userId: number, since: LiveCursor) {
  const [messages, notifications, unreadMessages, unreadNotifications] = await Promise.all([
    prisma.message.findMany({
      where: { id: { gt: since.message }, OR: [{ recipientId: userId }, { senderId: userId }] },
      orderBy: { id: "asc" },
      take: LIVE_BATCH.messages,
      select: { id: true, senderId: true, recipientId: true, body: true, createdAt: true },
    }),
    prisma.notification.findMany({
      where: { userId, id: { gt: since.notification } },
      orderBy: { id: "asc" },
      take: LIVE_BATCH.notifications,
      select: { id: true, kind: true, title: true, href: true },
    }),
    unreadCount({ id: userId }),
    unreadNotificationCount(userId),
  ]);
  return {
    messages: messages.map((m): LiveMessage => ({ ...m, body: excerpt(m.body), createdAt: m.createdAt.toISOString() })),
    notifications: notifications as LiveNotification[],
    unread: { messages: unreadMessages, notifications: unreadNotifications },
  };
}

// ─── E-mail about unread messages ─────────────────────────────────────────────────────────────

const UNREAD_MAIL_JOB = "messages.unread-mail";
/** How long a message waits unread before its recipient is e-mailed about it. */
export const UNREAD_MAIL_DELAY_MS = 15 * 60_000;

/**
 * Schedules the e-mail about a person's unread messages: one job per batch, keyed by the batch's oldest
 * message (unread, not yet e-mailed), due 15 minutes after it. Messages sent meanwhile join that batch.
 */
async function scheduleUnreadMail(recipientId: number) {
  const oldest = await prisma.message.findFirst({
    where: { recipientId, readAt: null, emailedAt: null },
    orderBy: { id: "asc" },
    select: { id: true, createdAt: true },
  });
  if (!oldest) return;
  await enqueue(
    UNREAD_MAIL_JOB,
    { recipientId },
    { key: `unread-mail:${recipientId}:${oldest.id}`, runAt: new Date(oldest.createdAt.getTime() + UNREAD_MAIL_DELAY_MS) },
  );
}

/**
 * The job: one e-mail about everything still unread and not yet e-mailed, if the oldest has waited long enough
 * and the person wants e-mail (settings); the messages are marked emailedAt so no batch is mailed twice.
 */
async function mailUnreadMessages(payload: Record<string, unknown>, job: { runAt: Date }) {
  const recipientId = Number(payload.recipientId);
  const now = new Date();
  const recipient = await prisma.user.findUnique({
    where: { id: recipientId },
    select: { name: true, email: true, role: true, notifications: true, communication: true, isDeleted: true, status: true },
  });
  if (!recipient) return;
  const waiting = await prisma.message.findMany({
    where: { recipientId, readAt: null, emailedAt: null },
    orderBy: { id: "asc" },
    take: 100,
    select: { id: true, body: true, createdAt: true, sender: { select: { id: true, name: true, role: true } } },
  });
  if (waiting.length === 0) return;
  // Read meanwhile, and newer ones came: their own batch, due later.
  // (Measured from when the job was due: the batch's oldest message was scheduled UNREAD_MAIL_DELAY_MS ahead.)
  if (waiting[0].createdAt.getTime() > job.runAt.getTime() - UNREAD_MAIL_DELAY_MS) return scheduleUnreadMail(recipientId);
  if (!wantsEmail(recipient)) return;
  const ids = waiting.map((message) => message.id);
  // Claimed first: a second run of the job (another server, a retry) finds nothing left to mail.
  const { count } = await prisma.message.updateMany({ where: { id: { in: ids }, emailedAt: null }, data: { emailedAt: now } });
  if (count !== ids.length) {
    if (count > 0) await prisma.message.updateMany({ where: { id: { in: ids }, emailedAt: now }, data: { emailedAt: null } });
    return;
  }
  const senders = [...new Set(waiting.map((message) => (message.sender.role === "admin" ? "the Ministry Mentors support team" : message.sender.name)))];
  const n = waiting.length;
  const subject = `${n} unread ${n === 1 ? "message" : "messages"} from ${senders.length === 1 ? senders[0] : `${senders.length} people`}`;
  const paragraphs = [
    `Hello ${recipient.name},`,
    `You have ${n} unread ${n === 1 ? "message" : "messages"} on Ministry Mentors:`,
    ...waiting.slice(-5).map((message) => `${message.sender.role === "admin" ? "Support team" : message.sender.name}: ${excerpt(message.body, 200)}`),
    "Read and reply in your dashboard:",
    // One sender: straight to that conversation; several: the list of conversations.
    siteUrl(new Set(waiting.map((message) => message.sender.id)).size === 1 ? conversationHref(recipient.role, waiting[0].sender.id) : messagesHref(recipient.role)),
    "You can turn these e-mails off under Settings in your dashboard.",
  ];
  try {
    await sendMail({ to: recipient.email, subject, text: paragraphs.join("\n\n"), html: mailLayout({ paragraphs }) });
  } catch (error) {
    // Not sent: the batch is left to the job's retry.
    await prisma.message.updateMany({ where: { id: { in: ids }, emailedAt: now }, data: { emailedAt: null } });
    throw error;
  }
}

defineJob(UNREAD_MAIL_JOB, mailUnreadMessages);
