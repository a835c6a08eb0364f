import { TZDate } from "@date-fns/tz";
import { Prisma } from "#app/generated/prisma/client.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { rangeInstants, type DateRangeChoice, type DayRange } from "#app/lib/date-range.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { column, queryRows } from "#app/lib/sql.server.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { requireAdmin } from "#app/modules/accounts/policy.ts";
import { withoutFreeTime } from "#app/modules/guides/guides.server.ts";
import { openQuery, receivedBefore } from "#app/modules/queries/queries.server.ts";
import type { HealthPeriod, HealthReport } from "./health.ts";
import { HOUR_MS } from "./hours.ts";

/** An open query counts as old once it waits longer than this. */
export const OLD_QUERY_DAYS = 2;

/** A day (YYYY-MM-DD) `offset` days from `day`. */
const dayPlus = (day: string, offset: number) => {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date + offset)).toISOString().slice(0, 10);
};

/** The quick choices of a period, days of `timeZone` on the day `now` falls on there. */
export function periodChoices(timeZone: string, now = new Date()): DateRangeChoice[] {
  const local = new TZDate(now.getTime(), timeZone);
  const monthStart = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, "0")}-01`;
  const today = dayPlus(monthStart, local.getDate() - 1);
  const lastMonthStart = `${dayPlus(monthStart, -1).slice(0, 8)}01`;
  return [
    { label: "Last 7 days", from: dayPlus(today, -6), to: today },
    { label: "Last 30 days", from: dayPlus(today, -29), to: today },
    { label: "This month", from: monthStart, to: today },
    { label: "Last month", from: lastMonthStart, to: dayPlus(monthStart, -1) },
  ];
}

/** The period a URL asks for: its days, the last 7 days without any, today as a missing end, a week before `to` as a missing start. */
export function resolvePeriod(range: DayRange, choices: DateRangeChoice[]): HealthPeriod {
  const today = choices[0].to;
  const to = range.to ?? (range.from && range.from > today ? range.from : today);
  return { from: range.from ?? dayPlus(to, -6), to };
}

const query = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

/**
 * The health of the marketplace over a period of days of the admin's zone (SPEC-free; the console's overview and
 * GET /api/admin/dashboard/health), each figure with the list it counts, filtered so that the list shows as many rows.
 *
 * What happens to bookings and payments is summed from the per-hour totals their domains keep ("HourTotal",
 * health-totals.server.ts): at most 24 rows a day, where counting a period live over a million bookings took 105–334 ms.
 * The median answer time is read from the index on (answeredAt, answerSeconds): the requests answered in the period
 * are counted there, then the middle one or two taken in answerSeconds order, exact to the second (a histogram per day
 * would round it to its buckets). The figures of now are counted live from small tables or indexes: live guides
 * (5,000 at scale, from GuideProfile's covering index) and open customer queries (10,000, from the index on
 * answeredAt); reviews without a reply are the running count the reviews module keeps (RunningTotal): counting the
 * 150,000 of 250,000 reviews that have none took 4 ms on SQLite even from a partial index of them, and an index-only
 * count on PostgreSQL is slower (its 90,000 active mentees: 10–13 ms).
 */
export async function healthReport(actor: SessionUser, range: DayRange, now = new Date()): Promise<HealthReport> {
  requireAdmin(actor);
  const timeZone = await timeZoneOf(actor.id);
  const choices = periodChoices(timeZone, now);
  const period = resolvePeriod(range, choices);
  const { start, end } = rangeInstants(period, timeZone) as { start: Date; end: Date };
  // The hours each end falls in (whole hours but in zones 30 or 45 minutes off the hour).
  const [firstHour, endHour] = [Math.floor(start.getTime() / HOUR_MS), Math.floor(end.getTime() / HOUR_MS)];
  const count = column.int;
  const answered = Prisma.sql`"answeredAt" >= ${start} AND "answeredAt" < ${end}`;
  const [[totals], [live]] = await Promise.all([
    queryRows(
      { made: count, repeats: count, completed: count, noShows: count, byMentee: count, byGuide: count, byAdmin: count, bySystem: count, refunds: count, refundedCents: count },
      Prisma.sql`
        SELECT COALESCE(SUM(made), 0) AS made, COALESCE(SUM(repeats), 0) AS repeats, COALESCE(SUM(completed), 0) AS completed,
          COALESCE(SUM("noShows"), 0) AS "noShows", COALESCE(SUM("cancelledByMentee"), 0) AS "byMentee", COALESCE(SUM("cancelledByGuide"), 0) AS "byGuide",
          COALESCE(SUM("cancelledByAdmin"), 0) AS "byAdmin", COALESCE(SUM("cancelledBySystem"), 0) AS "bySystem",
          COALESCE(SUM(refunds), 0) AS refunds, COALESCE(SUM("refundedCents"), 0) AS "refundedCents"
        FROM "HourTotal" WHERE hour >= ${firstHour} AND hour < ${endHour}`,
    ),
    queryRows(
      { answers: count, guides: count, queries: count, reviews: count },
      Prisma.sql`
        SELECT
          (SELECT COUNT(*) FROM "Booking" WHERE ${answered}) AS answers,
          (SELECT COUNT(*) FROM "GuideProfile" gp WHERE ${withoutFreeTime(Prisma.sql`gp`, now)}) AS guides,
          (SELECT COUNT(*) FROM "CustomerQuery" q WHERE ${openQuery(Prisma.sql`q`)} AND ${receivedBefore(Prisma.sql`q`, OLD_QUERY_DAYS, now)}) AS queries,
          (SELECT COALESCE(SUM(count), 0) FROM "RunningTotal" WHERE name = 'reviewsAwaitingReply') AS reviews`,
    ),
  ]);
  const middle = live.answers
    ? await queryRows(
        { seconds: count },
        Prisma.sql`SELECT "answerSeconds" AS seconds FROM "Booking" WHERE ${answered} ORDER BY "answerSeconds" LIMIT ${live.answers % 2 ? 1 : 2} OFFSET ${Math.floor((live.answers - 1) / 2)}`,
      )
    : [];
  const medianSeconds = middle.length ? Math.round(middle.reduce((sum, row) => sum + row.seconds, 0) / middle.length) : null;

  const days = { from: period.from, to: period.to };
  const bookings = (params: Record<string, string>) => `${adminLinks.bookings}${query({ ...params, ...days })}`;
  const ended = (params: Record<string, string>) => bookings({ date: "ended", ...params });
  const cancelled = totals.byMentee + totals.byGuide + totals.byAdmin + totals.bySystem;
  return {
    period,
    choices,
    made: { count: totals.made, href: bookings({ date: "booked" }) },
    completed: { count: totals.completed, href: ended({ outcome: "completed" }) },
    cancelled: {
      count: cancelled,
      href: ended({ outcome: "cancelled" }),
      by: {
        mentee: { count: totals.byMentee, href: ended({ outcome: "cancelled", cancelledBy: "mentee" }) },
        guide: { count: totals.byGuide, href: ended({ outcome: "cancelled", cancelledBy: "guide" }) },
        admin: { count: totals.byAdmin, href: ended({ outcome: "cancelled", cancelledBy: "admin" }) },
        system: { count: totals.bySystem, href: ended({ outcome: "cancelled", cancelledBy: "system" }) },
      },
    },
    noShows: { count: totals.noShows, href: ended({ outcome: "no_show" }) },
    refunds: { count: totals.refunds, cents: totals.refundedCents, href: `${adminLinks.transactions}${query({ date: "refunded", ...days })}` },
    repeatMentees: { count: totals.repeats, href: bookings({ date: "booked", repeat: "1" }) },
    answerTime: { count: live.answers, medianSeconds, href: bookings({ date: "answered" }) },
    guidesWithoutFreeTime: { count: live.guides, href: `${adminLinks.guides}${query({ freeTime: "none" })}` },
    oldOpenQueries: { count: live.queries, href: `${adminLinks.customerQueries}${query({ status: "open", olderThanDays: String(OLD_QUERY_DAYS) })}` },
    reviewsAwaitingReply: { count: live.reviews, href: `${adminLinks.reviews}${query({ reply: "awaiting" })}` },
  };
}
