import { z } from "zod";
import { isoDate } from "#app/lib/openapi/shapes.ts";
import { ORGANISATION_KINDS } from "./options.ts";

/** An organisation as the console's API answers it (OrganisationRow of organisations.server.ts). */
export const organisationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ORGANISATION_KINDS),
  city: z.string().nullable(),
  country: z.string().nullable(),
  website: z.string().nullable(),
  memberCount: z.number().int(),
  createdAt: isoDate,
});
