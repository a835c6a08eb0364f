import { z } from "zod";
import { isoDate } from "#app/lib/openapi/shapes.ts";

/** The answers of /api/admin's mentee calls (UserListRow and UserDetail of users.server.ts). */
const accountStatus = z.enum(["active", "inactive"]);

export const userListRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
  status: accountStatus,
  userType: z.string(),
  isVerified: z.boolean(),
});

export const userDetail = z.object({
  id: z.number().int(),
  userType: z.string(),
  name: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  organisation: z.string().nullable(),
  bio: z.string().nullable(),
  education: z.string().nullable(),
  experience: z.string().nullable(),
  challenges: z.string().nullable(),
  specialties: z.array(z.string()),
  status: accountStatus,
  isVerified: z.boolean(),
  imageId: z.string().nullable(),
  imageUrl: z.string().describe("Where the picture is served; the default picture when there is none"),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** A user's or guide's new picture (setAccountPicture). */
export const accountPicture = z.object({ id: z.number().int(), imageId: z.string(), imageUrl: z.string() });

/** PATCH …/status/{action}. */
export const statusChanged = z.object({ message: z.string(), id: z.number().int(), status: accountStatus });
