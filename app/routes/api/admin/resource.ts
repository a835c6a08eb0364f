import type { Route } from "./+types/resource";
import { api, formBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, notFound, parseOr400 } from "#app/lib/http.server.ts";
import { resourcePatchSchema } from "#app/modules/resources/schema.ts";
import { deleteResource, findResource, updateResource } from "#app/modules/resources/resources.server.ts";

/** GET /api/admin/resources/{id} → {data}. */
export const loader = api(async ({ params }: Route.LoaderArgs) => {
  const id = idParam(params.id);
  const resource = await findResource(id);
  if (!resource) throw notFound("Resource not found");
  return { data: resource };
});

/**
 * PATCH /api/admin/resources/{id}, multipart: any of title, type, description, link and a new file; fields
 * left out stay as they are.
 * DELETE /api/admin/resources/{id}.
 */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  const id = idParam(params.id);
  const admin = signedInUser(context);
  if (request.method === "PATCH") {
    const input = parseOr400(resourcePatchSchema, await formBody(request));
    return { message: "Resource updated successfully", data: await updateResource(id, input, admin) };
  }
  if (request.method === "DELETE") {
    await deleteResource(id, admin);
    return { message: "Resource deleted successfully", id };
  }
  return methodNotAllowed();
});
