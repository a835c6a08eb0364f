import type { Route } from "./+types/resource-list";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { listResources } from "#app/modules/resources/resources.server.ts";
import { resourceList } from "#app/modules/resources/schema.ts";

/** GET /api/admin/resources/all?type&search&page&per_page=10&sort=created_at:desc → {data, meta}. */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports.resources.csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(resourceList, new URL(request.url).searchParams);
  return listResources(state, filters);
});
