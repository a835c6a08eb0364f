import { z } from "zod";

/** A row of GET /api/admin/user-guide/list (DirectoryRow of messages.server.ts). */
export const directoryRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
  role: z.enum(["user", "guide"]),
  status: z.string(),
  imageId: z.string().nullable(),
});
