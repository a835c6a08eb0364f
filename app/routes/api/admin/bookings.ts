import type { Route } from "./+types/bookings";
import { api } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { bookingListDefaults, bookingPaymentStatusFilterSchema } from "#app/modules/bookings/schema.ts";
import { listBookings } from "#app/modules/bookings/bookings.server.ts";
import { peopleFilters } from "#app/modules/users/people-filters.server.ts";

/**
 * GET /api/admin/get-allbookings: page, limit, search, sort (sortBy), order (sortOrder), paymentStatus, and
 * guideId (mentorId) or userId → {bookings, meta}. A filter by a person who never existed is a 404.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  const query = new URL(request.url).searchParams;
  const state = parseListParams(query, bookingListDefaults, { order: "sortOrder", sort: "sortBy" });
  const paymentStatus = parseOr400(bookingPaymentStatusFilterSchema, query.get("paymentStatus") || undefined, "paymentStatus");
  const { guideId, userId } = await peopleFilters(query);
  const { data, meta } = await listBookings(state, { guideId, userId, paymentStatus }, signedInUser(context));
  return { bookings: data, meta };
});
