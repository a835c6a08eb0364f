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
