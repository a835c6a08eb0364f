import type { Route } from "./+types/mentor-list";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { listGuides } from "#app/modules/guides/guides.server.ts";
import { guideList } from "#app/modules/guides/schema.ts";

/** GET /api/admin/get-mentor-list?page&limit&search&sort&order → {data, meta}. */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports.guides.csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(guideList, new URL(request.url).searchParams);
  return listGuides(state, filters);
});
