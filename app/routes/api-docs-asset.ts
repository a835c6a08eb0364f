import type { Route } from "./+types/api-docs-asset";
import { viewerFile } from "#app/lib/openapi/viewer.server.ts";

/** GET /api-docs/:file: the reference page's viewer (script and styles), named for its version, kept for a year. */
export function loader({ params }: Route.LoaderArgs) {
  const file = viewerFile(params.file);
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.body), {
    headers: { "Content-Type": file.type, "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
