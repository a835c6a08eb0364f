import type { Route } from "./+types/me";
import { api } from "#app/lib/api.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";

/** GET /api/v1/me (scope read): who the token acts as, and what it may do. */
export const loader = api(async ({ context }: Route.LoaderArgs) => {
  const { user, scopes } = holderWith(context, "read");
  return { id: user.id, name: user.name, email: user.email, role: user.role, timeZone: user.timeZone, scopes };
});
