import { prisma } from "#app/lib/db.server.ts";

export type NotificationKind = "booking" | "payment" | "message" | "review" | "query";

export type NewNotification = { kind: NotificationKind; title: string; body?: string; href?: string };

/**
 * Puts a notification in a person's bell (the in-app list with read state). Every domain that tells a person
 * something (a booking made or cancelled, a payment, a message, a review, an answered query) calls this.
 */
export async function notify(userId: number, notification: NewNotification) {
  await prisma.notification.create({ data: { userId, ...notification } });
}
