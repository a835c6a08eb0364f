import type { DateRangeChoice } from "#app/lib/date-range.ts";

/** The overview's health figures, as the screen and GET /api/admin/dashboard/health show them (zod-free). */

/** A period as days (YYYY-MM-DD) of the admin's zone, both included. */
export type HealthPeriod = { from: string; to: string };

/** Figures of the bookings that ended in the period: how many, and the list that shows them. */
export type Figure = { count: number; href: string };

export type HealthReport = {
  period: HealthPeriod;
  /** The quick choices, in the admin's zone: Last 7 days, Last 30 days, This month, Last month. */
  choices: DateRangeChoice[];
  made: Figure;
  completed: Figure;
  cancelled: Figure & { by: Record<"mentee" | "guide" | "admin" | "system", Figure> };
  noShows: Figure;
  /** Payments whose latest refund was in the period, and all they refunded, in cents. */
  refunds: Figure & { cents: number };
  /** Bookings made in the period that were their mentee's second within 90 days. */
  repeatMentees: Figure;
  /** The median time a guide took to accept or decline a request answered in the period (null: none was), over `count` answers. */
  answerTime: Figure & { medianSeconds: number | null };
  /** Now, whatever the period: live guides with no free time in the next 14 days. */
  guidesWithoutFreeTime: Figure;
  /** Now: customer queries without an answer received more than 2 days ago. */
  oldOpenQueries: Figure;
  /** Now: reviews waiting for the guide's reply. */
  reviewsAwaitingReply: Figure;
};

/** A duration as people read it: "45 min", "3 h 20 min", "2 d 4 h" (under a minute: "under 1 min"). */
export function formatDuration(seconds: number) {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return "under 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
