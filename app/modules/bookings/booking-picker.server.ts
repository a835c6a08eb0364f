import { formatMoney } from "#app/lib/format.ts";
import { badRequest, fieldError } from "#app/lib/http.server.ts";
import { zoneTitle } from "#app/lib/time-zone-names.ts";
import { introLength, lengthPrice } from "#app/modules/schedule/prices.ts";
import { isFreeTime } from "#app/modules/schedule/schedule.server.ts";
import { cancellationSummary } from "#app/modules/policies/policies.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import type { BookingOffer } from "./booking-flow.server.ts";
import { BOOKING_MESSAGES, type FreeTimesQuery } from "./booking-schema.ts";
import { dayKey } from "./session-time.ts";
import { freeWeek } from "./free-week.server.ts";

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
  const { week, days } = await freeWeek(guideId, { minutes, weekParam: params.get("week"), zone, now });
  const choice = { minutes: intro ? undefined : minutes, intro: intro ? 1 : undefined };

  const lengths = [
    ...(offer.introMinutes !== null
      ? [{ label: introLength(offer.introMinutes), href: query({ intro: 1, week: week.key }), active: intro }]
      : []),
    ...offer.options.map((candidate) => ({
      label: offer.payWhatYouWant ? `${candidate.minutes} minutes` : lengthPrice(candidate),
      href: query({ minutes: candidate.minutes, week: week.key }),
      active: !intro && candidate.minutes === minutes,
    })),
  ];

  const startText = params.get("start");
  const start = startText ? new Date(startText) : null;
  if (start && Number.isNaN(start.getTime())) throw badRequest("Invalid start: expected a date and time");
  const stillFree = start ? await isFreeTime(guideId, start, minutes, now) : false;

  const guideZoneDiffers = offer.guide.timeZone !== zone;
  const settings = start && stillFree ? await getPlatformSettings() : null;
  const chosen =
    start && stillFree && settings
      ? {
          minutes,
          intro,
          startsAt: start.toISOString(),
          /** The mentor's clock, when it reads otherwise than the mentee's. */
          guideZone: guideZoneDiffers ? { name: offer.guide.timeZone, label: zoneTitle(offer.guide.timeZone) } : null,
          priceCents: intro ? 0 : offer.payWhatYouWant ? null : option.priceCents,
          payWhatYouWant: offer.payWhatYouWant && !intro
            ? `Suggested ${formatMoney(offer.payWhatYouWant.suggestedCents)}${offer.payWhatYouWant.minimumCents ? `; at least ${formatMoney(offer.payWhatYouWant.minimumCents)}` : ""}.`
            : null,
          suggestedAmount: offer.payWhatYouWant && !intro ? (offer.payWhatYouWant.suggestedCents / 100).toFixed(2) : null,
          holdMinutes: settings.holdMinutes,
          /** The cancellation rules in short, before the mentee pays (the Terms say them in full). */
          cancellation: cancellationSummary(settings),
          changeHref: query({ ...choice, week: dayKey(start, zone) > today ? dayKey(start, zone) : undefined }),
        }
      : null;

  return {
    guide: offer.guide,
    paused: offer.paused,
    zone: { name: zone, label: zoneTitle(zone), own: true },
    lengths,
    week: {
      label: week.label,
      previousHref: week.previous ? query({ ...choice, week: week.previous }) : null,
      nextHref: week.next ? query({ ...choice, week: week.next }) : null,
    },
    // Once a time is chosen the dialog shows the summary instead of the week.
    days: chosen
      ? []
      : days.map((day) => ({
          key: day.key,
          label: day.label,
          times: day.times.map((time) => ({ startsAt: time.toISOString(), href: query({ ...choice, week: week.key, start: time.toISOString() }) })),
        })),
    chosen,
    notice: start && !stillFree ? "That time is no longer free. Please choose another." : null,
  };
}

/**
 * What the booking dialog reads, for the API (GET /api/v1/mentors/{id}/times): the lengths offered (the free intro
 * first, while this mentee may have it) and one week of free times of the chosen length in `zone`, grouped by day, with
 * the weeks before and after. A length the mentor does not offer, or an intro they no longer may have, is a 400 (the
 * dialog falls back to the first length instead).
 */
export async function bookableWeek(offer: BookingOffer, query: FreeTimesQuery, zone: string, now = new Date()) {
  if (query.intro && offer.introMinutes === null) throw fieldError(400, "intro", BOOKING_MESSAGES.introUnavailable);
  const option = query.minutes === undefined ? offer.options[0] : offer.options.find((candidate) => candidate.minutes === query.minutes);
  if (!option) throw fieldError(400, "minutes", BOOKING_MESSAGES.lengthUnavailable);
  const minutes = query.intro ? offer.introMinutes! : option.minutes;
  const { week, days } = await freeWeek(offer.guide.id, { minutes, weekParam: query.week ?? null, zone, now });
  return {
    guide: { id: offer.guide.id, name: offer.guide.name, timeZone: offer.guide.timeZone },
    paused: offer.paused,
    timeZone: zone,
    lengths: [
      ...(offer.introMinutes !== null ? [{ minutes: offer.introMinutes, priceCents: 0, intro: true }] : []),
      ...offer.options.map((candidate) => ({ minutes: candidate.minutes, priceCents: offer.payWhatYouWant ? null : candidate.priceCents, intro: false })),
    ],
    payWhatYouWant: offer.payWhatYouWant,
    minutes,
    intro: query.intro,
    week,
    days: offer.paused ? [] : days.map((day) => ({ key: day.key, label: day.label, times: day.times.map((time) => time.toISOString()) })),
  };
}
