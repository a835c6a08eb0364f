import { parseOr400 } from "#app/lib/http.server.ts";
import { searchTerm } from "#app/lib/list-params.server.ts";
import { listDirectory } from "#app/modules/messages/messages.server.ts";
import { filteredPeople } from "./people-filters.server.ts";
import { guidePicker, type PersonChoice } from "./schema.ts";

/** The most people a picker offers: a few letters of a name narrow thousands down to these. */
export const PICKER_LIMIT = 10;

/**
 * Up to PICKER_LIMIT live guides or users whose name, e-mail or organisation matches `term`, by name: the
 * console's people directory (the support team's people search), so for admins only.
 */
export async function peopleToPick(role: "guide" | "user", term: string): Promise<PersonChoice[]> {
  if (!term) return [];
  const { data } = await listDirectory({ page: 1, limit: PICKER_LIMIT, search: term, sort: "name", order: "asc" }, role === "guide" ? "guides" : "users");
  return data.map(({ id, name, email }) => ({ id, name, email }));
}

/**
 * What the people filters of the bookings, payments and reviews screens show: the guide and the user the list
 * is filtered by (404 for one who never existed), and the guides matching a search submitted from the Guide
 * picker (`?guideSearch=`: how the picker works without JavaScript).
 */
export async function peopleFilterBar(params: URLSearchParams, filters: { guideId?: number; userId?: number }) {
  const { searchParam } = guidePicker;
  const term = parseOr400(searchTerm(searchParam), params.get(searchParam) ?? "", searchParam);
  const [{ guide, user }, matches] = await Promise.all([filteredPeople(filters), term ? peopleToPick("guide", term) : null]);
  return { guide, user, guideSearch: matches ? { term, people: matches } : null };
}

export type PeopleFilterBarData = Awaited<ReturnType<typeof peopleFilterBar>>;
