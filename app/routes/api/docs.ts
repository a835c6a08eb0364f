import type { Route } from "./+types/docs";
import { methodNotAllowed } from "#app/lib/api.server.ts";
import { referencePage } from "#app/lib/openapi/viewer.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";

/** GET /api/docs: the API's reference page, drawn in the browser from /api/openapi.json by the bundled viewer. */
export function loader({ context }: Route.LoaderArgs) {
  return new Response(referencePage(context.get(requestInfo).nonce), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export const action = () => methodNotAllowed(["GET"]);
