import { TZDate } from "@date-fns/tz";
import { describe, expect, test } from "vitest";
import { blocksFor } from "./blocks.ts";
import { computeFreeTimes, isFree, openIntervals, soonestFreeStart, withinPlatformBounds, type ScheduleRules } from "./free-times.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function rules(overrides: Partial<ScheduleRules> = {}): ScheduleRules {
  const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startTime: "09:00", endTime: "17:00" }));
  return { timeZone: "UTC", weekly: everyDay, overrides: [], bufferMinutes: 0, noticeHours: 0, horizonDays: 365, paused: false, ...overrides };
}

/** Wall-clock "HH:MM" of an instant in a zone. */
const wall = (at: Date, timeZone: string) => {
  const local = new TZDate(at.getTime(), timeZone);
  return `${String(local.getHours()).padStart(2, "0")}:${String(local.getMinutes()).padStart(2, "0")}`;
};
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

/** The free starts on one local date of `timeZone` (midnight to midnight there). */
function onLocalDay(r: ScheduleRules, date: string, minutes: number, now = new Date("2026-01-01T00:00:00Z"), busy?: Iterable<Date | number>) {
  const [y, m, d] = date.split("-").map(Number);
  const from = new TZDate(y, m - 1, d, 0, 0, r.timeZone);
  const to = new TZDate(y, m - 1, d + 1, 0, 0, r.timeZone);
  return computeFreeTimes(r, { minutes, from, to, now, busy });
}

describe("daylight-saving changes", () => {
  const cases = [
    { zone: "America/New_York", date: "2026-03-08", first: "2026-03-08T13:00:00.000Z", change: "spring forward (EST to EDT)" },
    { zone: "America/New_York", date: "2026-11-01", first: "2026-11-01T14:00:00.000Z", change: "fall back (EDT to EST)" },
    { zone: "Europe/London", date: "2026-03-29", first: "2026-03-29T08:00:00.000Z", change: "spring forward (GMT to BST)" },
    { zone: "Europe/London", date: "2026-10-25", first: "2026-10-25T09:00:00.000Z", change: "fall back (BST to GMT)" },
  ];
  for (const { zone, date, first, change } of cases) {
    test(`a 09:00–17:00 guide in ${zone} still starts at 09:00 local on ${date}, ${change}`, () => {
      const r = rules({ timeZone: zone });
      const starts = onLocalDay(r, date, 60);
      expect(starts[0].toISOString()).toBe(first);
      expect(wall(starts[0], zone)).toBe("09:00");
      expect(wall(starts.at(-1)!, zone)).toBe("16:00");
      // 09:00, 09:30 … 16:00: fifteen starts, every one on the local hour or half hour.
      expect(starts).toHaveLength(15);
      expect(starts.map((start) => wall(start, zone))).toEqual(
        Array.from({ length: 15 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`),
      );
    });
  }

  test("hours across 02:00 on the New York spring day offer no time that does not exist", () => {
    const r = rules({ timeZone: "America/New_York", weekly: [{ weekday: 0, startTime: "01:00", endTime: "04:00" }] });
    const starts = onLocalDay(r, "2026-03-08", 30);
    // 01:00–04:00 on the clock is two real hours: 01:00 and 01:30 EST, then 03:00 and 03:30 EDT.
    expect(iso(starts)).toEqual(["2026-03-08T06:00:00.000Z", "2026-03-08T06:30:00.000Z", "2026-03-08T07:00:00.000Z", "2026-03-08T07:30:00.000Z"]);
    expect(starts.map((start) => wall(start, "America/New_York"))).toEqual(["01:00", "01:30", "03:00", "03:30"]);
    expect(starts.some((start) => wall(start, "America/New_York").startsWith("02:"))).toBe(false);
  });

  test("hours across 02:00 on the London spring day skip the missing hour too", () => {
    const r = rules({ timeZone: "Europe/London", weekly: [{ weekday: 0, startTime: "00:30", endTime: "03:00" }] });
    const starts = onLocalDay(r, "2026-03-29", 30);
    expect(starts.map((start) => wall(start, "Europe/London"))).toEqual(["00:30", "02:00", "02:30"]);
    expect(starts.some((start) => wall(start, "Europe/London").startsWith("01:"))).toBe(false);
  });

  test("the repeated hour of a fall-back day is offered once per real instant", () => {
    const r = rules({ timeZone: "America/New_York", weekly: [{ weekday: 0, startTime: "00:00", endTime: "03:00" }] });
    const starts = onLocalDay(r, "2026-11-01", 60);
    expect(new Set(iso(starts)).size).toBe(starts.length);
    // Midnight EDT to 03:00 EST is four real hours: starts every half hour up to an hour before the end.
    expect(starts[0].toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(starts.at(-1)!.toISOString()).toBe("2026-11-01T07:00:00.000Z");
    expect(starts).toHaveLength(7);
  });
});

test("a guide in Chicago and a mentee in Berlin see the same instants", () => {
  // Monday 16 March 2026: Chicago is already on summer time (UTC-5), Berlin not yet (UTC+1).
  const guide = rules({ timeZone: "America/Chicago", weekly: [{ weekday: 1, startTime: "09:00", endTime: "11:00" }] });
  const now = new Date("2026-03-01T00:00:00Z");
  const guideDay = onLocalDay(guide, "2026-03-16", 60, now);
  // The mentee asks for their own Monday and Tuesday in Berlin: the same starts come back.
  const menteeDays = computeFreeTimes(guide, {
    minutes: 60,
    from: new TZDate(2026, 2, 16, 0, 0, "Europe/Berlin"),
    to: new TZDate(2026, 2, 18, 0, 0, "Europe/Berlin"),
    now,
  });
  expect(iso(menteeDays)).toEqual(iso(guideDay));
  expect(iso(guideDay)).toEqual(["2026-03-16T14:00:00.000Z", "2026-03-16T14:30:00.000Z", "2026-03-16T15:00:00.000Z"]);
  expect(guideDay.map((start) => wall(start, "America/Chicago"))).toEqual(["09:00", "09:30", "10:00"]);
  expect(guideDay.map((start) => wall(start, "Europe/Berlin"))).toEqual(["15:00", "15:30", "16:00"]);
});

describe("rules", () => {
  const day = "2026-06-10"; // a Wednesday

  test("the buffer after a booked session keeps the next start away, and a new session's buffer must not reach a booking", () => {
    const r = rules({ bufferMinutes: 15 });
    const busy = blocksFor(new Date(`${day}T11:00:00Z`), 60, 15); // 11:00–12:15 taken
    const starts = iso(onLocalDay(r, day, 60, undefined, busy));
    expect(starts).toContain(`${day}T09:30:00.000Z`); // 09:30–10:30, buffer to 10:45
    expect(starts).not.toContain(`${day}T10:00:00.000Z`); // its buffer would run into 11:00
    expect(starts).not.toContain(`${day}T11:00:00.000Z`);
    expect(starts).not.toContain(`${day}T12:00:00.000Z`); // the booking's buffer
    expect(starts).toContain(`${day}T12:30:00.000Z`);
    // Without the buffer, 10:00 fits before the booking.
    const noBuffer = iso(onLocalDay(rules(), day, 60, undefined, blocksFor(new Date(`${day}T11:00:00Z`), 60, 0)));
    expect(noBuffer).toContain(`${day}T10:00:00.000Z`);
    expect(noBuffer).toContain(`${day}T12:00:00.000Z`);
  });

  test("the session must fit in the hours; its buffer may run past them", () => {
    const starts = onLocalDay(rules({ bufferMinutes: 30 }), day, 90);
    expect(starts.at(-1)!.toISOString()).toBe(`${day}T15:30:00.000Z`);
  });

  test("notice: nothing sooner than now plus the notice hours", () => {
    const now = new Date(`${day}T09:10:00Z`);
    const starts = onLocalDay(rules({ noticeHours: 2 }), day, 30, now);
    expect(starts[0].toISOString()).toBe(`${day}T11:30:00.000Z`);
    expect(onLocalDay(rules({ noticeHours: 0 }), day, 30, now)[0].toISOString()).toBe(`${day}T09:30:00.000Z`);
  });

  test("horizon: nothing later than now plus the horizon days", () => {
    const now = new Date(`${day}T12:00:00Z`);
    const starts = computeFreeTimes(rules({ horizonDays: 3 }), { minutes: 60, from: now, to: new Date(now.getTime() + 30 * DAY), now });
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.at(-1)!.getTime()).toBeLessThan(now.getTime() + 3 * DAY);
    expect(starts.at(-1)!.toISOString()).toBe("2026-06-13T11:30:00.000Z");
  });

  test("paused: no free times at all", () => {
    expect(onLocalDay(rules({ paused: true }), day, 60)).toEqual([]);
  });

  test("a day-off override removes that date; other dates keep their hours", () => {
    const r = rules({ overrides: [{ date: day, startTime: null, endTime: null }] });
    expect(onLocalDay(r, day, 60)).toEqual([]);
    expect(onLocalDay(r, "2026-06-11", 60)).toHaveLength(15);
  });

  test("an override with hours replaces the weekly hours, and opens a day with none", () => {
    const weekdaysOnly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startTime: "09:00", endTime: "17:00" }));
    const r = rules({
      weekly: weekdaysOnly,
      overrides: [
        { date: "2026-06-13", startTime: "10:00", endTime: "12:00" }, // a Saturday: extra hours
        { date: day, startTime: "18:00", endTime: "19:00" },
        { date: day, startTime: "07:00", endTime: "08:00" },
      ],
    });
    expect(onLocalDay(r, "2026-06-14", 60)).toEqual([]); // Sunday: no hours
    expect(iso(onLocalDay(r, "2026-06-13", 60))).toEqual(["2026-06-13T10:00:00.000Z", "2026-06-13T10:30:00.000Z", "2026-06-13T11:00:00.000Z"]);
    expect(iso(onLocalDay(r, day, 60))).toEqual([`${day}T07:00:00.000Z`, `${day}T18:00:00.000Z`]);
  });

  test("busy blocks remove every overlapping start, for every length", () => {
    const bookingStart = new Date(`${day}T13:00:00Z`);
    for (const minutes of [15, 30, 45, 60, 90]) {
      for (const bufferMinutes of [0, 15, 30]) {
        const r = rules({ bufferMinutes });
        const busyBlocks = blocksFor(bookingStart, 45, bufferMinutes);
        const busy = new Set(busyBlocks.map((block) => block.getTime()));
        const free = onLocalDay(r, day, minutes, undefined, busyBlocks);
        const all = onLocalDay(r, day, minutes);
        const overlapping = all.filter((start) => blocksFor(start, minutes, bufferMinutes).some((block) => busy.has(block.getTime())));
        expect(overlapping.length, `${minutes} min, buffer ${bufferMinutes}`).toBeGreaterThan(0);
        expect(iso(free)).toEqual(iso(all.filter((start) => !overlapping.includes(start))));
      }
    }
  });

  test("isFree says whether one start is bookable", () => {
    const now = new Date("2026-06-01T00:00:00Z");
    const r = rules();
    expect(isFree(r, new Date(`${day}T10:00:00Z`), 60, now)).toBe(true);
    expect(isFree(r, new Date(`${day}T10:15:00Z`), 60, now)).toBe(false); // off the half-hour grid
    expect(isFree(r, new Date(`${day}T16:30:00Z`), 60, now)).toBe(false); // would end after 17:00
    expect(isFree(r, new Date(`${day}T10:00:00Z`), 60, now, blocksFor(new Date(`${day}T10:30:00Z`), 30, 0))).toBe(false);
  });

  test("a limit stops at the soonest starts", () => {
    const now = new Date(`${day}T20:00:00Z`);
    const starts = computeFreeTimes(rules({ weekly: [{ weekday: 5, startTime: "08:00", endTime: "09:00" }] }), {
      minutes: 30, from: now, to: new Date(now.getTime() + 60 * DAY), now, limit: 1,
    });
    expect(iso(starts)).toEqual(["2026-06-12T08:00:00.000Z"]);
  });
});

test("touching ranges merge, so a session may span them", () => {
  const r = rules({ weekly: [{ weekday: 3, startTime: "09:00", endTime: "10:00" }, { weekday: 3, startTime: "10:00", endTime: "11:00" }] });
  expect(openIntervals(r, "2026-06-10", "2026-06-10")).toEqual([[Date.parse("2026-06-10T09:00:00Z"), Date.parse("2026-06-10T11:00:00Z")]]);
  expect(iso(onLocalDay(r, "2026-06-10", 90))).toEqual(["2026-06-10T09:00:00.000Z", "2026-06-10T09:30:00.000Z"]);
});

test("the soonest free start is of the shortest length, within the platform's bounds, after claimed time; none when paused", () => {
  const now = new Date("2026-06-09T12:00:00Z"); // a Tuesday
  const own = rules({ weekly: [{ weekday: 4, startTime: "09:00", endTime: "11:00" }], noticeHours: 1, horizonDays: 365 });
  // The platform asks for 24 hours' notice at least and lets no one book beyond 90 days.
  const bounded = withinPlatformBounds(own, { minimumNoticeHours: 24, maxAdvanceDays: 90 });
  expect(bounded).toMatchObject({ noticeHours: 24, horizonDays: 90 });
  expect(soonestFreeStart(bounded, [30, 60], [], now)?.toISOString()).toBe("2026-06-11T09:00:00.000Z");
  // Thursday's first hour claimed: the soonest 30 minutes left that day start at 10:00.
  const claimed = blocksFor(new Date("2026-06-11T09:00:00Z"), 60, 0);
  expect(soonestFreeStart(bounded, [30, 60], claimed, now)?.toISOString()).toBe("2026-06-11T10:00:00.000Z");
  expect(soonestFreeStart({ ...bounded, paused: true }, [30], [], now)).toBeNull();
  expect(soonestFreeStart(withinPlatformBounds(own, { minimumNoticeHours: 0, maxAdvanceDays: 0 }), [30], [], now)).toBeNull();
});
