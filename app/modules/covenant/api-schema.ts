import { z } from "zod";
import { isoDate } from "#app/lib/openapi/shapes.ts";

/** A published version of the covenant (CovenantVersionView of covenant.server.ts). */
export const covenantVersion = z.object({ version: z.number().int(), text: z.string(), publishedAt: isoDate, publishedBy: z.string() });
