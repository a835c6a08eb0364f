import type { Route } from "./+types/bookings";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { bookingList } from "#app/modules/bookings/schema.ts";
import { listBookings } from "#app/modules/bookings/bookings.server.ts";
import { filteredPeople } from "#app/modules/users/people-filters.server.ts";

/**
 * GET /api/admin/get-allbookings: page, limit, search, sort (sortBy), order (sortOrder), paymentStatus,
 * guideId (mentorId) or userId, and from and to (days of the session, or with date=booked of the booking) → {bookings, meta}. A filter by a person who never existed is a 404.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports.bookings.csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(bookingList, new URL(request.url).searchParams);
  await filteredPeople(filters);
  const { data, meta } = await listBookings(state, filters, signedInUser(context));
  return { bookings: data, meta };
});
