import type { Route } from "./+types/person-options";
import { api } from "#app/lib/api.server.ts";
import { notFound, parseOr400 } from "#app/lib/http.server.ts";
import { searchTerm } from "#app/lib/list-params.server.ts";
import { peopleToPick } from "#app/modules/users/person-picker.server.ts";

/**
 * GET /admin/dashboard/person-options/{guide|user}?search= → {people: [{id, name, email}]}: what a person picker
 * suggests while an admin types (at most 10, by name). It sits in the console, so the console's guard lets only
 * an admin's browser session in; the picker works without it (PersonPicker).
 */
export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  if (params.role !== "guide" && params.role !== "user") throw notFound("Not found");
  const search = parseOr400(searchTerm(), new URL(request.url).searchParams.get("search") ?? "", "search");
  return { people: await peopleToPick(params.role, search) };
});
