import { TZDate } from "@date-fns/tz";
import { z } from "zod";

/*
 * A list narrowed to a range of days: `from` and `to` in its URL (YYYY-MM-DD, both days included), read as days in
 * the reader's time zone and turned into UTC instants by the server (`withinDays`, list.server.ts). One filter for
 * every console list that has a date (bookings, transactions, payouts, reviews, guide requests, customer queries).
 */

/** A range of days as the URL gives it (either end may be open). */
export type DayRange = { from?: string; to?: string };

/** A quick choice of range ("Last 7 days"), its days computed in the reader's zone. */
export type DateRangeChoice = { label: string; from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD (not 2026-02-30 or 2026-13-40). */
function isDay(value: string) {
  const time = DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

const day = (name: string) => z.string().refine(isDay, `${name} must be a date such as 2026-11-28`).optional();

/**
 * A list's date range filters, spread into its definition's `filters`: `from` and `to`, each a day. The list's parser
 * refuses a `to` before its `from` (`rangeInOrder`), so the API answers 400 naming `to` and a screen drops it.
 */
export const dateRange = () => ({ from: day("from"), to: day("to") });

/** The refusal of a range whose end comes before its start, for a list whose filters include `dateRange()`. */
export function rangeInOrder(values: Record<string, unknown>, ctx: z.RefinementCtx) {
  const { from, to } = values;
  if (typeof from === "string" && typeof to === "string" && to < from) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "to must be the same day as from or later" });
  }
}

/** The first instant of a day in a zone, or of the day `after` days later. */
export function startOfDay(day: string, timeZone: string, after = 0) {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(new TZDate(year, month - 1, date + after, timeZone).getTime());
}

/** The instants a range of days covers in `timeZone`: from the first instant of `from` up to (not including) the day after `to`. */
export function rangeInstants({ from, to }: DayRange, timeZone: string): { start?: Date; end?: Date } {
  return { start: from ? startOfDay(from, timeZone) : undefined, end: to ? startOfDay(to, timeZone, 1) : undefined };
}

/** A day as YYYY-MM-DD from its parts (month 1–12; days past the month's end roll over, as Date does). */
const dayOf = (year: number, month: number, date: number) => new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10);

/** The day after `day` (YYYY-MM-DD). */
export function dayAfter(day: string) {
  const [year, month, date] = day.split("-").map(Number);
  return dayOf(year, month, date + 1);
}

/** The quick choices of a range, as days of `timeZone` on the day `now` falls on there: Today, Last 7 days, This month, Last month. */
export function dateRangeChoices(timeZone: string, now = new Date()): DateRangeChoice[] {
  const local = new TZDate(now.getTime(), timeZone);
  const [year, month, date] = [local.getFullYear(), local.getMonth() + 1, local.getDate()];
  const today = dayOf(year, month, date);
  return [
    { label: "Today", from: today, to: today },
    { label: "Last 7 days", from: dayOf(year, month, date - 6), to: today },
    { label: "This month", from: dayOf(year, month, 1), to: dayOf(year, month + 1, 0) },
    { label: "Last month", from: dayOf(year, month - 1, 1), to: dayOf(year, month, 0) },
  ];
}
