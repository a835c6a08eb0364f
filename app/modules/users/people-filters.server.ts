import { requireAccount } from "#app/modules/accounts/accounts.server.ts";

/**
 * The people a bookings, payments or reviews list is filtered by (`peopleFilters` of its definition): 404 for a
 * person who never existed. Deleted people count: their history stays in the books.
 */
export async function filteredPeople({ guideId, userId }: { guideId?: number; userId?: number }) {
  const [guide, user] = await Promise.all([
    guideId ? requireAccount("guide", guideId, { includeDeleted: true }) : null,
    userId ? requireAccount("user", userId, { includeDeleted: true }) : null,
  ]);
  return { guide, user };
}
