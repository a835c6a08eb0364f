/** The hours the health totals count in (health-totals.server.ts), without the database: the seed reads them too. */

export const HOUR_MS = 3_600_000;

/** The hour an instant counts in: whole hours since 1970-01-01T00:00Z. */
export const hourOf = (moment: Date) => Math.floor(moment.getTime() / HOUR_MS);

export type HourCounts = {
  made: number;
  repeats: number;
  completed: number;
  noShows: number;
  cancelledByMentee: number;
  cancelledByGuide: number;
  cancelledByAdmin: number;
  cancelledBySystem: number;
  refunds: number;
  refundedCents: number;
};
export const HOUR_COUNTS = ["made", "repeats", "completed", "noShows", "cancelledByMentee", "cancelledByGuide", "cancelledByAdmin", "cancelledBySystem", "refunds", "refundedCents"] as const;

