import type { Route } from "./+types/bookings";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { HttpError, parseOr400 } from "#app/lib/http.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { once } from "#app/modules/access-tokens/idempotency.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { createBooking } from "#app/modules/bookings/booking-flow.server.ts";
import { BOOKING_MESSAGES, bookingApiSchema } from "#app/modules/bookings/booking-schema.ts";
import { startCheckout } from "#app/modules/bookings/checkout.server.ts";
import { listDashboardBookings } from "#app/modules/bookings/dashboard.server.ts";
import { bookingTabOf, listForTab } from "#app/modules/bookings/dashboard-schema.ts";

/**
 * GET /api/v1/bookings (scope read): the token holder's bookings as their dashboard lists them, one tab at a time
 * (tab=upcoming, past, or for a guide requests; page, limit, search, order) → {bookings, meta}. Each booking names
 * the changes its holder may make now (`changes`).
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "read");
  const params = new URL(request.url).searchParams;
  const asked = bookingTabOf(params);
  const tab = asked === "requests" && user.role !== "guide" ? "upcoming" : asked;
  const { state } = parseList(listForTab(tab), params);
  const { data, meta } = await listDashboardBookings(user, tab, state, await timeZoneOf(user.id));
  return { bookings: data, meta };
});

/**
 * POST /api/v1/bookings (scope book, mentees): books one of a mentor's free times, as the booking dialog does →
 * 201 {booking: {id, status, rateCents, startsAt}, checkoutUrl}. A paid session is held until paid:
 * `checkoutUrl` is Stripe Checkout's page to send the person to (null for a free one). Takes an Idempotency-Key.
 */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const holder = holderWith(context, "book");
  return once(holder, request, async () => {
    if (holder.user.role !== "user") throw new HttpError(403, BOOKING_MESSAGES.menteesOnly);
    const input = parseOr400(bookingApiSchema, await jsonBody(request));
    const booking = await createBooking(holder.user.id, { ...input, amountCents: input.amountCents });
    const checkoutUrl = booking.status === "held" ? (await startCheckout(booking.id)).url : null;
    return Response.json(
      {
        booking: { id: booking.id, status: booking.status, rateCents: booking.rateCents, startsAt: booking.startsAt?.toISOString() ?? null },
        checkoutUrl,
      },
      { status: 201 },
    );
  });
});
