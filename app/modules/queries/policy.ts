import { Prisma } from "#app/generated/prisma/client.ts";
import { ALL_ROWS } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isAdmin } from "#app/modules/accounts/policy.ts";

/** The support queries (alias `q`) `actor` may see: an admin all, anyone else those they asked. Answering is the admins' (requireAdmin). */
export function queryScope(actor: SessionUser): Prisma.Sql {
  if (isAdmin(actor)) return ALL_ROWS;
  return Prisma.sql`q."askerId" = ${actor.id}`;
}

export function canSeeQuery(actor: SessionUser, query: { askerId: number | null }) {
  return isAdmin(actor) || query.askerId === actor.id;
}
