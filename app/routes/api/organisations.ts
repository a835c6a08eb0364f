import type { Route } from "./+types/organisations";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { badRequest } from "#app/lib/http.server.ts";
import { suggestOrganisations } from "#app/modules/organisations/organisations.server.ts";

/**
 * GET /api/organisations?search=gra — PUBLIC: the names of organisations matching what someone types in an
 * organisation field (sign-up, the guide application, profiles, the console's forms), for its suggestions:
 * {data: ["Grace Church", …]}, at most 20, by name. Names only: who belongs to them is not told.
 */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const search = new URL(request.url).searchParams.get("search") ?? "";
  if (search.length > 100) throw badRequest("search must be at most 100 characters");
  return { data: await suggestOrganisations(search) };
});

export const action = () => methodNotAllowed();
