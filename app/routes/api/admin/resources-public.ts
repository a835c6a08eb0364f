import type { Route } from "./+types/resources-public";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { listResources } from "#app/modules/resources/resources.server.ts";
import { resourceList } from "#app/modules/resources/schema.ts";

/**
 * GET /api/admin/resources — PUBLIC (no token, SPEC §6): the content library for the /resources page.
 * Same query as resources/all: type, search, page, per_page, sort=created_at:desc → {data, meta}.
 * Mounted outside the admin guard in routes.ts.
 */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const { state, filters } = parseList(resourceList, new URL(request.url).searchParams);
  return listResources(state, filters);
});

export const action = () => methodNotAllowed();
