import { Prisma } from "#app/generated/prisma/client.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isAdmin, isPartyTo, partiesScope } from "#app/modules/accounts/policy.ts";

/** The reviews (alias `r`) `actor` may see: an admin all, a guide those about them, a user those they wrote. */
/** The columns of a record's mentee and guide. */
export const reviewParties = { user: Prisma.sql`r."authorId"`, guide: Prisma.sql`r."guideId"` };
export const reviewScope = (actor: SessionUser) => partiesScope(actor, reviewParties);

export const canSeeReview = (actor: SessionUser, review: { authorId: number; guideId: number }) =>
  isPartyTo(actor, { userId: review.authorId, guideId: review.guideId });

/** The reply under a review is the reviewed guide's (or an admin's); its author may see it but not answer it. */
export function canReplyToReview(actor: SessionUser, review: { guideId: number }) {
  return isAdmin(actor) || (actor.role === "guide" && review.guideId === actor.id);
}
