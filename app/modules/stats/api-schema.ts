import { z } from "zod";

/** GET /api/admin/dashboard/Stats (AdminStats of stats.server.ts). */
export const adminStatsResponse = z.object({
  data: z.object({
    activeUsers: z.number().int(),
    totalGuides: z.number().int(),
    verifiedGuides: z.number().int(),
    pendingGuideRequests: z.number().int(),
    totalBookings: z.number().int(),
    bookingsThisMonth: z.number().int(),
    revenueCents: z.number().int(),
    openQueries: z.number().int(),
    platformFeePercent: z.number(),
    platformFeeCents: z.number().int(),
  }),
});

/** GET /api/admin/dashboard/montlyBookingStats: the last 12 months. */
export const monthlyBookingsResponse = z.object({ data: z.array(z.object({ month: z.string(), label: z.string(), bookings: z.number().int() })) });

/** A figure of the health report and the console list it counts. */
const figure = z.object({ count: z.number().int(), href: z.string() });

/** GET /api/admin/dashboard/health. */
export const healthResponse = z.object({
  data: z.object({
    period: z.object({ from: z.string(), to: z.string() }),
    made: figure,
    completed: figure,
    cancelled: figure.extend({ by: z.object({ mentee: figure, guide: figure, admin: figure, system: figure }) }),
    noShows: figure,
    refunds: figure.extend({ cents: z.number().int() }),
    repeatMentees: figure,
    answerTime: figure.extend({ medianSeconds: z.number().nullable() }),
    guidesWithoutFreeTime: figure,
    oldOpenQueries: figure,
    reviewsAwaitingReply: figure,
  }),
});
