import { z } from "zod";
import { SCOPE_VALUES } from "./scopes.ts";

/** GET /api/v1/me: who the token acts as, and what it may do. */
export const meResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(["user", "guide"]),
  timeZone: z.string().optional().describe("The IANA zone the person reads times in, when set"),
  scopes: z.array(z.enum(SCOPE_VALUES)),
});
