import type { Route } from "./+types/get-user";
import { api } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { getUser } from "#app/modules/users/users.server.ts";

/** GET /api/admin/get-user-by-id/{id} → {user}; 404 'User not found'. */
export const loader = api(async ({ params, context }: Route.LoaderArgs) => {
  const id = idParam(params.id);
  return { user: await getUser(id, signedInUser(context)) };
});
