import type { Route } from "./+types/dashboard-monthly-bookings";
import { api } from "#app/lib/api.server.ts";
import { monthlyBookingStats } from "#app/modules/stats/stats.server.ts";

/** GET /api/admin/dashboard/montlyBookingStats (the spec's spelling) → {data: [{month, label, bookings}] × 12}. */
export const loader = api(async (_args: Route.LoaderArgs) => ({ data: await monthlyBookingStats() }));
