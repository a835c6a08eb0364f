import type { Route } from "./+types/mentor-create";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { createGuide } from "#app/modules/guides/guides.server.ts";
import { guideCreateSchema } from "#app/modules/guides/schema.ts";

export const loader = () => methodNotAllowed();

/** POST /api/admin/create-mentor: the guide form's fields as JSON → 201 {guide}. */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(guideCreateSchema, await jsonBody(request));
  const guide = await createGuide(input, signedInUser(context));
  return Response.json({ message: "Mentor created successfully", guide }, { status: 201 });
});
