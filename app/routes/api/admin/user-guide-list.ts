import type { Route } from "./+types/user-guide-list";
import { api } from "#app/lib/api.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { directoryList } from "#app/modules/messages/schema.ts";
import { listDirectory } from "#app/modules/messages/messages.server.ts";

/** GET /api/admin/user-guide/list?filter=guides|users (default guides) &page&limit&search&sort&order → {data, meta}. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const { state, filters } = parseList(directoryList, new URL(request.url).searchParams);
  return listDirectory(state, filters.filter);
});
