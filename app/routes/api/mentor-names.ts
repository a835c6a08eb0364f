import { methodNotAllowed, suggestions } from "#app/lib/api.server.ts";
import { suggestGuideNames } from "#app/modules/guides/guide-names.server.ts";

/**
 * GET /api/mentor-names?search=ruth — PUBLIC: the names of the mentors anyone finds on Find a Mentor that hold what
 * someone types in a field naming a mentor (a sponsor's guides covered), for its suggestions:
 * {data: ["Ruth Adeyemi", …]}, at most 20, by name.
 */
export const loader = suggestions(suggestGuideNames);

export const action = () => methodNotAllowed();
