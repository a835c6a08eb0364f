/** Resource types and their labels, without zod: the public /resources page's browser bundle imports this file. */
export const resourceTypes = ["article", "guide", "video", "podcast", "template"] as const;
export type ResourceType = (typeof resourceTypes)[number];

export const resourceTypeLabels: Record<ResourceType, string> = {
  article: "Article",
  guide: "Guide",
  video: "Video",
  podcast: "Podcast",
  template: "Template",
};
