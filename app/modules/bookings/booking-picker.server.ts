import { formatMoney } from "#app/lib/format.ts";
import { badRequest } from "#app/lib/http.server.ts";
import { freeTimes, isFreeTime } from "#app/modules/schedule/schedule.server.ts";
import { holdMinutes, type BookingOffer } from "./booking-flow.server.ts";
import { addDays, dayKey, formatDayLabel, formatTimeIn, formatWhenIn, startOfDayIn, zoneLabel } from "./booking-times.ts";

/** How many weeks ahead the picker pages (the guide's own horizon decides which of them have times). */
const WEEKS_AHEAD = 13;

const query = (params: Record<string, string | number | undefined>) =>
  `?${new URLSearchParams(Object.entries(params).filter(([, value]) => value !== undefined).map(([key, value]) => [key, String(value)]))}`;

/**
 * What the booking dialog shows for its URL: the lengths offered (the free intro first), one week of free times in
 * the mentee's time zone grouped by day, and, once a time is chosen (?start=), the summary to confirm. Every choice
 * is a link carrying the others, so the dialog works without JavaScript. A chosen time that is no longer free
 * falls back to the week with a notice.
 */
export async function bookingPicker(offer: BookingOffer, params: URLSearchParams, zone: string, now = new Date()) {
  const guideId = offer.guide.id;
  const intro = params.get("intro") === "1" && offer.introMinutes !== null;
  const minutesText = params.get("minutes");
  if (minutesText !== null && !/^\d{1,3}$/.test(minutesText)) throw badRequest("Invalid minutes: expected a session length in minutes");
  const option = offer.options.find((candidate) => candidate.minutes === Number(minutesText)) ?? offer.options[0];
  const minutes = intro ? offer.introMinutes! : option.minutes;

  const today = dayKey(now, zone);
  const lastWeek = addDays(today, 7 * (WEEKS_AHEAD - 1));
  const weekText = params.get("week");
  const week = weekText && /^\d{4}-\d{2}-\d{2}$/.test(weekText) && weekText > today && weekText <= lastWeek ? weekText : today;
  const choice = { minutes: intro ? undefined : minutes, intro: intro ? 1 : undefined };

  const lengths = [
    ...(offer.introMinutes !== null
      ? [{ label: `${offer.introMinutes} min · free intro`, href: query({ intro: 1, week }), active: intro }]
      : []),
    ...offer.options.map((candidate) => ({
      label: `${candidate.minutes} min${offer.payWhatYouWant ? "" : ` · ${candidate.priceCents ? formatMoney(candidate.priceCents) : "Free"}`}`,
      href: query({ minutes: candidate.minutes, week }),
      active: !intro && candidate.minutes === minutes,
    })),
  ];

  const startText = params.get("start");
  const start = startText ? new Date(startText) : null;
  if (start && Number.isNaN(start.getTime())) throw badRequest("Invalid start: expected a date and time");
  const stillFree = start ? await isFreeTime(guideId, start, minutes, now) : false;

  const guideZoneDiffers = offer.guide.timeZone !== zone;
  const chosen =
    start && stillFree
      ? {
          minutes,
          intro,
          startsAt: start.toISOString(),
          when: formatWhenIn(start, zone),
          guideWhen: guideZoneDiffers ? `${formatWhenIn(start, offer.guide.timeZone)} ${zoneLabel(offer.guide.timeZone, start)}` : null,
          priceCents: intro ? 0 : offer.payWhatYouWant ? null : option.priceCents,
          payWhatYouWant: offer.payWhatYouWant && !intro
            ? `Suggested ${formatMoney(offer.payWhatYouWant.suggestedCents)}${offer.payWhatYouWant.minimumCents ? `; at least ${formatMoney(offer.payWhatYouWant.minimumCents)}` : ""}.`
            : null,
          suggestedAmount: offer.payWhatYouWant && !intro ? (offer.payWhatYouWant.suggestedCents / 100).toFixed(2) : null,
          holdMinutes: await holdMinutes(),
          changeHref: query({ ...choice, week: dayKey(start, zone) > today ? dayKey(start, zone) : undefined }),
        }
      : null;

  let days: Array<{ key: string; label: string; times: Array<{ label: string; href: string }> }> = [];
  if (!chosen) {
    const from = startOfDayIn(week, zone);
    const times = await freeTimes(guideId, { minutes, from: from < now ? now : from, to: startOfDayIn(addDays(week, 7), zone), now });
    const byDay = new Map<string, Array<{ label: string; href: string }>>();
    for (const time of times) {
      const key = dayKey(time, zone);
      if (!byDay.has(key)) byDay.set(key, []);
      byDay.get(key)!.push({ label: formatTimeIn(time, zone), href: query({ ...choice, week, start: time.toISOString() }) });
    }
    days = [...byDay].map(([key, dayTimes]) => ({ key, label: formatDayLabel(key), times: dayTimes }));
  }

  return {
    guide: offer.guide,
    paused: offer.paused,
    zone: { name: zone, label: zoneLabel(zone, now), own: true },
    lengths,
    week: {
      label: `${formatDayLabel(week)} – ${formatDayLabel(addDays(week, 6))}`,
      previousHref: week > today ? query({ ...choice, week: addDays(week, -7) < today ? today : addDays(week, -7) }) : null,
      nextHref: week < lastWeek ? query({ ...choice, week: addDays(week, 7) }) : null,
    },
    days,
    chosen,
    notice: start && !stillFree ? "That time is no longer free. Please choose another." : null,
  };
}
