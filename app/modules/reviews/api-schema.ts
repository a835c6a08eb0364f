import { z } from "zod";
import { isoDate, nullableDate } from "#app/lib/openapi/shapes.ts";

/** A row of the admin's review lists (ReviewRow of reviews.server.ts). */
export const reviewRow = z.object({
  id: z.number().int(),
  bookingId: z.number().int().nullable(),
  rating: z.number().int(),
  content: z.string(),
  date: z.string().describe("The date a card shows: the reviewer's date, or createdAt for the zero date"),
  createdAt: isoDate,
  author: z.string(),
  userId: z.number().int(),
  userName: z.string(),
  guideId: z.number().int(),
  guideName: z.string(),
  mentorResponse: z.string().nullable(),
  mentorRespondedAt: nullableDate,
  hiddenAt: nullableDate,
  hiddenReason: z.string().nullable(),
  editedAt: nullableDate,
});
