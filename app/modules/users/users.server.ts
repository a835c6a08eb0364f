import { Prisma } from "#app/generated/prisma/client.ts";
import { prisma } from "#app/lib/db.server.ts";
import { notFound } from "#app/lib/http.server.ts";
import type { ListResult, ListState } from "#app/lib/list.ts";
import { ftsPhrase, likeAnywhere, orderBy, pageOf } from "#app/lib/list.server.ts";
import { endSessionsOf, type SessionUser } from "#app/lib/session.server.ts";
import type { StatusChange, UserSort } from "./schema.ts";

export type UserListRow = {
  id: number;
  name: string;
  email: string;
  organisation: string | null;
  status: "active" | "inactive";
  userType: string;
  isVerified: boolean;
};

const sortColumns: Record<UserSort, Prisma.Sql> = {
  name: Prisma.sql`u.name COLLATE NOCASE`,
  email: Prisma.sql`u.email COLLATE NOCASE`,
  organisation: Prisma.sql`u.organisation COLLATE NOCASE`,
  status: Prisma.sql`u.status`,
};

/**
 * A search over name, e-mail and organisation: the trigram full-text index for 3+ characters,
 * a LIKE scan below that (the index cannot match shorter terms).
 */
export function peopleSearch(term: string, alias = Prisma.raw("u")) {
  if (term.length >= 3) {
    return Prisma.sql`${alias}.id IN (SELECT rowid FROM "UserSearch" WHERE "UserSearch" MATCH ${ftsPhrase(term)})`;
  }
  const pattern = likeAnywhere(term);
  return Prisma.sql`(${alias}.name LIKE ${pattern} ESCAPE '\\' OR ${alias}.email LIKE ${pattern} ESCAPE '\\' OR ${alias}.organisation LIKE ${pattern} ESCAPE '\\')`;
}

type RawUserRow = Omit<UserListRow, "id" | "isVerified"> & { id: bigint | number; isVerified: unknown };

/** The admin's list of mentees (role user, not deleted), searched, sorted and paged in SQL. */
export async function listUsers(
  state: ListState<UserSort>,
  filters: { isVerified?: boolean } = {},
): Promise<ListResult<UserListRow>> {
  const where = [Prisma.sql`u.role = 'user'`, Prisma.sql`u.isDeleted = 0`];
  if (filters.isVerified !== undefined) where.push(Prisma.sql`u.isVerified = ${filters.isVerified ? 1 : 0}`);
  if (state.search) where.push(peopleSearch(state.search));
  const { rows, meta } = await pageOf<RawUserRow>({
    select: Prisma.sql`u.id, u.name, u.email, u.organisation, u.status, u.role AS userType, u.isVerified`,
    from: Prisma.sql`"User" u`,
    where,
    orderBy: orderBy(sortColumns[state.sort], state.order, Prisma.sql`u.id`),
    page: state.page,
    limit: state.limit,
  });
  return {
    data: rows.map((row) => ({ ...row, id: Number(row.id), isVerified: Boolean(Number(row.isVerified)) })),
    meta,
  };
}

/** The name shown in the delete dialog, or null when there is no such user. */
export async function findUserName(id: number) {
  const user = await prisma.user.findFirst({ where: { id, role: "user", isDeleted: false }, select: { id: true, name: true } });
  return user;
}

/**
 * Activates or deactivates a user or guide account. Deactivation ends the person's sessions at once.
 * One conditional update: no read-then-write window.
 */
export async function setAccountStatus({ accountType, id, action }: StatusChange, _actor: SessionUser) {
  const { count } = await prisma.user.updateMany({
    where: { id, role: accountType, isDeleted: false },
    data: { status: action },
  });
  if (count === 0) throw notFound(accountType === "guide" ? "Guide not found" : "User not found");
  if (action === "inactive") await endSessionsOf(id);
  return { id, status: action };
}

/**
 * Soft-deletes an account of the given role: it leaves every list and can no longer sign in, while its
 * bookings, payments and reviews stay for the books.
 */
export async function softDeleteAccount(role: "user" | "guide", id: number, _actor: SessionUser) {
  const { count } = await prisma.user.updateMany({
    where: { id, role, isDeleted: false },
    data: { isDeleted: true, deletedAt: new Date() },
  });
  if (count === 0) throw notFound(role === "guide" ? "Guide not found" : "User not found");
  await endSessionsOf(id);
  return { id };
}
