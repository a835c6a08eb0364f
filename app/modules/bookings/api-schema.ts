import { z } from "zod";
import { nullableDate, isoDate, pageOf } from "#app/lib/openapi/shapes.ts";
import { PROBLEM_KINDS, PROBLEM_OUTCOMES } from "./problems.ts";
import { BOOKING_STATUSES, PAYMENT_STATUSES } from "./status.ts";

/** A booking as a dashboard lists it (DashboardBooking of dashboard.server.ts): GET /api/v1/bookings. */
export const dashboardBooking = z.object({
  id: z.number().int(),
  topic: z.string(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  rateCents: z.number().int(),
  startsAt: isoDate,
  durationMinutes: z.number().int(),
  isIntro: z.boolean(),
  cancelReason: z.string().nullable(),
  notes: z.string().nullable(),
  holdExpiresAt: nullableDate,
  other: z.object({ id: z.number().int(), name: z.string(), imageId: z.string().nullable() }).describe("The guide for a mentee, the mentee for a guide"),
  meetingUrl: z.string().nullable(),
  join: z.object({ opensAt: isoDate, closesAt: isoDate }),
  joinPhase: z.enum(["before", "open", "over"]),
  hasReview: z.boolean(),
  changes: z.array(z.enum(["cancel", "reschedule", "accept", "decline", "complete", "noShow", "propose", "answerProposal"])).describe("What the token's holder may do with it now"),
  canReschedule: z.boolean(),
  problem: z
    .object({
      kind: z.enum(PROBLEM_KINDS),
      details: z.string(),
      status: z.enum(["open", "review", "resolved"]),
      contestBy: isoDate,
      guideReply: z.string().nullable(),
      outcome: z.enum(PROBLEM_OUTCOMES).nullable(),
      refundCents: z.number().int().nullable(),
      createdAt: isoDate,
      decidedAt: nullableDate,
      decidedByTeam: z.boolean(),
    })
    .nullable()
    .describe("A problem reported with the session"),
  canReport: z.boolean(),
  canAnswerProblem: z.boolean(),
  canMessage: z.boolean().describe("The two may write to each other (any booking but one that lapsed unpaid)"),
  answerBy: nullableDate,
  endedBy: z.enum(["you", "other", "team", "deadline", "hold"]).nullable(),
  proposal: z.object({ startsAt: isoDate, note: z.string().nullable() }).nullable(),
  calendar: z.object({ ics: z.string(), google: z.string(), outlook: z.string() }).nullable(),
  stateText: z.string(),
  covenant: z
    .object({ version: z.number().int(), mine: nullableDate, theirs: nullableDate })
    .nullable()
    .describe("The current confidentiality covenant between the two people: when each accepted it"),
  asksCovenant: z.boolean().describe("The token's holder is asked to accept that covenant before the session (the accept-covenant change)"),
});

export const dashboardBookingsResponse = pageOf(dashboardBooking, "bookings");

const party = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** A booking as the admin API lists and reads it (BookingRow of bookings.server.ts). */
export const bookingRow = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  topic: z.string(),
  rate: z.number().describe("Dollars"),
  rateCents: z.number().int(),
  paymentStatus: z.string(),
  status: z.string(),
  additionalNotes: z.string().nullable(),
  createdAt: isoDate,
  user: party,
  guide: party,
  slot: z
    .object({ startsAt: isoDate, date: z.string().describe("YYYY-MM-DD, UTC"), startTime: z.string().describe("HH:MM, UTC"), durationMinutes: z.number().int() })
    .nullable(),
});

/** POST /api/admin/cancel-booking/{bookingId}. */
export const adminCancelResponse = z.object({
  message: z.string(),
  booking: z.object({ id: z.number().int(), status: z.enum(BOOKING_STATUSES), refundedCents: z.number().int(), refundFailed: z.boolean() }),
});

/** POST /api/admin/problem-decision/{bookingId}. */
export const problemDecisionResponse = z.object({
  message: z.string(),
  decision: z.object({ bookingId: z.number().int(), outcome: z.enum(PROBLEM_OUTCOMES), refundCents: z.number().int() }),
});

/** POST /api/v1/bookings: the booking made, and Stripe Checkout's page for a paid one (null when nothing is to pay). */
export const bookingCreatedResponse = z.object({
  booking: z.object({ id: z.number().int(), status: z.string(), rateCents: z.number().int(), startsAt: nullableDate }),
  checkoutUrl: z.string().nullable(),
});

/** The fields a booking change may take (which ones depends on the change: see the operation's description). */
export const bookingChangeBody = z.object({
  reason: z.string().max(500).optional().describe("cancel, decline"),
  startsAt: z.iso.datetime({ offset: true }).optional().describe("reschedule, propose: one of the guide's free times"),
  note: z.string().max(500).optional().describe("propose"),
  kind: z.string().optional().describe("report: what went wrong"),
  details: z.string().max(2000).optional().describe("report"),
  reply: z.string().max(2000).optional().describe("answer-problem"),
  covenantVersion: z.number().int().positive().optional().describe("accept, accept-covenant"),
});

/** What a booking change answers: the booking's new state and any refund it sent. */
export const bookingChangeResponse = z.object({
  bookingId: z.number().int(),
  status: z.string().optional(),
  refundedCents: z.number().int().optional(),
  refundFailed: z.boolean().optional(),
});

/** GET /api/v1/mentors/{id}/times: what the booking dialog shows (bookableWeek of booking-picker.server.ts). */
export const bookableWeekResponse = z.object({
  guide: z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() }),
  paused: z.boolean().describe("The mentor takes no new bookings now (no times)"),
  timeZone: z.string().describe("The zone the week and its days are in: the token holder's"),
  lengths: z.array(z.object({ minutes: z.number().int(), priceCents: z.number().int().nullable().describe("null: pay what you want"), intro: z.boolean() })),
  payWhatYouWant: z.object({ suggestedCents: z.number().int(), minimumCents: z.number().int() }).nullable(),
  minutes: z.number().int().describe("The length the times are for"),
  intro: z.boolean(),
  week: z.object({ key: z.string(), label: z.string(), previous: z.string().nullable(), next: z.string().nullable() }).describe("This week's first day and the weeks before and after (YYYY-MM-DD), for `week`"),
  days: z.array(z.object({ key: z.string(), label: z.string(), times: z.array(isoDate).describe("Free starts: POST /api/v1/bookings takes one as startsAt") })),
});
