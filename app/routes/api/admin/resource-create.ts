import type { Route } from "./+types/resource-create";
import { api, formBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { resourceCreateSchema } from "#app/modules/resources/schema.ts";
import { createResource } from "#app/modules/resources/resources.server.ts";

export const loader = () => methodNotAllowed();

/** POST /api/admin/resources/Create, multipart: title, type, description, link, file → 201 {message, data}. */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(resourceCreateSchema, await formBody(request));
  const resource = await createResource(input, signedInUser(context));
  return Response.json({ message: "Resource created successfully", data: resource }, { status: 201 });
});
