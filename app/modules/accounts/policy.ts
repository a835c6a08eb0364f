import { Prisma } from "#app/generated/prisma/client.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { ALL_ROWS } from "#app/lib/list.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";

/**
 * The policy vocabulary every domain uses (see each domain's policy.ts):
 * - `<record>Scope(actor)`: the rows of a list `actor` may see, as a SQL condition;
 * - `canSee<Record>(actor, record)`: the same rule for one record; a domain answers `false` with the
 *   record's 404, so another person's id looks exactly like a missing one;
 * - `requireAdmin(actor)`: operations only the support team performs.
 */

export const isAdmin = (actor: SessionUser) => actor.role === "admin";

/** Refuses (403) anyone but an admin, before any record is looked up, so the answer says nothing about ids. */
export function requireAdmin(actor: SessionUser) {
  if (!isAdmin(actor)) throw new HttpError(403, "Admin access required");
}

/** An account (its profile, picture, settings): an admin may see and change any, anyone else only their own. */
export function canSeeAccount(actor: SessionUser, accountId: number) {
  return isAdmin(actor) || actor.id === accountId;
}

/**
 * Records between a mentee and a guide (bookings, payments, reviews) follow one rule: an admin sees all of
 * them, a guide those with them, a user their own. As a SQL condition on the record's two columns…
 */
export function partiesScope(actor: SessionUser, columns: { user: Prisma.Sql; guide: Prisma.Sql }): Prisma.Sql {
  if (isAdmin(actor)) return ALL_ROWS;
  if (actor.role === "guide") return Prisma.sql`${columns.guide} = ${actor.id}`;
  if (actor.role === "user") return Prisma.sql`${columns.user} = ${actor.id}`;
  return Prisma.sql`1 = 0`;
}

/**
 * The one mentee and the one guide every record of a list has, where it has one: from the actor's scope (a guide's
 * own records, a user's own) or the list's filter (an admin's tab of one person). Searches ask about that person once.
 */
export function partiesOf(actor: SessionUser, filters: { userId?: number; guideId?: number }) {
  return {
    user: filters.userId ?? (actor.role === "user" ? actor.id : undefined),
    guide: filters.guideId ?? (actor.role === "guide" ? actor.id : undefined),
  };
}

/** …and for one record. */
export function isPartyTo(actor: SessionUser, parties: { userId: number; guideId: number }) {
  if (isAdmin(actor)) return true;
  if (actor.role === "guide") return parties.guideId === actor.id;
  return actor.role === "user" && parties.userId === actor.id;
}
