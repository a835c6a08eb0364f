import type { Route } from "./+types/organisations";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { createOrganisation, listOrganisations } from "#app/modules/organisations/organisations.server.ts";
import { organisationFormSchema, organisationList } from "#app/modules/organisations/schema.ts";

/**
 * GET /api/admin/organisations?page&limit&search&sort=name|kind|members|createdAt&order&kind&country
 * → {data: [{id, name, kind, city, country, website, memberCount, createdAt}], meta}; the whole list as CSV to
 * `Accept: text/csv` or `?format=csv`.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports.organisations.csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(organisationList, new URL(request.url).searchParams);
  return listOrganisations(state, filters, signedInUser(context));
});

/** POST /api/admin/organisations {name, kind, city?, country?, website?} → 201 {data}; a name already taken is a 409. */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const input = parseOr400(organisationFormSchema, await jsonBody(request));
  return Response.json({ data: await createOrganisation(input, signedInUser(context)) }, { status: 201 });
});
