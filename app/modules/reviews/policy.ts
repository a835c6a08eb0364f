import { Prisma } from "#app/generated/prisma/client.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isAdmin } from "#app/modules/accounts/policy.ts";

/** The reviews (alias `r`) `actor` may see: an admin all, a guide those about them, a user those they wrote. */
export function reviewScope(actor: SessionUser): Prisma.Sql {
  if (isAdmin(actor)) return Prisma.sql`1 = 1`;
  if (actor.role === "guide") return Prisma.sql`r.guideId = ${actor.id}`;
  if (actor.role === "user") return Prisma.sql`r.authorId = ${actor.id}`;
  return Prisma.sql`1 = 0`;
}

export function canSeeReview(actor: SessionUser, review: { authorId: number; guideId: number }) {
  if (isAdmin(actor)) return true;
  if (actor.role === "guide") return review.guideId === actor.id;
  return actor.role === "user" && review.authorId === actor.id;
}

/** The reply under a review is the reviewed guide's (or an admin's); its author may see it but not answer it. */
export function canReplyToReview(actor: SessionUser, review: { guideId: number }) {
  return isAdmin(actor) || (actor.role === "guide" && review.guideId === actor.id);
}
