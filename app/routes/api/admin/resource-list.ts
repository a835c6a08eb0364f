import type { Route } from "./+types/resource-list";
import { api } from "#app/lib/api.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { listResources } from "#app/modules/resources/resources.server.ts";
import { resourceList } from "#app/modules/resources/schema.ts";

/** GET /api/admin/resources/all?type&search&page&per_page=10&sort=created_at:desc → {data, meta}. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const { state, filters } = parseList(resourceList, new URL(request.url).searchParams);
  return listResources(state, filters);
});
