import type { Route } from "./+types/bookings";
import { api } from "#app/lib/api.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
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
