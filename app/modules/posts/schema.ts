import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { imageFileSchema } from "#app/modules/uploads/schema.ts";
import { LIMITS, postKinds, SLUG_PATTERN } from "./kind.ts";

// The kinds, their names and limits live in kind.ts, free of zod, so the public pages do not load it.
export { LIMITS, postKindInfo, postKinds, publicPostListDefaults, SLUG_PATTERN, type PostKind } from "./kind.ts";

export const postStatuses = ["draft", "published"] as const;
export type PostStatus = (typeof postStatuses)[number];

/** The console's lists (one per kind): recently edited first. */
export const postListDefaults = {
  sortable: ["updatedAt", "publishedAt", "title"],
  defaultSort: "updatedAt",
  defaultOrder: "desc",
  defaultLimit: 10,
  pageSizes: [5, 10, 25, 50],
} as const satisfies ListDefaults<"updatedAt" | "publishedAt" | "title">;
export type PostSort = (typeof postListDefaults.sortable)[number];

/** ?status=draft|published: empty means both. */
export const postStatusFilterSchema = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.enum(postStatuses, { error: "status must be draft or published" }).optional(),
);

/** The console list of one kind (searched by title and author, filtered by status) and its JSON twin. */
export const postList = defineList({ defaults: postListDefaults, filters: { status: postStatusFilterSchema } });

/** ?kind= of the JSON twin (GET /api/admin/posts). */
export const postKindSchema = z.enum(postKinds, { error: "kind must be blog or story" });

export const postIdSchema = z.object({ id: idSchema() });

/** A title as an address: "Rest, Sabbath & the Busy Pastor" → "rest-sabbath-the-busy-pastor". */
export function slugify(text: string) {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, LIMITS.slug)
    .replace(/-+$/g, "");
}

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`);

/** A date picked in the form (YYYY-MM-DD), kept as noon UTC of that day so it reads as the same day across the Americas. */
const publishedDate = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)) : null;
    if (!date || date.getUTCDate() !== Number(match![3]) || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 2100) {
      ctx.addIssue({ code: "custom", message: "Enter a valid date" });
      return z.NEVER;
    }
    return date;
  });

/**
 * The console's post form (create and edit). The slug may be left empty: it is made from the title. Status
 * "published" with no date publishes now (or keeps the date it already has); a future date schedules the post.
 */
export const postFormSchema = z.object({
  title: required("Title", LIMITS.title),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(LIMITS.slug, `Slug must be at most ${LIMITS.slug} characters`)
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || SLUG_PATTERN.test(value), "Slug may contain only lowercase letters, numbers and single hyphens"),
  summary: required("Summary", LIMITS.summary),
  body: required("Body", LIMITS.body),
  author: required("Author", LIMITS.author),
  status: z.enum(postStatuses, { error: "Choose Draft or Published" }),
  publishedAt: publishedDate,
  cover: imageFileSchema.optional(),
  removeCover: z.preprocess((value) => value === "on" || value === "true", z.boolean()).optional(),
});
export type PostInput = z.output<typeof postFormSchema>;
