import type { Route } from "./+types/dashboard-health";
import { api } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { healthReport } from "#app/modules/stats/health.server.ts";
import { healthPeriodSchema } from "#app/modules/stats/schema.ts";

/**
 * GET /api/admin/dashboard/health?from&to (days of the admin's zone, both included; the last 7 days without them) →
 * {data: {period, made, completed, cancelled: {count, by: {mentee, guide, admin, system}}, noShows, refunds: {count,
 * cents}, repeatMentees, answerTime: {medianSeconds, count}, guidesWithoutFreeTime, oldOpenQueries, reviewsAwaitingReply}},
 * each figure with `href`, the console list it counts. A day that is not one, or a `to` before `from`, is a 400.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const period = parseOr400(healthPeriodSchema, { from: params.get("from") || undefined, to: params.get("to") || undefined });
  const { choices: _choices, ...report } = await healthReport(signedInUser(context), period);
  return { data: report };
});
