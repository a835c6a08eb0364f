import { z } from "zod";
import { isoDate } from "#app/lib/openapi/shapes.ts";

/** The signed-in admin's own account (AdminProfile of admin-account.server.ts). */
export const adminProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  imageId: z.string().nullable(),
  imageUrl: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
