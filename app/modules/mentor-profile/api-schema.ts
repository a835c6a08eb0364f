import { z } from "zod";
import { idSchema } from "#app/lib/id.ts";
import { isoDate } from "#app/lib/openapi/shapes.ts";
import { REVIEWS_PAGE_PARAM } from "./schema.ts";

/** GET /api/v1/mentors/{id}: the page of reviews, as the profile's `?reviewsPage=` (past the last reads the last). */
export const mentorProfileQuery = z.object({
  [REVIEWS_PAGE_PARAM]: idSchema(`Invalid ${REVIEWS_PAGE_PARAM}: expected a positive whole number`).optional().describe("A page of the mentor's reviews, 5 a page, newest first"),
});

/** GET /api/v1/mentors/{id}: a live mentor's public profile (MentorProfile of schema.ts). */
export const mentorProfileResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string().nullable(),
  organisation: z.string().nullable(),
  bio: z.string().nullable(),
  imageId: z.string().nullable().describe("The picture's id: GET /images/{imageId}"),
  experienceYears: z.number().int(),
  category: z.string().nullable(),
  specialties: z.array(z.string()).describe("Specialty labels"),
  expertise: z.array(z.string()),
  languages: z.array(z.string()),
  education: z.array(z.string()),
  recentSuccess: z.string().nullable(),
  video: z.object({ provider: z.enum(["YouTube", "Vimeo"]), embedUrl: z.string(), watchUrl: z.string() }).nullable(),
  payWhatYouWant: z.boolean(),
  lengths: z.array(z.object({ minutes: z.number().int(), priceCents: z.number().int() })).describe("The lengths offered and their prices"),
  updatedAt: isoDate,
  content: z.array(z.object({ id: z.number().int(), title: z.string(), type: z.string(), url: z.string().nullable(), publishedDate: isoDate })).describe("What the mentor has published, newest first"),
  rating: z.object({ average: z.number(), count: z.number().int(), distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })) }),
  reviews: z.object({
    page: z.number().int(),
    totalPages: z.number().int(),
    items: z.array(
      z.object({
        id: z.number().int(),
        reviewer: z.string().describe("The reviewer's first name"),
        date: z.string(),
        rating: z.number().int(),
        content: z.string(),
        mentorResponse: z.string().nullable(),
      }),
    ),
  }),
  freeTimes: z.array(z.object({ startsAt: isoDate, durationMinutes: z.number().int() })).describe("The next free times of the shortest length"),
});
