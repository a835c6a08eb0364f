import { z } from "zod";

/** The Settings section's forms (intent=calendar-feed): make or renew the address, show topics or not, turn it off. */
export const calendarFeedSchema = z.discriminatedUnion("change", [
  z.object({ change: z.literal("renew") }),
  z.object({ change: z.literal("off") }),
  z.object({ change: z.literal("topics"), showTopics: z.enum(["yes", "no"], { error: "Choose whether topics show" }) }),
]);
export type CalendarFeedChange = z.output<typeof calendarFeedSchema>;
