import { z } from "zod";
import { isoDate, nullableDate } from "#app/lib/openapi/shapes.ts";
import { REPLY_MAX, REVIEW_MAX, REVIEW_MIN } from "./schema.ts";

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

/** GET, POST and PATCH /api/v1/bookings/{id}/review: the review form's state (ReviewFormState of reviews.server.ts). */
export const reviewFormResponse = z.object({
  booking: z.object({
    id: z.number().int(),
    topic: z.string(),
    startsAt: nullableDate,
    durationMinutes: z.number().int(),
    status: z.string(),
    guideId: z.number().int(),
    guideName: z.string(),
  }),
  review: z
    .object({
      id: z.number().int(),
      rating: z.number().int(),
      content: z.string(),
      createdAt: isoDate,
      editedAt: nullableDate,
      mentorResponse: z.string().nullable(),
      hidden: z.boolean(),
    })
    .nullable(),
  mode: z.enum(["create", "update", "readOnly", "notYet"]).describe("What the mentee may do now: write the review, change it, only read it, or wait until the session is completed"),
  notice: z.string().nullable().describe("Why it cannot be written or changed now"),
  editableUntil: nullableDate,
});

/** The body of POST and PATCH /api/v1/bookings/{id}/review. */
export const reviewBody = z.object({
  rating: z.number().int().min(1).max(5).describe("1 to 5 stars"),
  content: z.string().min(REVIEW_MIN).max(REVIEW_MAX).describe(`The review, ${REVIEW_MIN} to ${REVIEW_MAX} characters`),
});

/** The body of POST /api/v1/reviews/{id}/reply. */
export const replyBody = z.object({ response: z.string().min(1).max(REPLY_MAX).describe(`The reply, up to ${REPLY_MAX} characters`) });

/** POST /api/v1/reviews/{id}/reply. */
export const replyResponse = z.object({ reviewId: z.number().int(), mentorResponse: z.string(), mentorRespondedAt: isoDate });
