import type { Route } from "./+types/covenant";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { covenantVersions, publishCovenant } from "#app/modules/covenant/covenant.server.ts";
import { publishCovenantSchema } from "#app/modules/covenant/schema.ts";

/** GET /api/admin/covenant → {data: {current, versions}}: every published version, the current first. */
export const loader = api(async ({ context }: Route.LoaderArgs) => {
  const versions = await covenantVersions(signedInUser(context));
  return { data: { current: versions[0] ?? null, versions } };
});

/** POST /api/admin/covenant {text} → 201 {data}: publishes the next version. */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = parseOr400(publishCovenantSchema, await jsonBody(request));
  const version = await publishCovenant(signedInUser(context), input);
  return Response.json({ message: "Covenant published", data: version }, { status: 201 });
});
