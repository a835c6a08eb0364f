import { Prisma } from "#app/generated/prisma/client.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isPartyTo, partiesScope } from "#app/modules/accounts/policy.ts";

/** The payments (alias `p`) `actor` may see: an admin all, a guide those they received (earnings), a user those they made. */
/** The columns of a record's mentee and guide. */
export const paymentParties = { user: Prisma.sql`p."userId"`, guide: Prisma.sql`p."guideId"` };
export const paymentScope = (actor: SessionUser) => partiesScope(actor, paymentParties);

export const canSeePayment = (actor: SessionUser, payment: { userId: number; guideId: number }) => isPartyTo(actor, payment);
