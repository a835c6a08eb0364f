import type { Route } from "./+types/resource-list";
import { api } from "#app/lib/api.server.ts";
import { listResources, resourceListQuery } from "#app/modules/resources/resources.server.ts";

/** GET /api/admin/resources/all?type&search&page&per_page=10&sort=created_at:desc → {data, meta}. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const { state, type } = resourceListQuery(new URL(request.url).searchParams);
  return listResources(state, { type });
});
