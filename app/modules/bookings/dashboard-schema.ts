import { z } from "zod";
import { centsOf } from "#app/lib/dollars.ts";
import { mentorLinks, userLinks } from "#app/lib/links.ts";
import { defineList, type ListDefaults } from "#app/lib/list.ts";
import { covenantVersionField } from "#app/modules/covenant/schema.ts";
import { PROBLEM_KINDS, PROBLEM_OUTCOMES } from "./problems.ts";

// The bookings screens of the two dashboards: one list per tab, each with its state in the URL
// (?tab=&page=&limit=&search=&order=). Zod and list definitions only: safe in the browser bundle.

export const menteeBookingTabs = [
  { id: "upcoming", label: "Upcoming" },
  { id: "past", label: "Past" },
] as const;

export const guideBookingTabs = [
  { id: "upcoming", label: "Upcoming" },
  { id: "requests", label: "Requests" },
  { id: "past", label: "Past" },
] as const;

export type BookingTab = "upcoming" | "requests" | "past";

const tabSchema = z.enum(["upcoming", "requests", "past"], { error: "tab must be upcoming, requests or past" }).optional();

const base = { sortable: ["startsAt"] as const, defaultSort: "startsAt", defaultLimit: 10, pageSizes: [5, 10, 25, 50] } as const;

/** Upcoming sessions and requests: the soonest first. */
const soonestFirst = { ...base, defaultOrder: "asc" } as const satisfies ListDefaults<"startsAt">;
/** Past sessions: the latest first. */
const latestFirst = { ...base, defaultOrder: "desc" } as const satisfies ListDefaults<"startsAt">;

export const upcomingBookingList = defineList({ defaults: soonestFirst, filters: { tab: tabSchema } });
export const pastBookingList = defineList({ defaults: latestFirst, filters: { tab: tabSchema } });

/** The tab a URL asks for (the first when none or an unknown one: the list parser then refuses the unknown value). */
export function bookingTabOf(params: URLSearchParams): BookingTab {
  const tab = params.get("tab");
  return tab === "past" || tab === "requests" ? tab : "upcoming";
}

export const listForTab = (tab: BookingTab) => (tab === "past" ? pastBookingList : upcomingBookingList);

/**
 * A link to one booking on its person's bookings screen (notifications, e-mails): the screen brings it into view.
 * `justBooked`: where the booking dialog and Checkout send the mentee once it is made or paid (`&booked=1`), so the card
 * reads "Just booked".
 */
export const bookingLink = (viewer: "user" | "guide", bookingId: number, { justBooked = false } = {}) =>
  `${viewer === "guide" ? mentorLinks.bookings : userLinks.bookings}?booking=${bookingId}${justBooked ? "&booked=1" : ""}`;

/** A booking's calendar file (.ics) on its person's dashboard: `Add to calendar`. */
export const bookingCalendarLink = (viewer: "user" | "guide", bookingId: number) =>
  `${viewer === "guide" ? mentorLinks.bookings : userLinks.bookings}/${bookingId}/calendar.ics`;

/** The forms of the bookings screens; `intent` says which change is asked for. */
const bookingId = z.coerce.number({ error: "Booking id is required" }).int().positive("Booking id is required");
const reason = z
  .string()
  .trim()
  .max(500, "Reason must be at most 500 characters")
  .optional()
  .transform((value) => value || null);

export const PROBLEM_FORM_MESSAGES = {
  kind: "Choose what went wrong.",
  details: "Tell us what happened.",
  detailsLength: "Keep it under 2,000 characters.",
  reply: "Write your answer.",
} as const;

/** A new time for a session (a reschedule, or a guide's proposal): one of the free times the dialog offered. */
const newTime = z
  .string({ error: "Choose a new time" })
  .min(1, "Choose a new time")
  .refine((value) => !Number.isNaN(new Date(value).getTime()), "Choose a new time")
  .transform((value) => new Date(value));

export const PROPOSAL_NOTE_MESSAGE = "Note must be at most 500 characters";

export const bookingChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), bookingId, reason }),
  z.object({ intent: z.literal("decline"), bookingId, reason }),
  // Accepting a request carries the confidentiality covenant's version when the guide was asked to accept it.
  z.object({ intent: z.literal("accept"), bookingId, covenantVersion: covenantVersionField }),
  // The guide accepts the covenant with the mentee of a session confirmed without their answer.
  z.object({ intent: z.literal("accept-covenant"), bookingId, covenantVersion: covenantVersionField }),
  z.object({ intent: z.literal("complete"), bookingId }),
  z.object({ intent: z.literal("noShow"), bookingId }),
  z.object({
    intent: z.literal("report"),
    bookingId,
    kind: z.enum(PROBLEM_KINDS, { error: PROBLEM_FORM_MESSAGES.kind }),
    details: z.string({ error: PROBLEM_FORM_MESSAGES.details }).trim().min(1, PROBLEM_FORM_MESSAGES.details).max(2000, PROBLEM_FORM_MESSAGES.detailsLength),
  }),
  z.object({
    intent: z.literal("answer-problem"),
    bookingId,
    reply: z.string({ error: PROBLEM_FORM_MESSAGES.reply }).trim().min(1, PROBLEM_FORM_MESSAGES.reply).max(2000, PROBLEM_FORM_MESSAGES.detailsLength),
  }),
  z.object({ intent: z.literal("reschedule"), bookingId, startsAt: newTime }),
  // The guide proposes another time (with an optional note); the mentee accepts it or keeps the current time.
  z.object({
    intent: z.literal("propose"),
    bookingId,
    startsAt: newTime,
    note: z
      .string()
      .trim()
      .max(500, PROPOSAL_NOTE_MESSAGE)
      .optional()
      .transform((value) => value || null),
  }),
  z.object({ intent: z.literal("accept-proposal"), bookingId }),
  z.object({ intent: z.literal("decline-proposal"), bookingId }),
]);
export type BookingChangeInput = z.output<typeof bookingChangeSchema>;

/**
 * An administrator cancels a booking (the console's booking page, and POST /api/admin/cancel-booking/{id}): an
 * optional reason, told to both people. The lifecycle refunds whatever was paid in full.
 */
export const adminCancelSchema = z.object({ intent: z.literal("cancel"), reason });
export const adminCancelApiSchema = z.object({
  reason: z
    .string({ error: "Reason must be text" })
    .trim()
    .max(500, "Reason must be at most 500 characters")
    .nullish()
    .transform((value) => value || null),
});

/** An administrator settles a reported problem (the console's booking page, and its API twin). */
export const PROBLEM_DECISION_MESSAGES = {
  outcome: "Choose a decision.",
  amount: "Enter an amount in dollars, such as 25.00.",
  noteLength: "Keep the note under 1,000 characters.",
} as const;

const problemDecisionFields = {
  outcome: z.enum(PROBLEM_OUTCOMES, { error: PROBLEM_DECISION_MESSAGES.outcome }),
  amount: z
    .union([z.number(), z.string()], { error: PROBLEM_DECISION_MESSAGES.amount })
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === "") return undefined;
      const cents = centsOf(String(value));
      if (cents === null || cents > 999_999_999) {
        context.addIssue({ code: "custom", message: PROBLEM_DECISION_MESSAGES.amount });
        return z.NEVER;
      }
      return cents;
    }),
  note: z
    .string()
    .trim()
    .max(1000, PROBLEM_DECISION_MESSAGES.noteLength)
    .nullish()
    .transform((value) => value || null),
};

export const problemDecisionSchema = z.object({ intent: z.literal("decide-problem"), ...problemDecisionFields });
export const problemDecisionApiSchema = z.object(problemDecisionFields);
