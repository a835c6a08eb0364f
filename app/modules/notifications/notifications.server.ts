import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { announceLive } from "#app/lib/live.server.ts";
import { column, queryRows, type RowOf } from "#app/lib/sql.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import { defineJob, enqueue } from "#app/lib/jobs.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { mailLayout, sendMail } from "#app/lib/mail.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";

export type NotificationKind = "booking" | "payment" | "message" | "review" | "query";

export type NewNotification = { kind: NotificationKind; title: string; body?: string; href?: string };

export type NotifyOptions = {
  /**
   * Also e-mail it, when the person's settings allow (User.notifications on and communication "email"). Off by
   * default: modules that already send their own mail (bookings with their .ics, receipts, query answers) only
   * ring the bell. The mail goes out from a job, after the caller's request, never inside a transaction.
   */
  email?: boolean;
  /**
   * Update the person's unread notification of the same kind and link instead of adding another (a chat's
   * messages ring the bell once per conversation until it is read).
   */
  replaceUnread?: boolean;
};

export type NotificationRow = { id: number; kind: string; title: string; body: string | null; href: string | null; readAt: string | null; createdAt: string };

const EMAIL_JOB = "notifications.email";

// Every dashboard page reads the bell (its count and newest few) and most read the list: raw statements, which skip
// the ORM's per-call query compilation (see "Reading raw rows" in lib/sql.server.ts).
const columns = Prisma.sql`id, kind, title, body, href, "readAt", "createdAt"`;
const notificationRow = {
  id: column.int,
  kind: column.text,
  title: column.text,
  body: column.nullableText,
  href: column.nullableText,
  readAt: column.nullableDate,
  createdAt: column.date,
};
const shown = (row: RowOf<typeof notificationRow>): NotificationRow => ({
  ...row,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Puts a notification in a person's bell (the in-app list with read state). Every domain that tells a person
 * something (a booking made or cancelled, a payment, a message, a review, an answered query) calls this.
 * The dashboards' live streams (routes/events.ts) are told on any app server once it is committed.
 */
export async function notify(userId: number, notification: NewNotification, options: NotifyOptions = {}) {
  const { id } = await transaction(async (tx) => {
    if (options.replaceUnread && notification.href) {
      const open = await tx.notification.findFirst({
        where: { userId, kind: notification.kind, href: notification.href, readAt: null },
        orderBy: { id: "desc" },
        select: { id: true },
      });
      // A new row (not an update) so that the live stream, which follows ids, sees it: the old one goes.
      if (open) await tx.notification.delete({ where: { id: open.id } });
    }
    const created = await tx.notification.create({ data: { userId, ...notification }, select: { id: true } });
    // The person's live streams are told once it is committed (lib/live.server.ts).
    await announceLive(tx, { kind: "notification", id: created.id, people: [userId] });
    return created;
  });
  if (options.email) await enqueue(EMAIL_JOB, { notificationId: id });
  return { id };
}

/** Whether a person wants e-mail beyond the essentials (settings: notifications on, communication by e-mail). */
export function wantsEmail(person: { notifications: boolean; communication: string; isDeleted: boolean; status: string }) {
  return person.notifications && person.communication === "email" && !person.isDeleted && person.status === "active";
}

defineJob(EMAIL_JOB, async (payload) => {
  const notification = await prisma.notification.findUnique({
    where: { id: Number(payload.notificationId) },
    select: { title: true, body: true, href: true, readAt: true, user: { select: { name: true, email: true, notifications: true, communication: true, isDeleted: true, status: true } } },
  });
  // Already read in the app (or gone), or the person asked for no e-mail: nothing to send.
  if (!notification || notification.readAt || !wantsEmail(notification.user)) return;
  const paragraphs = [`Hello ${notification.user.name},`, notification.title, ...(notification.body ? [notification.body] : [])];
  if (notification.href) paragraphs.push(siteUrl(notification.href));
  paragraphs.push("You can turn these e-mails off under Settings in your dashboard.");
  await sendMail({ to: notification.user.email, subject: notification.title, text: paragraphs.join("\n\n"), html: mailLayout({ paragraphs }) });
});

/** A person's notifications, newest first, paged. */
export async function listNotifications(userId: number, state: Pick<ListState, "page" | "limit">): Promise<ListResult<NotificationRow>> {
  const [[{ count }], rows] = await Promise.all([
    queryRows({ count: column.int }, Prisma.sql`SELECT COUNT(*) AS count FROM "Notification" WHERE "userId" = ${userId}`),
    queryRows(
      notificationRow,
      Prisma.sql`SELECT ${columns} FROM "Notification" WHERE "userId" = ${userId} ORDER BY id DESC LIMIT ${state.limit} OFFSET ${(state.page - 1) * state.limit}`,
    ),
  ]);
  return { data: rows.map(shown), meta: { page: state.page, limit: state.limit, total: count, totalPages: Math.max(1, Math.ceil(count / state.limit)) } };
}

/** The newest few, for the bell's panel. */
export async function latestNotifications(userId: number, take = 6) {
  const rows = await queryRows(notificationRow, Prisma.sql`SELECT ${columns} FROM "Notification" WHERE "userId" = ${userId} ORDER BY id DESC LIMIT ${take}`);
  return rows.map(shown);
}

export async function unreadNotificationCount(userId: number) {
  const [{ unread }] = await queryRows({ unread: column.int }, Prisma.sql`SELECT COUNT(*) AS unread FROM "Notification" WHERE "userId" = ${userId} AND "readAt" IS NULL`);
  return unread;
}

/** Marks one of the person's notifications read; another person's id is a 404. Returns where it points. */
export async function markNotificationRead(userId: number, id: number) {
  const notification = await prisma.notification.findFirst({ where: { id, userId }, select: { id: true, href: true, readAt: true } });
  if (!notification) throw notFound("Notification not found");
  if (!notification.readAt) await prisma.notification.update({ where: { id }, data: { readAt: new Date() } });
  return { href: notification.href };
}

export async function markAllNotificationsRead(userId: number) {
  const { count } = await prisma.notification.updateMany({ where: { userId, readAt: null }, data: { readAt: new Date() } });
  return count;
}

/** Marks read the person's notifications that point at `href` (opening a conversation reads its message notification). */
export async function markNotificationsReadAt(userId: number, href: string) {
  return prisma.$executeRaw`UPDATE "Notification" SET "readAt" = ${new Date()} WHERE "userId" = ${userId} AND href = ${href} AND "readAt" IS NULL`;
}
