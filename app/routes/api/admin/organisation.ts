import type { Route } from "./+types/organisation";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { getOrganisation, updateOrganisation } from "#app/modules/organisations/organisations.server.ts";
import { organisationFormSchema } from "#app/modules/organisations/schema.ts";

/** GET /api/admin/organisations/{id} → {data: {id, name, kind, city, country, website, memberCount, createdAt}}. */
export const loader = api(async ({ params, context }: Route.LoaderArgs) => ({ data: await getOrganisation(idParam(params.id), signedInUser(context)) }));

/**
 * PUT /api/admin/organisations/{id} {name, kind, city?, country?, website?} → {data}: a new name is written on every
 * member's records; a name another organisation has is a 409 (merge them instead).
 */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const id = idParam(params.id);
  const input = parseOr400(organisationFormSchema, await jsonBody(request));
  return { data: await updateOrganisation(id, input, signedInUser(context)) };
});
