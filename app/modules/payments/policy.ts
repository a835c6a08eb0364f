import { Prisma } from "#app/generated/prisma/client.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isPartyTo, partiesScope } from "#app/modules/accounts/policy.ts";

/** The columns of a record's mentee and guide. */
export const paymentParties = { user: Prisma.sql`p."userId"`, guide: Prisma.sql`p."guideId"` };

/**
 * The payments (alias `p`) `actor` may see: an admin all, a guide those they received (earnings: a sponsor's covered
 * part too), a user those they made (by card: their sponsor's part of a booking is never shown as their payment).
 */
export const paymentScope = (actor: SessionUser) =>
  actor.role === "user" ? Prisma.sql`(${partiesScope(actor, paymentParties)} AND p.source = 'card')` : partiesScope(actor, paymentParties);

export const canSeePayment = (actor: SessionUser, payment: { userId: number; guideId: number; source: string }) =>
  isPartyTo(actor, payment) && (actor.role !== "user" || payment.source === "card");
