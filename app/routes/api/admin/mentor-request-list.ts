import type { Route } from "./+types/mentor-request-list";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { listGuideRequests } from "#app/modules/guide-requests/guide-requests.server.ts";
import { guideRequestList } from "#app/modules/guide-requests/schema.ts";

/**
 * GET /api/admin/get-mentor-request-list?page&limit&search&sort&order → pending requests as {data, meta};
 * `status=approved|rejected|all` lists the decided ones too, each with its decision and date; `from` and `to` (days)
 * those submitted in that range.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports["guide-requests"].csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(guideRequestList, new URL(request.url).searchParams);
  return listGuideRequests(state, filters, signedInUser(context));
});
