import { methodNotAllowed } from "#app/lib/api.server.ts";
import { apiDocument } from "./openapi.ts";

/** GET /api/openapi.json: the OpenAPI 3.1 document of the whole API, public and cacheable (it changes with a release). */
export const loader = () => Response.json(apiDocument(), { headers: { "Cache-Control": "public, max-age=3600" } });

export const action = () => methodNotAllowed(["GET"]);
