import { SPECIALTY_OPTIONS } from "#app/modules/guides/options.ts";
import type { SearchQuery } from "./schema.ts";

// Find a Mentor's choices, links and result shapes, free of zod: the page's browser code imports these, and
// only the loader reads the URL through searchSchema (schema.ts).

export const SEARCH_PAGE_SIZE = 12;
export const KEYWORD_MAX = 100;

/** Price ranges of the hour's price (a shorter length's price scaled to an hour), in cents: [from, below). */
export const PRICE_RANGES = [
  { value: "under-50", label: "Under $50", from: 0, below: 5000 },
  { value: "50-99", label: "$50 – $99", from: 5000, below: 10000 },
  { value: "100-149", label: "$100 – $149", from: 10000, below: 15000 },
  { value: "150-up", label: "$150 and up", from: 15000, below: null },
] as const;
export type PriceRange = (typeof PRICE_RANGES)[number]["value"];

/** "Has a free time in the next N days". */
export const FREE_WITHIN_DAYS = [7, 14, 30] as const;
export type FreeWithin = (typeof FREE_WITHIN_DAYS)[number];

/**
 * The searches the home page offers as examples, each a keyword the demo's guides answer (their specialties, expertise
 * and bios: prisma/seed/), as a person new to the site might type it.
 */
export const EXAMPLE_SEARCHES = ["burnout", "building campaign", "conflict", "volunteers", "church planting", "youth ministry"] as const;

/** The home page's mentors: the best rated with a free time within this many days (one of FREE_WITHIN_DAYS). */
export const FEATURED_FREE_WITHIN_DAYS = 14 satisfies FreeWithin;
export const FEATURED_MENTORS = 4;

/** Minimum average rating (of guides with at least one review). */
export const MIN_RATINGS = [4.5, 4, 3.5, 3] as const;
export type MinRating = (typeof MIN_RATINGS)[number];

export const SORTS = [
  { value: "relevance", label: "Best match", defaultOrder: "desc", ordered: false },
  { value: "rating", label: "Rating", defaultOrder: "desc", ordered: true },
  { value: "price", label: "Price", defaultOrder: "asc", ordered: true },
  { value: "experience", label: "Years of experience", defaultOrder: "desc", ordered: true },
  { value: "next-free", label: "Soonest free time", defaultOrder: "asc", ordered: true },
] as const;
export type SearchSort = (typeof SORTS)[number]["value"];

export const specialtyLabel = (code: string) => SPECIALTY_OPTIONS.find((option) => option.code === code)?.label ?? code;

/** The parameters the search reads; anything else in the URL is ignored (a campaign tag, say). */
export const SEARCH_PARAMS = ["q", "category", "specialty", "language", "price", "pwyw", "free", "rating", "sort", "order", "page"] as const;

export const defaultOrder = (sort: SearchSort) => SORTS.find((option) => option.value === sort)!.defaultOrder;

/** The query's URL (for links that change one thing): defaults left out, facets repeated. */
export function searchHref(query: SearchQuery, change: Partial<SearchQuery> = {}) {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  for (const value of next.category) params.append("category", value);
  for (const value of next.specialty) params.append("specialty", value);
  for (const value of next.language) params.append("language", value);
  for (const value of next.price) params.append("price", value);
  if (next.pwyw) params.set("pwyw", "1");
  if (next.free) params.set("free", String(next.free));
  if (next.rating) params.set("rating", String(next.rating));
  if (next.sort !== "relevance") params.set("sort", next.sort);
  if (next.order !== defaultOrder(next.sort)) params.set("order", next.order);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `/search?${search}` : "/search";
}

export type FacetCount<V extends string | number = string> = { value: V; label: string; count: number };

export type SearchFacets = {
  category: FacetCount[];
  specialty: FacetCount[];
  language: FacetCount[];
  price: FacetCount<PriceRange>[];
  pwyw: number;
  free: FacetCount<FreeWithin>[];
  rating: FacetCount<MinRating>[];
};

export type MentorCard = {
  id: number;
  name: string;
  title: string | null;
  organisation: string | null;
  imageId: string | null;
  category: string | null;
  /** Labels, the guide's first few. */
  specialties: string[];
  moreSpecialties: number;
  ratingAverage: number;
  ratingCount: number;
  payWhatYouWant: boolean;
  /** What the price sort and the price ranges compare: the hour's price (GuideProfile."hourlyRateCents"). */
  hourlyRateCents: number;
  /** The price as the profile says it: "$95.00 for 60 minutes", "from $50.00 for 30 minutes", "Pay what you want". */
  price: string;
  experienceYears: number;
  /** ISO time of the soonest free time, or null. */
  nextFreeAt: string | null;
};

export type SearchResult = {
  mentors: MentorCard[];
  facets: SearchFacets;
  meta: { page: number; limit: number; total: number; totalPages: number };
};
export type { SearchQuery };
