import { z } from "zod";
import { isoDate, nullableDate } from "#app/lib/openapi/shapes.ts";

const requestStatus = z.enum(["pending", "approved", "rejected"]);

/** A row of GET /api/admin/get-mentor-request-list (GuideRequestRow). */
export const guideRequestRow = z.object({
  id: z.number().int(),
  guideId: z.number().int(),
  name: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
  category: z.string().nullable(),
  message: z.string().nullable(),
  howToServe: z.string().nullable(),
  references: z.array(z.string()),
  requestedAt: isoDate,
  status: requestStatus,
  decidedAt: nullableDate,
  decidedBy: z.string().nullable(),
  declineReason: z.string().nullable(),
});

/** PATCH /api/admin/mentor-request-update/…: the decision as recorded. */
export const requestDecision = z.object({ guideId: z.number().int(), status: requestStatus, declineReason: z.string().nullable(), decidedAt: isoDate });
