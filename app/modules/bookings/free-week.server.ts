import { freeTimes } from "#app/modules/schedule/schedule.server.ts";
import { addDays, dayKey, formatDayLabel, startOfDayIn } from "./session-time.ts";

/** How many weeks ahead a person may page a guide's free times (the guide's own horizon decides which have any). */
const WEEKS_AHEAD = 13;

/**
 * One week of a guide's free times for a `minutes`-long session, as a person pages them: `weekParam` (YYYY-MM-DD in
 * `zone`; this week when missing, past or too far) and the times grouped by day in `zone`, with the weeks before and
 * after. The booking dialog, the reschedule dialog and the guide's "Propose another time" show this. When moving a
 * session, `ignoreBookingId` leaves its own claims out of the busy time (so it may move to a time overlapping its
 * current one) and `except` leaves out its current start.
 */
export async function freeWeek(
  guideId: number,
  { minutes, weekParam, zone, now = new Date(), except, ignoreBookingId }: { minutes: number; weekParam: string | null; zone: string; now?: Date; except?: Date; ignoreBookingId?: number },
) {
  const today = dayKey(now, zone);
  const lastWeek = addDays(today, 7 * (WEEKS_AHEAD - 1));
  const week = weekParam && /^\d{4}-\d{2}-\d{2}$/.test(weekParam) && weekParam > today && weekParam <= lastWeek ? weekParam : today;
  const from = startOfDayIn(week, zone);
  const times = await freeTimes(guideId, { minutes, from: from < now ? now : from, to: startOfDayIn(addDays(week, 7), zone), now, ignoreBookingId });
  const byDay = new Map<string, Date[]>();
  for (const time of times) {
    if (except && time.getTime() === except.getTime()) continue;
    const key = dayKey(time, zone);
    byDay.set(key, [...(byDay.get(key) ?? []), time]);
  }
  return {
    week: {
      key: week,
      label: `${formatDayLabel(week)} – ${formatDayLabel(addDays(week, 6))}`,
      previous: week > today ? (addDays(week, -7) < today ? today : addDays(week, -7)) : null,
      next: week < lastWeek ? addDays(week, 7) : null,
    },
    days: [...byDay].map(([key, dayTimes]) => ({ key, label: formatDayLabel(key), times: dayTimes })),
  };
}
