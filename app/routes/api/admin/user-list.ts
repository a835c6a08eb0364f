import type { Route } from "./+types/user-list";
import { api } from "#app/lib/api.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { isVerifiedFilterSchema, userListDefaults } from "#app/modules/users/schema.ts";
import { listUsers } from "#app/modules/users/users.server.ts";

/** GET /api/admin/get-user-list?page&limit&search&isVerified (&sort&order) → {data, meta}. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const state = parseListParams(params, userListDefaults);
  const isVerified = parseOr400(isVerifiedFilterSchema, params.get("isVerified") ?? undefined, "isVerified");
  return listUsers(state, { isVerified });
});
