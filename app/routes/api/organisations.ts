import { methodNotAllowed, suggestions } from "#app/lib/api.server.ts";
import { suggestOrganisations } from "#app/modules/organisations/organisations.server.ts";

/**
 * GET /api/organisations?search=gra — PUBLIC: the names of organisations matching what someone types in an
 * organisation field (sign-up, the guide application, profiles, the console's forms), for its suggestions:
 * {data: ["Grace Church", …]}, at most 20, by name. Names only: who belongs to them is not told.
 */
export const loader = suggestions(suggestOrganisations);

export const action = () => methodNotAllowed();
