import { defineList, type ListDefaults } from "#app/lib/list.ts";

export const publishedContentSortColumns = ["publishedDate", "title", "type", "url", "description"] as const;
export type PublishedContentSort = (typeof publishedContentSortColumns)[number];

/** A guide's published content (Guide Profile, Publish Content tab; GET /api/admin/guide-published-content/all/{guideId}). */
export const publishedContentListDefaults = {
  sortable: publishedContentSortColumns,
  defaultSort: "publishedDate",
  defaultOrder: "desc",
  defaultLimit: 5,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<PublishedContentSort>;

/** The Publish Content tab and its twin, which says per_page, sortBy and sortOrder. */
export const publishedContentList = defineList({
  defaults: publishedContentListDefaults,
  aliases: { limit: "per_page", sort: "sortBy", order: "sortOrder" },
});

/** Where the table cuts each column (SPEC §9); a tooltip shows the whole text. */
export const contentCuts = { title: 45, url: 30, description: 30 } as const;

/** `text` cut to `max` characters with an ellipsis, or as it is when it fits. */
export function cut(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
