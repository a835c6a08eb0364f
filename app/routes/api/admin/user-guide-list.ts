import type { Route } from "./+types/user-guide-list";
import { api } from "#app/lib/api.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { directoryFilterSchema, directoryListDefaults } from "#app/modules/messages/schema.ts";
import { listDirectory } from "#app/modules/messages/messages.server.ts";

/** GET /api/admin/user-guide/list?filter=guides|users (default guides) &page&limit&search&sort&order → {data, meta}. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const state = parseListParams(params, directoryListDefaults);
  const filter = parseOr400(directoryFilterSchema, params.get("filter"), "filter");
  return listDirectory(state, filter);
});
