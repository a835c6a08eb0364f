import { jsonError } from "#app/lib/http.server.ts";

// Unknown API paths answer JSON, not the home page.
export const loader = () => jsonError(404, "Not found");
export const action = () => jsonError(404, "Not found");
