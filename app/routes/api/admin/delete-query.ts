import type { Route } from "./+types/delete-query";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { deleteQuery } from "#app/modules/queries/queries.server.ts";

export const loader = () => methodNotAllowed();

/** DELETE /api/admin/delete-query/{id} */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const id = idParam(params.id);
  await deleteQuery(id, signedInUser(context));
  return { message: "Query deleted successfully", id };
});
