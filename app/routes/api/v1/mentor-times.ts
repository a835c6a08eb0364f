import type { Route } from "./+types/mentor-times";
import { api } from "#app/lib/api.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { getBookingOffer } from "#app/modules/bookings/booking-flow.server.ts";
import { bookableWeek } from "#app/modules/bookings/booking-picker.server.ts";
import { freeTimesQuery } from "#app/modules/bookings/booking-schema.ts";

/**
 * GET /api/v1/mentors/{id}/times (scope read): what the booking dialog shows, a mentor's lengths and prices and one
 * week of their free times (minutes, intro, week) in the token holder's time zone → {lengths, week, days, …}.
 */
export const loader = api(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "read");
  const guideId = idParam(params.id);
  const search = new URL(request.url).searchParams;
  const query = parseOr400(freeTimesQuery, { minutes: search.get("minutes") || undefined, intro: search.get("intro") || undefined, week: search.get("week") || undefined });
  // The free intro is offered to a mentee who has not had one with this mentor.
  const [offer, zone] = await Promise.all([getBookingOffer(guideId, user.role === "user" ? user.id : null), timeZoneOf(user.id)]);
  return bookableWeek(offer, query, zone);
});
