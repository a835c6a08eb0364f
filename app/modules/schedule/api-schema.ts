import { z } from "zod";
import { isoDate } from "#app/lib/openapi/shapes.ts";

/** GET and PUT /api/v1/availability (getAvailability of schedule.server.ts). */
export const availabilityResponse = z.object({
  timeZone: z.string().describe("The IANA zone the hours are in"),
  hours: z.array(z.object({ weekday: z.number().int().describe("0 = Sunday"), start: z.string().describe("HH:MM"), end: z.string().describe("HH:MM, or 24:00") })),
  lengths: z.array(z.number().int()).describe("Session lengths offered, in minutes"),
  bufferMinutes: z.number().int(),
  noticeHours: z.number().int(),
  horizonDays: z.number().int(),
  bookingPaused: z.boolean(),
  reviewsRequests: z.boolean(),
  meetingUrl: z.string().nullable(),
  limits: z.object({ minimumNoticeHours: z.number().int(), maxAdvanceDays: z.number().int() }).describe("The platform's bounds on notice and booking window"),
  nextFreeTimes: z
    .object({ timeZone: z.string(), paused: z.boolean(), minutes: z.number().int(), times: z.array(z.object({ startsAt: isoDate })) })
    .describe("The next free starts these rules give, of the shortest length (what the screen previews)"),
});

/** One date override: its own hours, or a day off (start and end null). */
export const overrideView = z.object({
  id: z.number().int(),
  date: z.string().describe("YYYY-MM-DD, in the guide's zone"),
  start: z.string().nullable().describe("HH:MM; null for a day off"),
  end: z.string().nullable(),
});

/** GET /api/v1/availability/overrides. */
export const overridesResponse = z.object({ overrides: z.array(overrideView) });

/** POST /api/v1/availability/overrides. */
export const overrideCreatedResponse = z.object({ override: overrideView });

/** GET and PUT /api/v1/pricing (getPricing of schedule.server.ts). */
export const pricingResponse = z.object({
  prices: z.array(z.object({ minutes: z.number().int(), priceCents: z.number().int() })),
  payWhatYouWant: z.boolean(),
  suggestedCents: z.number().int().nullable(),
  minimumCents: z.number().int().nullable(),
  freeIntroMinutes: z.number().int().nullable(),
  summary: z.string().describe("The price as the profile and Find a Mentor show it"),
});
