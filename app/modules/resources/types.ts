import type { ListDefaults } from "#app/lib/list.ts";

/** Resource types, their labels and the lists' defaults, without zod: the public /resources page's and the console's browser bundles import this file. */
export const resourceTypes = ["article", "guide", "video", "podcast", "template"] as const;
export type ResourceType = (typeof resourceTypes)[number];

export const resourceTypeLabels: Record<ResourceType, string> = {
  article: "Article",
  guide: "Guide",
  video: "Video",
  podcast: "Podcast",
  template: "Template",
};

/** SPEC §7/§9: per_page defaults to 10, sort to created_at:desc. */
export const resourceListDefaults = {
  sortable: ["created_at", "title", "type"],
  defaultSort: "created_at",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<"created_at" | "title" | "type">;

export type ResourceSort = (typeof resourceListDefaults.sortable)[number];
