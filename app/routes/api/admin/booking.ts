import type { Route } from "./+types/booking";
import { api } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { getBooking } from "#app/modules/bookings/bookings.server.ts";

/** GET /api/admin/get-booking/{bookingId} → {booking}; 404 'Booking not found'. */
export const loader = api(async ({ params, context }: Route.LoaderArgs) => {
  const id = idParam(params.bookingId, "booking id");
  return { booking: await getBooking(id, signedInUser(context)) };
});
