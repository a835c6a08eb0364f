import type { Route } from "./+types/mentor-update";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { updateGuide } from "#app/modules/guides/guides.server.ts";
import { guideUpdateSchema } from "#app/modules/guides/schema.ts";

export const loader = () => methodNotAllowed();

/** PUT /api/admin/update-mentor-by-id/{id}: the edit form's fields as JSON (no switches) → {guide}. */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const id = idParam(params.id);
  const input = parseOr400(guideUpdateSchema, await jsonBody(request));
  const guide = await updateGuide(id, input, signedInUser(context));
  return { message: "Mentor updated successfully", guide };
});
