import type { Route } from "./+types/saved-view";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { renameViewSchema } from "#app/modules/saved-views/schema.ts";
import { deleteView, findSavedView, renameView } from "#app/modules/saved-views/saved-views.server.ts";

/** GET /api/admin/saved-views/{id} → {data}: one of the signed-in admin's views (another admin's is a 404). */
export const loader = api(async ({ params, context }: Route.LoaderArgs) => ({ data: await findSavedView(signedInUser(context), idParam(params.id)) }));

/** PATCH /api/admin/saved-views/{id} {name} renames a view; DELETE deletes it. */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  const admin = signedInUser(context);
  const id = idParam(params.id);
  if (request.method === "PATCH") {
    const { name } = parseOr400(renameViewSchema, { ...(await jsonBody(request)), id });
    return { message: "View renamed", data: await renameView(admin, id, name) };
  }
  if (request.method === "DELETE") {
    const view = await deleteView(admin, id);
    return { message: "View deleted", id: view.id };
  }
  return methodNotAllowed(["GET", "PATCH", "DELETE"]);
});
