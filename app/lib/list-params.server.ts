import { redirect } from "react-router";
import { z } from "zod";
import { rangeInOrder } from "./date-range.ts";
import { HttpError, parseOr400 } from "./http.server.ts";
import { parseId } from "./id.ts";
import { MAX_LIMIT, type ListDefinition, type ListFilters, type ListFilterValues, type ListMeta, type ListState } from "./list.ts";

/*
 * A list's state in its URL, for its screen and its API route (the SQL that pages it is list.server.ts).
 */

const wholeNumber = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a positive whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${name} must be a positive whole number`).max(max, `${name} must be between 1 and ${max}`));

/** A search term of a URL: at most 200 characters, trimmed. */
export const searchTerm = (name = "search") =>
  z.string().max(200, `${name} must be at most 200 characters`).transform((s) => s.trim());

/**
 * A list's own search box (`search`): not length-checked (SPEC §5), so a long paste never replaces the list
 * with an error; only its first 200 characters are searched for (nothing longer matches a name or a topic). Control
 * characters are in no name or text searched, and PostgreSQL refuses a NUL in a text parameter: they count as spaces.
 */
const listSearchTerm = () => z.string().transform((s) => s.replace(/\p{Cc}/gu, " ").trim().slice(0, 200).trim());

/**
 * Reads a list's state (page, limit, search, sort, order) and its filters from URL search params, with its
 * defaults and aliases (see `defineList`); an empty parameter counts as absent. Anything the list does not
 * allow is a 400 whose message names the parameter.
 */
export function parseList<S extends string, F extends ListFilters>(
  list: ListDefinition<S, F>,
  params: URLSearchParams,
): { state: ListState<S>; filters: ListFilterValues<F> } {
  const { aliases, sortWithOrder } = list;
  const schema = listSchema(list);
  const aliasOf = aliases as Partial<Record<string, string>>;
  const read = (key: string) => params.get(key) || params.get(aliasOf[key] ?? key) || undefined;
  const input = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, read(key)]));
  if (sortWithOrder && input.sort?.includes(":")) {
    const [sort, order] = input.sort.split(":", 2);
    Object.assign(input, { sort }, order ? { order } : {});
  }
  const { page, limit, search, sort, order, ...values } = parseOr400(schema, input) as ListState<S> & Record<string, unknown>;
  return { state: { page, limit, search, sort, order }, filters: values as ListFilterValues<F> };
}

/**
 * A screen's list (parseList is the JSON API's): a parameter the list cannot read (a sort it does not have, page "abc",
 * a filter value it does not know, from an old bookmark or a hand-edited link) is dropped, and the screen shows its
 * default for it at the URL without it (a redirect), instead of an error about the URL.
 */
export function parseScreenList<S extends string, F extends ListFilters>(list: ListDefinition<S, F>, url: URL, params = url.searchParams) {
  try {
    return parseList(list, params);
  } catch (error) {
    const aliases = list.aliases as Partial<Record<string, string>>;
    // "sort=name:sideways" names its order in `sort`.
    const spellingsOf = (name: string) => [name, aliases[name], name === "order" && list.sortWithOrder ? "sort" : undefined];
    return dropUnreadableParams(error, url, spellingsOf);
  }
}

/**
 * A screen's other URL parameters (Find a Mentor's facets, a search box), read with their schema as the API would: a
 * parameter it cannot read is dropped in the same way (`name` files a single value, as parseOr400's).
 */
export function parseScreenParams<S extends z.ZodType>(schema: S, input: unknown, url: URL, name?: string): z.output<S> {
  try {
    return parseOr400(schema, input, name);
  } catch (error) {
    return dropUnreadableParams(error, url);
  }
}

/**
 * After a screen's URL was refused (the 400 of parseOr400, its messages by parameter): the same address without the
 * parameters it names (each under every spelling `spellingsOf` gives), as a thrown redirect. A refusal that names no
 * parameter of the URL is thrown on.
 */
export function dropUnreadableParams(error: unknown, url: URL, spellingsOf: (name: string) => Array<string | undefined> = (name) => [name]): never {
  if (!(error instanceof HttpError) || error.status !== 400 || !error.errors) throw error;
  const readable = new URL(url);
  for (const field of Object.keys(error.errors)) {
    for (const name of spellingsOf(field.split(".")[0])) if (name) readable.searchParams.delete(name);
  }
  if (readable.search === url.search) throw error;
  throw redirect(readable.pathname + readable.search);
}

// A list's URL schema, built once per list: building zod schemas is what took a request's time, not using them.
const schemas = new WeakMap<ListDefinition, ReturnType<typeof buildListSchema>>();
function listSchema(list: ListDefinition) {
  let schema = schemas.get(list);
  if (!schema) schemas.set(list, (schema = buildListSchema(list)));
  return schema;
}

function buildListSchema({ defaults, filters }: ListDefinition) {
  const schema = z.object({
    page: wholeNumber("page", 1_000_000).default(1),
    limit: wholeNumber("limit", MAX_LIMIT).default(defaults.defaultLimit),
    search: listSearchTerm().default(""),
    sort: z
      .string()
      .refine((value) => (defaults.sortable as readonly string[]).includes(value), {
        message: `sort must be one of: ${defaults.sortable.join(", ")}`,
      })
      .default(defaults.defaultSort),
    order: z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(["asc", "desc"], { error: "order must be asc or desc" }))
      .default(defaults.defaultOrder),
    ...filters,
  });
  // A list with a date range (`dateRange()` among its filters) refuses one that ends before it starts.
  return "from" in filters && "to" in filters ? schema.superRefine(rangeInOrder) : schema;
}

/** Past the last page a list shows its first one: this says so in the URL (throws a redirect without `page`). */
export function redirectPastLastPage(url: URL, state: Pick<ListState, "page">, meta: Pick<ListMeta, "page">) {
  if (meta.page === state.page) return;
  const firstPage = new URL(url);
  firstPage.searchParams.delete("page");
  throw redirect(firstPage.pathname + firstPage.search);
}

/**
 * What a console list's dialogs are open on, from its URL: ?new (creating), ?edit=<id> and ?delete=<id>, each record
 * read with the list's own finder (which answers 404 for a record that is not there).
 */
export async function openDialogs<Row>(url: URL, find: (id: number) => Promise<Row>) {
  const editId = parseId(url.searchParams.get("edit"));
  const deleteId = parseId(url.searchParams.get("delete"));
  const [editing, toDelete] = await Promise.all([editId ? find(editId) : null, deleteId ? find(deleteId) : null]);
  return { creating: url.searchParams.has("new"), editing, toDelete };
}
