import type { Route } from "./+types/booking-cancel";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { adminCancelApiSchema } from "#app/modules/bookings/dashboard-schema.ts";
import { cancelBooking } from "#app/modules/bookings/lifecycle.server.ts";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/admin/cancel-booking/{bookingId} with body {reason?} → {message, booking: {id, status, refundedCents,
 * refundFailed}}: the same cancellation as the console's Cancel booking (full refund of what was paid, both people
 * told, the time freed). 404 'Booking not found'; 409 {message} when it can no longer be cancelled.
 */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const bookingId = idParam(params.bookingId, "booking id");
  const { reason } = parseOr400(adminCancelApiSchema, await jsonBody(request));
  const outcome = await cancelBooking(signedInUser(context), bookingId, reason);
  return {
    message: "Booking cancelled",
    booking: { id: outcome.bookingId, status: outcome.status, refundedCents: outcome.refundedCents, refundFailed: outcome.refundFailed },
  };
});
