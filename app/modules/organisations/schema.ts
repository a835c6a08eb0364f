import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { titleText } from "#app/lib/person-fields.ts";
import { ORGANISATION_KINDS } from "./options.ts";

export const organisationListDefaults = {
  sortable: ["name", "kind", "members", "createdAt"],
  defaultSort: "name",
  defaultOrder: "asc",
  defaultLimit: 25,
  pageSizes: [10, 25, 50, 100],
} as const satisfies ListDefaults<"name" | "kind" | "members" | "createdAt">;

export type OrganisationSort = (typeof organisationListDefaults.sortable)[number];

const KIND = `kind must be one of ${ORGANISATION_KINDS.join(", ")}`;

/** The console's Organisations (and GET /api/admin/organisations): by name, filtered by kind and country, searched by name. */
export const organisationList = defineList({
  defaults: organisationListDefaults,
  filters: {
    kind: z.enum(ORGANISATION_KINDS, { error: KIND }).optional(),
    country: z.string({ error: "country must be text" }).trim().max(100, "country must be at most 100 characters").optional(),
  },
});
export type OrganisationFilters = { kind?: (typeof ORGANISATION_KINDS)[number]; country?: string };

/** An organisation's members on its page, by name. */
export const memberList = defineList({
  defaults: { sortable: ["name"], defaultSort: "name", defaultOrder: "asc", defaultLimit: 10, pageSizes: [10, 25, 50] } as const satisfies ListDefaults<"name">,
});

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || null);

/** The console's edit form, and the body of POST and PUT /api/admin/organisations. */
export const organisationFormSchema = z.object({
  name: titleText({ required: "Name is required", format: "Please enter a name in letters, numbers and punctuation.", length: "Name must be at most 200 characters" }, 200),
  kind: z.enum(ORGANISATION_KINDS, { error: "Choose what kind of organisation it is" }),
  city: optionalText("City", 100),
  country: optionalText("Country", 100),
  website: z
    .string({ error: "Website must be text" })
    .trim()
    .max(200, "Website must be at most 200 characters")
    .optional()
    .transform((value) => value || null)
    .pipe(z.url({ protocol: /^https?$/, error: "Please enter the website's address, starting with https://" }).nullable()),
});
export type OrganisationInput = z.output<typeof organisationFormSchema>;

/** Merging one organisation into another: the one that stays (the merge form's hidden field; the API's body). */
export const mergeSchema = z.object({ intoId: idSchema("Choose the organisation to merge into") });
