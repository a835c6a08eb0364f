import { prisma } from "#app/lib/db.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { requireAccount } from "#app/modules/accounts/accounts.server.ts";
import { peopleFiltersFrom, peopleFiltersSchema } from "./schema.ts";

/**
 * The `?guideId=&userId=` (or mentorId) filters of the bookings, payments and reviews lists: 400 when
 * malformed, 404 for a person who never existed. Deleted people count: their history stays in the books.
 */
export async function peopleFilters(params: URLSearchParams) {
  const { guideId, userId } = parseOr400(peopleFiltersSchema, peopleFiltersFrom(params));
  const [guide, user] = await Promise.all([
    guideId ? requireAccount("guide", guideId, { includeDeleted: true }) : null,
    userId ? requireAccount("user", userId, { includeDeleted: true }) : null,
  ]);
  return { guideId, userId, guide, user };
}

export type PersonOption = { id: number; name: string };

/**
 * The choices of a list's "Guide" filter: every guide that is not deleted, by name, plus the guide the
 * list is filtered by when that one was deleted.
 */
export async function guideOptions(selectedId?: number): Promise<PersonOption[]> {
  return prisma.user.findMany({
    where: { role: "guide", OR: [{ isDeleted: false }, ...(selectedId ? [{ id: selectedId }] : [])] },
    select: { id: true, name: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
