import type { Route } from "./+types/user-list";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { userList } from "#app/modules/users/schema.ts";
import { listUsers } from "#app/modules/users/users.server.ts";

/** GET /api/admin/get-user-list?page&limit&search&isVerified (&sort&order) → {data, meta}. */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports.users.csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(userList, new URL(request.url).searchParams);
  return listUsers(state, filters);
});
