import { Prisma } from "#app/generated/prisma/client.ts";
import type { Role } from "#app/lib/roles.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isAdmin } from "#app/modules/accounts/policy.ts";

/**
 * Messages are personal mail, an admin's too: the messages (alias `m`) `actor` sees are those they sent
 * or received; the support team reads what was written to it, never other people's conversations.
 */
export function messageScope(actor: SessionUser): Prisma.Sql {
  return Prisma.sql`(m."senderId" = ${actor.id} OR m."recipientId" = ${actor.id})`;
}

export function canSeeMessage(actor: SessionUser, message: { senderId: number; recipientId: number }) {
  return message.senderId === actor.id || message.recipientId === actor.id;
}

/** Whom `actor` may write to and hold a conversation with: an admin users and guides; users and guides each other and the support team. */
export function correspondentRoles(actor: SessionUser): Role[] {
  if (isAdmin(actor)) return ["user", "guide"];
  if (actor.role === "guide") return ["user", "admin"];
  return ["guide", "admin"];
}

/**
 * What lets two people hold a conversation, besides the roles above:
 * - "always": an admin writes to any user or guide;
 * - "booking": a mentee and a guide who share a booking (any status but expired: a hold that ran out unpaid
 *   introduced nobody);
 * - "thread": a user or guide answers an admin who wrote to them (the support team is reached through Support
 *   Queries; it starts the conversations).
 */
export type MessagingRule = "always" | "booking" | "thread";

export function messagingRule(actor: SessionUser, otherRole: string): MessagingRule | null {
  if (!(correspondentRoles(actor) as string[]).includes(otherRole)) return null;
  if (isAdmin(actor)) return "always";
  return otherRole === "admin" ? "thread" : "booking";
}

/** The booking statuses that do not make a mentee and a guide each other's contacts. */
export const CONTACT_BOOKING_EXCLUDED_STATUSES = ["expired"] as const;

/** Whether a booking in `status` makes its mentee and guide each other's contacts (its cards offer "Message …"). */
export const bookingIntroduces = (status: string) => !(CONTACT_BOOKING_EXCLUDED_STATUSES as readonly string[]).includes(status);

/** Why a message cannot be sent (a 403 with this text), worded for the person trying. */
export const messagingRefusals = {
  noBookingWithGuide: "You can message a guide once you have booked a session with them.",
  noBookingWithMentee: "You can message a mentee once they have booked a session with you.",
  noThreadWithSupport: "The support team starts these conversations. To reach them, send a query from Support Queries.",
  blockedByThem: (name: string) => `${name} is not accepting messages from you.`,
  blockedByMe: (name: string) => `You blocked ${name}. Unblock them to send a message.`,
} as const;

/** Only users and guides may be blocked or reported: the support team stays reachable. */
export const canBlock = (actor: SessionUser, otherRole: string) => !isAdmin(actor) && otherRole !== "admin";
