import type { Route } from "./+types/saved-views";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { saveViewSchema } from "#app/modules/saved-views/schema.ts";
import { listSavedViews, saveView } from "#app/modules/saved-views/saved-views.server.ts";

/** GET /api/admin/saved-views → {data}: the signed-in admin's saved views of the console's lists. */
export const loader = api(async ({ context }: Route.LoaderArgs) => ({ data: await listSavedViews(signedInUser(context)) }));

/** POST /api/admin/saved-views {list, name, query} → 201 {data}: the view, its query kept as the list reads it. */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = parseOr400(saveViewSchema, await jsonBody(request));
  const view = await saveView(signedInUser(context), input);
  return Response.json({ message: "View saved", data: view }, { status: 201 });
});
