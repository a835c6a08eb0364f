import { Prisma } from "#app/generated/prisma/client.ts";
import { ALL_ROWS } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isAdmin } from "#app/modules/accounts/policy.ts";

/**
 * What a guide runs (profile, availability, pricing, published content, earnings): an admin may see and
 * change every guide's, a guide only their own, a user none (the public mentor pages have their own reads).
 */
export function guideScope(actor: SessionUser, guideIdColumn: Prisma.Sql): Prisma.Sql {
  if (isAdmin(actor)) return ALL_ROWS;
  if (actor.role === "guide") return Prisma.sql`${guideIdColumn} = ${actor.id}`;
  return Prisma.sql`1 = 0`;
}

export function canSeeGuide(actor: SessionUser, guideId: number) {
  return isAdmin(actor) || (actor.role === "guide" && actor.id === guideId);
}
