// Published content's kinds, limits and messages (zod-free: the screens read them; schema.ts checks with them).

export const CONTENT_TYPES = ["article", "video", "podcast", "book", "sermon"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const contentTypeLabels: Record<ContentType, string> = {
  article: "Article",
  video: "Video",
  podcast: "Podcast",
  book: "Book",
  sermon: "Sermon",
};

/** How long each field may be. */
export const CONTENT_LIMITS = { title: 200, url: 2000, description: 1000 } as const;

/** The oldest publication date a form takes. */
export const EARLIEST_PUBLISHED = "1900-01-01";

export const contentMessages = {
  titleRequired: "Title is required",
  titleLength: `Title must be at most ${CONTENT_LIMITS.title} characters`,
  urlRequired: "Link is required",
  url: "Enter a full web address starting with http:// or https://",
  urlLength: `Link must be at most ${CONTENT_LIMITS.url} characters`,
  descriptionLength: `Description must be at most ${CONTENT_LIMITS.description} characters`,
  type: `Choose a type: ${CONTENT_TYPES.join(", ")}`,
  publishedDate: "Enter the date it was published, no later than today",
} as const;

/** Where the console's table cuts each column (SPEC §9); a tooltip shows the whole text. */
export const contentCuts = { title: 45, url: 30, description: 30 } as const;

/** `text` cut to `max` characters with an ellipsis, or as it is when it fits. */
export function cut(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
