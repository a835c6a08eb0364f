import type { Route } from "./+types/user-list";
import { api } from "#app/lib/api.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { userList } from "#app/modules/users/schema.ts";
import { listUsers } from "#app/modules/users/users.server.ts";

/** GET /api/admin/get-user-list?page&limit&search&isVerified (&sort&order) → {data, meta}. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const { state, filters } = parseList(userList, new URL(request.url).searchParams);
  return listUsers(state, filters);
});
