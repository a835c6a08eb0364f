import { Prisma } from "#app/generated/prisma/client.ts";
import type { Transaction } from "#app/lib/db.server.ts";
import { HOUR_COUNTS, hourOf, type HourCounts } from "./hours.ts";

/**
 * The console's health figures per UTC hour ("HourTotal"), kept like MonthTotal (month-totals.server.ts): written by
 * the domain that makes each change, in its own transaction, as atomic increments (INSERT … ON CONFLICT DO UPDATE
 * SET x = x + n), called as the transaction's last writes. Bookings made and repeat ones count in the hour of their
 * createdAt (booking-flow.server.ts); completions, no-shows and cancellations in the hour of Booking.endedAt
 * (lifecycle, deadlines, problems and checkout in modules/bookings); refunds in the hour of Payment.refundedAt
 * (checkout.server.ts, where Stripe's refund events land).
 *
 * Why hours, not days: a period is days of the admin's own time zone, and the hours of a day in a zone are whole UTC
 * hours for every zone whose offset is whole hours (all of the Americas and Europe, most of the world), so a period is
 * summed exactly from at most 24 × its days rows (a year: 8,760 rows, a few ms). Days in UTC would be off by the
 * offset; quarter hours (exact in every zone, Nepal's too) would be four times the rows. In a zone 30 or 45 minutes off
 * the hour, a period starts and ends at the UTC hour its first and last instants fall in.
 */

/** One change to one hour's counts. */
export type HourChange = { hour: number } & Partial<HourCounts>;

/**
 * Adds the changes, one atomic increment per hour, in the order of their hours: two transactions that both touch two
 * hours take them in the same order, so they never wait for each other in opposite orders.
 */
export async function addToHours(tx: Transaction, changes: HourChange[]) {
  const byHour = new Map<number, HourCounts>();
  for (const { hour, ...counts } of changes) {
    const total = byHour.get(hour) ?? (Object.fromEntries(HOUR_COUNTS.map((name) => [name, 0])) as HourCounts);
    for (const name of HOUR_COUNTS) total[name] += counts[name] ?? 0;
    byHour.set(hour, total);
  }
  for (const [hour, counts] of [...byHour].sort(([a], [b]) => a - b)) {
    if (HOUR_COUNTS.every((name) => counts[name] === 0)) continue;
    const names = Prisma.join(HOUR_COUNTS.map((name) => Prisma.raw(`"${name}"`)));
    const values = Prisma.join(HOUR_COUNTS.map((name) => counts[name]));
    const sets = Prisma.join(HOUR_COUNTS.map((name) => Prisma.raw(`"${name}" = "HourTotal"."${name}" + excluded."${name}"`)));
    await tx.$executeRaw`INSERT INTO "HourTotal" ("hour", ${names}) VALUES (${hour}, ${values}) ON CONFLICT ("hour") DO UPDATE SET ${sets}`;
  }
}

/** The running counts the overview reads (RunningTotal), each kept by the domain that changes it. */
export type RunningTotalName = "reviewsAwaitingReply";

/** Adds `by` to a running count: one atomic increment, the transaction's last write (as the hours above). */
export async function addToRunningTotal(tx: Transaction, name: RunningTotalName, by: number) {
  await tx.$executeRaw`INSERT INTO "RunningTotal" ("name", "count") VALUES (${name}, ${by}) ON CONFLICT ("name") DO UPDATE SET "count" = "RunningTotal"."count" + excluded."count"`;
}

/** Who ended a booking that did not take place, from Booking.cancelledById: its mentee, its guide, anyone else (an admin), or nobody (the system). */
export type EndedBy = "mentee" | "guide" | "admin" | "system";
export function endedBy(booking: { userId: number; guideId: number; cancelledById: number | null }): EndedBy {
  if (booking.cancelledById === null) return "system";
  if (booking.cancelledById === booking.userId) return "mentee";
  return booking.cancelledById === booking.guideId ? "guide" : "admin";
}

const cancelledCount = { mentee: "cancelledByMentee", guide: "cancelledByGuide", admin: "cancelledByAdmin", system: "cancelledBySystem" } as const;

/** The bookings that did not take place: cancelled, declined, or expired (a hold or a request that ran out). */
export const CANCELLED_STATUSES = ["cancelled", "declined", "expired"] as const;

/**
 * What a booking's end adds to the hour of its endedAt: a completion, a no-show, or a cancellation under whoever ended
 * it; `by` -1 takes it back (a booking expired whose payment then arrived in time lives again). Nothing for other states.
 */
export function endChange(booking: { status: string; endedAt: Date; userId: number; guideId: number; cancelledById: number | null }, by: 1 | -1 = 1): HourChange {
  const hour = hourOf(booking.endedAt);
  if (booking.status === "completed") return { hour, completed: by };
  if (booking.status === "no_show") return { hour, noShows: by };
  if ((CANCELLED_STATUSES as readonly string[]).includes(booking.status)) return { hour, [cancelledCount[endedBy(booking)]]: by };
  return { hour };
}

/** A booking ended: counted in the hour it ended. Call it as the transaction's last write. */
export const countBookingEnd = (tx: Transaction, booking: Parameters<typeof endChange>[0]) => addToHours(tx, [endChange(booking)]);

/** A session was over: completed or a no-show, in the hour it was marked. Call it as the transaction's last write. */
export const countSessionEnd = (tx: Transaction, status: "completed" | "no_show", endedAt: Date) =>
  addToHours(tx, [status === "completed" ? { hour: hourOf(endedAt), completed: 1 } : { hour: hourOf(endedAt), noShows: 1 }]);

/**
 * A booking was made: one more in the hour of its createdAt, and one more repeat when it is the mentee's second within
 * 90 days. Call it as the transaction's last write.
 */
export const countBookingMadeInHour = (tx: Transaction, booking: { createdAt: Date; isRepeat: boolean }) =>
  addToHours(tx, [{ hour: hourOf(booking.createdAt), made: 1, repeats: booking.isRepeat ? 1 : 0 }]);

/**
 * A payment's refunded total grew: the payment counts as refunded in the hour of its latest refund, with all it
 * refunded, so the figure is exactly the payments the Transactions list shows refunded in the period and their
 * refunds. A second refund moves the payment from the hour of the first to its own.
 */
export function refundChanges(before: { refundedCents: number; refundedAt: Date | null }, after: { refundedCents: number; refundedAt: Date }): HourChange[] {
  if (after.refundedCents <= 0) return [];
  const changes: HourChange[] = [{ hour: hourOf(after.refundedAt), refunds: 1, refundedCents: after.refundedCents }];
  if (before.refundedCents > 0 && before.refundedAt) changes.push({ hour: hourOf(before.refundedAt), refunds: -1, refundedCents: -before.refundedCents });
  return changes;
}
