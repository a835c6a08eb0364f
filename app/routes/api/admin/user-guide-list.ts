import type { Route } from "./+types/user-guide-list";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { directoryList } from "#app/modules/messages/schema.ts";
import { listDirectory } from "#app/modules/messages/messages.server.ts";

/** GET /api/admin/user-guide/list?filter=guides|users (default guides) &page&limit&search&sort&order → {data, meta}. */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports["people-directory"].csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(directoryList, new URL(request.url).searchParams);
  return listDirectory(state, filters.filter);
});
