import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { CONTENT_LIMITS, CONTENT_TYPES, contentMessages as m, EARLIEST_PUBLISHED } from "./options.ts";

export { contentCuts, cut } from "./options.ts";

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

/** The guide's own list (Published content in their dashboard): the same columns and defaults. */
export const ownContentList = defineList({ defaults: publishedContentListDefaults });

/** Today's date (UTC) and a day past it, so a guide a day ahead of UTC may enter their today. */
const latestPublished = () => new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);

/**
 * The guide's Add and Edit forms: a title, an http(s) link, an optional description, a type, and the day it was
 * published (YYYY-MM-DD, from 1900 to today), kept as that day's midnight UTC.
 */
export const contentFormSchema = z.object({
  title: z.string({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(CONTENT_LIMITS.title, m.titleLength),
  url: z
    .string({ error: m.urlRequired })
    .trim()
    .min(1, { error: m.urlRequired, abort: true })
    .max(CONTENT_LIMITS.url, { error: m.urlLength, abort: true })
    .refine((url) => !/\s/.test(url), { error: m.url, abort: true })
    .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: m.url })),
  description: z
    .string({ error: m.descriptionLength })
    .trim()
    .max(CONTENT_LIMITS.description, m.descriptionLength)
    .nullish()
    .transform((value) => value || null),
  type: z.enum(CONTENT_TYPES, { error: m.type }),
  publishedDate: z
    .string({ error: m.publishedDate })
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.publishedDate)
    // A real day of the calendar (not 2026-02-30), from 1900 to today.
    .refine((day) => !Number.isNaN(Date.parse(day)) && new Date(day).toISOString().startsWith(day), m.publishedDate)
    .refine((day) => day >= EARLIEST_PUBLISHED && day <= latestPublished(), m.publishedDate)
    .transform((day) => new Date(`${day}T00:00:00Z`)),
});
export type ContentInput = z.output<typeof contentFormSchema>;

export const contentIdSchema = z.object({ id: idSchema() });
