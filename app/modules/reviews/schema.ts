import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { peopleFilterAliases, peopleFilters } from "#app/modules/users/schema.ts";

export const reviewSortColumns = ["createdAt", "rating"] as const;
export type ReviewSort = (typeof reviewSortColumns)[number];

/** Console-wide reviews (GET /api/admin/all/reviews): newest first, 10 a page. */
export const reviewListDefaults = {
  sortable: reviewSortColumns,
  defaultSort: "createdAt",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<ReviewSort>;

/** A profile's Review tab (and GET /api/admin/{guides|users}/reviews/{id}): 5 a page. */
export const profileReviewListDefaults = { ...reviewListDefaults, defaultLimit: 5 } as const satisfies ListDefaults<ReviewSort>;

/** The Reviews screen and GET /api/admin/all/reviews (which says sortBy, sortOrder and mentorId). */
export const reviewList = defineList({
  defaults: reviewListDefaults,
  filters: peopleFilters,
  aliases: { sort: "sortBy", order: "sortOrder", ...peopleFilterAliases },
});

/** A profile's Review tab and its twin GET /api/admin/{guides|users}/reviews/{id}: the same list of that person's reviews. */
export const profileReviewList = { ...reviewList, defaults: profileReviewListDefaults };

/**
 * The review sort select, with its labels and values exactly as SPEC §2 gives them (DESC is labelled
 * 'Sort by Oldest'); DESC is the default.
 */
export const reviewSortOptions = [
  { value: "DESC", label: "Sort by Oldest" },
  { value: "ASC", label: "Sort by Latest" },
] as const;

/** Review text longer than this is cut, with See More / See Less. */
export const REVIEW_CUT = 200;
export const RATING_SCALE = 5;
/** The date a reviewer leaves when they gave none. */
export const ZERO_DATE = "0000-00-00";

/** The date a review shows: the reviewer's date, or createdAt when that is missing or the zero date. */
export function reviewDate(date: string | null | undefined, createdAt: string) {
  return !date || date.startsWith(ZERO_DATE) ? createdAt : date;
}
