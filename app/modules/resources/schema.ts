import { z } from "zod";
import { changesSomething } from "#app/lib/patch.ts";
import { idSchema } from "#app/lib/id.ts";
import { defineList } from "#app/lib/list.ts";

import { resourceListDefaults, resourceTypes } from "./types.ts";

export { resourceListDefaults, resourceTypeLabels, resourceTypes, type ResourceSort, type ResourceType } from "./types.ts";

/** The public /resources page shows a grid: 12 cards a page. */
export const publicResourceListDefaults = { ...resourceListDefaults, defaultLimit: 12, pageSizes: [12, 24, 48] } as const;

export const resourceIdSchema = z.object({
  id: idSchema(),
});

const typeMessage = `type must be one of: ${resourceTypes.join(", ")}`;

/** The ?type= filter: empty means every type. */
export const resourceTypeFilterSchema = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.enum(resourceTypes, { error: typeMessage }).optional(),
);

/**
 * The content library (the console screen, GET /api/admin/resources/all and the public GET /api/admin/resources),
 * by type; the API says per_page, sortOrder and `sort=created_at:desc` (SPEC §7).
 */
export const resourceList = defineList({
  defaults: resourceListDefaults,
  filters: { type: resourceTypeFilterSchema },
  aliases: { limit: "per_page", order: "sortOrder" },
  sortWithOrder: true,
});

/** The public /resources page: the same list, 12 cards a page. */
export const publicResourceList = { ...resourceList, defaults: publicResourceListDefaults };

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || null);

/**
 * Create and edit a resource (the console's form and the multipart API): title, type, an optional
 * description, link and file. A resource needs a link or a file; on edit, the file it has counts.
 */
export const resourceFormSchema = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title must be at most 200 characters"),
  type: z.enum(resourceTypes, { error: (issue) => (issue.input === undefined || issue.input === "" ? "Type is required" : typeMessage) }),
  description: optionalText(2000, "Description"),
  link: z
    .string()
    .trim()
    .max(2000, "Link must be at most 2000 characters")
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), "Link must be a valid http(s) URL"),
  file: z.instanceof(File, { error: "Please choose a file." }).optional(),
});
export type ResourceInput = z.output<typeof resourceFormSchema>;

/** PATCH /api/admin/resources/{id}: only the fields sent change; each one sent is checked as the form checks it. */
export const resourcePatchSchema = changesSomething(resourceFormSchema.partial());
export type ResourcePatch = z.output<typeof resourcePatchSchema>;

export const linkOrFileMessage = "Add a link or upload a file";

/** Creating: a new resource needs a link or a file. */
export const resourceCreateSchema = resourceFormSchema.refine((input) => Boolean(input.link || input.file), {
  message: linkOrFileMessage,
  path: ["link"],
  // Shown together with the other fields' messages, not only once those are fixed.
  when: (payload) => typeof payload.value === "object" && payload.value !== null,
});

