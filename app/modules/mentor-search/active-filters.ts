import { PRICE_RANGES, searchHref, specialtyLabel, type SearchQuery } from "./query.ts";

/**
 * Each choice the query holds, with the link that drops it (the chips above the results) and that link's words in the
 * empty state's advice (`loosen`: the search words are quoted once, not as “Words “…””).
 */
export function activeFilters(query: SearchQuery) {
  const filters: Array<{ key: string; label: string; href: string; loosen?: string }> = [];
  const without = <K extends "category" | "specialty" | "language" | "price">(name: K, value: string) =>
    searchHref(query, { [name]: (query[name] as string[]).filter((item) => item !== value) } as Partial<SearchQuery>);
  if (query.q) filters.push({ key: "q", label: `Words “${query.q}”`, loosen: `Without the words “${query.q}”`, href: searchHref(query, { q: "", sort: query.sort === "relevance" ? "relevance" : query.sort }) });
  for (const value of query.category) filters.push({ key: `category-${value}`, label: value, href: without("category", value) });
  for (const value of query.specialty) filters.push({ key: `specialty-${value}`, label: specialtyLabel(value), href: without("specialty", value) });
  for (const value of query.language) filters.push({ key: `language-${value}`, label: `Speaks ${value}`, href: without("language", value) });
  if (query.pwyw) filters.push({ key: "pwyw", label: "Pay what you want", href: searchHref(query, { pwyw: false }) });
  for (const value of query.price) {
    filters.push({ key: `price-${value}`, label: PRICE_RANGES.find((range) => range.value === value)?.label ?? value, href: without("price", value) });
  }
  if (query.free) filters.push({ key: "free", label: `Free in the next ${query.free} days`, href: searchHref(query, { free: undefined }) });
  if (query.rating) filters.push({ key: "rating", label: `Rated ${query.rating.toFixed(1)} and up`, href: searchHref(query, { rating: undefined }) });
  return filters;
}
