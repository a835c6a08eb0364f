import type { Route } from "./+types/admin-profile";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { getAdminProfile } from "#app/modules/admin-account/admin-account.server.ts";

/** GET /api/admin/get-admin-profile → {user}: the signed-in admin's own account. */
export const loader = api(async ({ context }: Route.LoaderArgs) => ({ user: await getAdminProfile(signedInUser(context)) }));

export const action = () => methodNotAllowed();
