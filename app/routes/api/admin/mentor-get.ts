import type { Route } from "./+types/mentor-get";
import { api } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { getGuide } from "#app/modules/guides/guides.server.ts";

/** GET /api/admin/get-mentor-by-id/{id} → {user: every field of the guide}. */
export const loader = api(async ({ params, context }: Route.LoaderArgs) => ({ user: await getGuide(idParam(params.id), signedInUser(context)) }));
