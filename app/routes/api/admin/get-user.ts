import type { Route } from "./+types/get-user";
import { api } from "#app/lib/api.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { userIdSchema } from "#app/modules/users/schema.ts";
import { getUser } from "#app/modules/users/users.server.ts";

/** GET /api/admin/get-user-by-id/{id} → {user}; 404 'User not found'. */
export const loader = api(async ({ params }: Route.LoaderArgs) => {
  const { id } = parseOr400(userIdSchema, params);
  return { user: await getUser(id) };
});
