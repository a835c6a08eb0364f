import { z } from "zod";
import { GUIDE_CATEGORIES, SPECIALTY_CODES, type SpecialtyCode } from "#app/modules/guides/options.ts";
import { FREE_WITHIN_DAYS, KEYWORD_MAX, MIN_RATINGS, PRICE_RANGES, SEARCH_PARAMS, SORTS, type FreeWithin, type MinRating, type PriceRange, type SearchSort } from "./query.ts";

export * from "./query.ts";

/**
 * Find a Mentor (/search): what its URL may say. Every facet takes several values (`?specialty=a&specialty=b`), which
 * widen it (any of them); facets narrow one another. Empty values count as absent, so a GET form with nothing chosen
 * is the default view. Anything else is refused naming the parameter, and the screen drops it (parseScreenParams).
 */

const SORT_VALUES = SORTS.map((sort) => sort.value) as [SearchSort, ...SearchSort[]];

const many = <T extends z.ZodType>(item: T) => z.array(item).max(20, "Too many values").transform((values) => [...new Set(values)] as Array<z.output<T>>);

const oneOf = <T extends string | number>(name: string, values: readonly T[], describe = (value: T) => String(value)) =>
  z.string().transform((value, ctx) => {
    const found = values.find((option) => String(option) === value);
    if (found === undefined) {
      ctx.addIssue({ code: "custom", message: `${name} must be one of: ${values.map(describe).join(", ")}` });
      return z.NEVER;
    }
    return found;
  });

export const searchSchema = z.object({
  q: z.string().max(KEYWORD_MAX, `q (the search words) must be at most ${KEYWORD_MAX} characters`).transform((s) => s.trim()).default(""),
  category: many(oneOf("category", GUIDE_CATEGORIES)).default([]),
  specialty: many(oneOf<SpecialtyCode>("specialty", SPECIALTY_CODES)).default([]),
  language: many(
    z
      .string()
      .trim()
      .regex(/^[\p{L}\s'-]{2,50}$/u, "language must be a language's name (2-50 letters)"),
  ).default([]),
  price: many(oneOf<PriceRange>("price", PRICE_RANGES.map((range) => range.value))).default([]),
  pwyw: z.enum(["1"], { error: "pwyw must be 1 (pay what you want) or left out" }).optional().transform((value) => value === "1"),
  free: oneOf<FreeWithin>("free (days)", FREE_WITHIN_DAYS).optional(),
  rating: oneOf<MinRating>("rating", MIN_RATINGS).optional(),
  sort: oneOf<SearchSort>("sort", SORT_VALUES).default("relevance"),
  order: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(["asc", "desc"], { error: "order must be asc or desc" }))
    .optional(),
  page: z
    .string()
    .regex(/^\d+$/, "page must be a positive whole number")
    .transform(Number)
    .pipe(z.number().int().min(1, "page must be a positive whole number").max(10_000, "page must be between 1 and 10000"))
    .default(1),
});

export type SearchQuery = Omit<z.output<typeof searchSchema>, "order"> & { order: "asc" | "desc" };

/** The URL's parameters as the schema reads them: facets as lists, the rest as one value; empty values left out. */
export function searchInput(params: URLSearchParams) {
  const input: Record<string, string | string[]> = {};
  for (const key of SEARCH_PARAMS) {
    const values = params.getAll(key).filter((value) => value !== "");
    if (!values.length) continue;
    const listed = key === "category" || key === "specialty" || key === "language" || key === "price";
    if (listed) input[key] = values;
    else if (values.length > 1) input[key] = values; // refused by the schema: one value only
    else input[key] = values[0];
  }
  return input;
}

