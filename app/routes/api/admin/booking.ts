import type { Route } from "./+types/booking";
import { api } from "#app/lib/api.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { getBooking } from "#app/modules/bookings/bookings.server.ts";
import { userIdSchema } from "#app/modules/users/schema.ts";

/** GET /api/admin/get-booking/{bookingId} → {booking}; 404 'Booking not found'. */
export const loader = api(async ({ params }: Route.LoaderArgs) => {
  const { id } = parseOr400(userIdSchema, { id: params.bookingId });
  return { booking: await getBooking(id) };
});
