import type { Route } from "./+types/dashboard-stats";
import { api } from "#app/lib/api.server.ts";
import { adminStats } from "#app/modules/stats/stats.server.ts";

/** GET /api/admin/dashboard/Stats → {data: {activeUsers, totalGuides, verifiedGuides, …, revenueCents, openQueries}}. */
export const loader = api(async (_args: Route.LoaderArgs) => ({ data: await adminStats() }));
