import type { Route } from "./+types/organisation-merge";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { mergeOrganisation } from "#app/modules/organisations/organisations.server.ts";
import { mergeSchema } from "#app/modules/organisations/schema.ts";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/admin/organisations/{id}/merge {intoId} → {data: the organisation that stays}: organisation {id}'s members
 * move to {intoId} and {id} is removed. Into itself is a 400; either one missing a 404.
 */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const id = idParam(params.id);
  const { intoId } = parseOr400(mergeSchema, await jsonBody(request));
  return { data: await mergeOrganisation(id, intoId, signedInUser(context)) };
});
