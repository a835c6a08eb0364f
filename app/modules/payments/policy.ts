import { Prisma } from "#app/generated/prisma/client.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isAdmin } from "#app/modules/accounts/policy.ts";

/** The payments (alias `p`) `actor` may see: an admin all, a guide those they received (earnings), a user those they made. */
export function paymentScope(actor: SessionUser): Prisma.Sql {
  if (isAdmin(actor)) return Prisma.sql`1 = 1`;
  if (actor.role === "guide") return Prisma.sql`p.guideId = ${actor.id}`;
  if (actor.role === "user") return Prisma.sql`p.userId = ${actor.id}`;
  return Prisma.sql`1 = 0`;
}

export function canSeePayment(actor: SessionUser, payment: { userId: number; guideId: number }) {
  if (isAdmin(actor)) return true;
  if (actor.role === "guide") return payment.guideId === actor.id;
  return actor.role === "user" && payment.userId === actor.id;
}
