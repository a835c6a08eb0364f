import { Prisma } from "#app/generated/prisma/client.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isAdmin } from "#app/modules/accounts/policy.ts";

/** The bookings (alias `b`) `actor` may see: an admin all, a guide those with them, a user those they made. */
export function bookingScope(actor: SessionUser): Prisma.Sql {
  if (isAdmin(actor)) return Prisma.sql`1 = 1`;
  if (actor.role === "guide") return Prisma.sql`b.guideId = ${actor.id}`;
  if (actor.role === "user") return Prisma.sql`b.userId = ${actor.id}`;
  return Prisma.sql`1 = 0`;
}

export function canSeeBooking(actor: SessionUser, booking: { userId: number; guideId: number }) {
  if (isAdmin(actor)) return true;
  if (actor.role === "guide") return booking.guideId === actor.id;
  return actor.role === "user" && booking.userId === actor.id;
}
