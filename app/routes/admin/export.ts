import type { Route } from "./+types/export";
import { api } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { listExportNamed } from "./list-exports.server.ts";

/**
 * GET /admin/dashboard/export/{list}[/{person id}]?<the list screen's parameters> → the whole list as a CSV download
 * (the "Export CSV" of every console list and profile tab; list-exports.server.ts). Inside the console, so its guard
 * lets only an admin's browser session in.
 */
export const loader = api(async ({ request, params, context }: Route.LoaderArgs) =>
  listExportNamed(params.list).csv(new URL(request.url).searchParams, signedInUser(context), params.id === undefined ? undefined : idParam(params.id)),
);
