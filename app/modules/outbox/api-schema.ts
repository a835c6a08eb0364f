import { z } from "zod";
import { isoDate } from "#app/lib/openapi/shapes.ts";

/** A row of GET /api/admin/outbox: a kept e-mail, without its body. */
export const outboxRow = z.object({ id: z.number().int(), to: z.string(), subject: z.string(), createdAt: isoDate });
