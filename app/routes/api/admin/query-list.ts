import type { Route } from "./+types/query-list";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { queryList } from "#app/modules/queries/schema.ts";
import { listQueries } from "#app/modules/queries/queries.server.ts";

/**
 * GET /api/admin/get-all-queries?page&limit&search&sortOrder (&sort, &from, &to: days received) → {data, meta}, newest
 * first by default.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports["customer-queries"].csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(queryList, new URL(request.url).searchParams);
  return listQueries(state, signedInUser(context), filters);
});
