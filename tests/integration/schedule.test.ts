/**
 * The guide's schedule: the Availability and Pricing screens (real Requests through the built app), and the schedule
 * module's free times, claims and kept "nextFreeAt" against the real database.
 */
import { TZDate } from "@date-fns/tz";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { queueRecurringJob, runDueJobs } from "#app/lib/jobs.server.ts";
import "#app/jobs.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import {
  NEXT_FREE_REFRESH_JOB,
  freeTimes,
  isFreeTime,
  refreshNextFreeAt,
  refreshPassedNextFreeAt,
} from "#app/modules/schedule/schedule.server.ts";
import { SCHEDULE_MESSAGES } from "#app/modules/schedule/schema.ts";
import { createPerson, send, signIn } from "#tests/app.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const AVAILABILITY = "/mentor-dashboard/availability";
const PRICING = "/mentor-dashboard/pricing";

/**
 * A form POST as a browser without JavaScript sends it; a field whose value is a list (checked boxes) repeats.
 */
function postForm(pathname: string, fields: Record<string, string | string[]>, cookie?: string) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return send(pathname, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" }, cookie });
}

const text = async (response: Response) =>
  (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** A signed-in, approved guide with a profile, in `timeZone`. */
async function signedInGuide(timeZone = "America/Chicago", hourlyRateCents = 9000) {
  const guide = await signIn("guide");
  await prisma.user.update({ where: { id: guide.person.id }, data: { timeZone } });
  await prisma.guideProfile.create({ data: { userId: guide.person.id, hourlyRateCents } });
  return guide;
}

/** The Availability form as a browser sends it: Monday and Wednesday 09:00–12:00, 30 and 60 minutes. */
const availabilityForm = (extra: Record<string, string | string[]> = {}) => ({
  timeZone: "America/Chicago",
  "hours[0].weekday": "1",
  "hours[0].start": "09:00",
  "hours[0].end": "12:00",
  "hours[1].weekday": "3",
  "hours[1].start": "13:00",
  "hours[1].end": "17:00",
  "overrides[0].date": "2099-12-25",
  lengths: ["30", "60"],
  bufferMinutes: "15",
  noticeHours: "48",
  horizonDays: "30",
  reviewsRequests: "on",
  meetingUrl: "https://meet.example.com/pastor-room",
  ...extra,
});

beforeAll(async () => {
  await prisma.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, minimumNoticeHours: 24, maxAdvanceDays: 90 }, update: { minimumNoticeHours: 24, maxAdvanceDays: 90 } });
});

describe("the Availability screen", () => {
  test("a guide saves weekly hours, an override, lengths and rules, with a toast, and sees them again", async () => {
    const guide = await signedInGuide();
    const saved = await postForm(AVAILABILITY, availabilityForm(), guide.cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(AVAILABILITY);
    expect(saved.headers.getSetCookie().join(";")).toContain("mm_toast");

    const id = guide.person.id;
    const weekly = await prisma.availability.findMany({ where: { guideId: id }, orderBy: { weekday: "asc" } });
    expect(weekly.map((row) => [row.weekday, row.startTime, row.endTime])).toEqual([[1, "09:00", "12:00"], [3, "13:00", "17:00"]]);
    expect(await prisma.availabilityOverride.findMany({ where: { guideId: id }, select: { date: true, startTime: true, endTime: true } })).toEqual([
      { date: "2099-12-25", startTime: null, endTime: null },
    ]);
    const options = await prisma.sessionOption.findMany({ where: { guideId: id }, orderBy: { minutes: "asc" } });
    // New lengths start at the hourly rate ($90) scaled: $45 and $90.
    expect(options.map((option) => [option.minutes, option.priceCents])).toEqual([[30, 4500], [60, 9000]]);
    const profile = await prisma.guideProfile.findUniqueOrThrow({ where: { userId: id } });
    expect(profile).toMatchObject({ bufferMinutes: 15, noticeHours: 48, horizonDays: 30, bookingPaused: false, reviewsRequests: true, meetingUrl: "https://meet.example.com/pastor-room" });
    // Saving rules keeps the soonest free time: a Monday or Wednesday, at least 48 hours away.
    expect(profile.nextFreeAt).not.toBeNull();
    expect(profile.nextFreeAt!.getTime()).toBeGreaterThanOrEqual(Date.now() + 47 * HOUR);
    expect([1, 3]).toContain(new TZDate(profile.nextFreeAt!.getTime(), "America/Chicago").getDay());

    const html = await text(await send(AVAILABILITY, { cookie: guide.cookie }));
    expect(html).toContain('value="09:00"');
    expect(html).toContain('value="13:00"');
    expect(html).toContain('value="2099-12-25"');
    expect(html).toContain("https://meet.example.com/pastor-room");
    // Without JavaScript the zone is a select of the zones' names, the guide's own first and chosen.
    expect(html).toMatch(/<optgroup label="Suggested"><option value="America\/Chicago" selected="">Central Time \(America\/Chicago\), GMT-[56]<\/option>/);
    // The preview names the guide's zone and lists times in it.
    expect(html).toContain("Your next free times");
    expect(html).toMatch(/shown in your time zone: <strong[^>]*>Central Time \(America\/Chicago\)<\/strong>/);
    const first = profile.nextFreeAt!.toISOString();
    expect(html).toContain(`dateTime="${first}"`);
    const chicago = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: "America/Chicago" });
    expect(html).toContain(chicago.format(profile.nextFreeAt!));
  });

  test("a date added but not chosen asks for the date in words, not in a format the date picker does not show", async () => {
    const guide = await signedInGuide();
    const response = await postForm(AVAILABILITY, availabilityForm({ "overrides[0].date": "" }), guide.cookie);
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toContain(SCHEDULE_MESSAGES.dateRequired);
    expect(html).not.toContain(SCHEDULE_MESSAGES.dateInvalid);
    // The rest of what was typed stays, and nothing is saved.
    expect(html).toContain('value="13:00"');
    expect(await prisma.availability.count({ where: { guideId: guide.person.id } })).toBe(0);
  });

  test("adding and removing a range without JavaScript keeps what was typed and saves nothing", async () => {
    const guide = await signedInGuide();
    const added = await postForm(AVAILABILITY, { ...availabilityForm(), __intent__: JSON.stringify({ type: "insert", payload: { name: "hours", defaultValue: { weekday: "5", start: "09:00", end: "17:00" } } }) }, guide.cookie);
    expect(added.status).toBe(200);
    const html = await text(added);
    expect(html).toContain('aria-label="Remove Friday hours 1"');
    expect(html).toContain('value="13:00"');
    expect(await prisma.availability.count({ where: { guideId: guide.person.id } })).toBe(0);
  });

  test("bad input is a 400 with the message beside the field, keeps the input and writes nothing", async () => {
    const guide = await signedInGuide();
    const response = await postForm(AVAILABILITY, availabilityForm({ "hours[0].end": "08:00", "hours[1].start": "13:07" }), guide.cookie);
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toContain(SCHEDULE_MESSAGES.endAfterStart);
    expect(html).toContain(SCHEDULE_MESSAGES.timeInvalid);
    expect(html).toContain('value="13:07"');
    expect(html).toContain("https://meet.example.com/pastor-room");
    expect(await prisma.availability.count({ where: { guideId: guide.person.id } })).toBe(0);

    const overlap = await postForm(AVAILABILITY, availabilityForm({ "hours[1].weekday": "1", "hours[1].start": "11:00", "hours[1].end": "13:00" }), guide.cookie);
    expect(overlap.status).toBe(400);
    expect(await text(overlap)).toContain(SCHEDULE_MESSAGES.overlap);

    const noLengths = await postForm(AVAILABILITY, availabilityForm({ lengths: [] }), guide.cookie);
    expect(noLengths.status).toBe(400);
    expect(await text(noLengths)).toContain(SCHEDULE_MESSAGES.lengthsRequired);

    const badLink = await postForm(AVAILABILITY, availabilityForm({ meetingUrl: "javascript:alert(1)" }), guide.cookie);
    expect(badLink.status).toBe(400);
    expect(await text(badLink)).toContain(SCHEDULE_MESSAGES.meetingUrlInvalid);

    const badZone = await postForm(AVAILABILITY, availabilityForm({ timeZone: "Mars/Olympus_Mons" }), guide.cookie);
    expect(badZone.status).toBe(400);
    expect(await text(badZone)).toContain(SCHEDULE_MESSAGES.timeZoneInvalid);
  });

  test("notice below the admin's minimum and a window past the admin's maximum are refused", async () => {
    const guide = await signedInGuide();
    await prisma.platformSettings.update({ where: { id: 1 }, data: { minimumNoticeHours: 36, maxAdvanceDays: 45 } });
    try {
      const response = await postForm(AVAILABILITY, availabilityForm({ noticeHours: "24", horizonDays: "60" }), guide.cookie);
      expect(response.status).toBe(400);
      const html = await text(response);
      expect(html).toContain(SCHEDULE_MESSAGES.noticeTooShort(36));
      expect(html).toContain(SCHEDULE_MESSAGES.horizonTooLong(45));
      expect(html).toContain('value="24"');
      const profile = await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.person.id } });
      expect(profile).toMatchObject({ noticeHours: 24, horizonDays: 60 }); // the defaults: nothing written
      // The screen states the limits.
      expect(await text(await send(AVAILABILITY, { cookie: guide.cookie }))).toContain("Notice is at least 36 hours and the window at most 45 days");
    } finally {
      await prisma.platformSettings.update({ where: { id: 1 }, data: { minimumNoticeHours: 24, maxAdvanceDays: 90 } });
    }
  });

  test("a guide who offers no length yet finds 60 minutes (the length their application priced) ticked; a guide's own choice stays theirs", async () => {
    const checkedLengths = (page: string) => [...page.matchAll(/<input[^>]*name="lengths"[^>]*>/g)].filter(([input]) => / checked=""/.test(input)).map(([input]) => /value="(\d+)"/.exec(input)![1]);
    const fresh = await signedInGuide();
    expect(checkedLengths(await text(await send(AVAILABILITY, { cookie: fresh.cookie })))).toEqual(["60"]);
    const chosen = await signedInGuide();
    await prisma.sessionOption.create({ data: { guideId: chosen.person.id, minutes: 30, priceCents: 4500 } });
    expect(checkedLengths(await text(await send(AVAILABILITY, { cookie: chosen.cookie })))).toEqual(["30"]);
  });

  test("each guide sees and edits only their own; mentees and signed-out visitors never reach it", async () => {
    const owner = await signedInGuide("Europe/London");
    await postForm(AVAILABILITY, availabilityForm({ timeZone: "Europe/London", meetingUrl: "https://meet.example.com/owner-only" }), owner.cookie);
    const other = await signedInGuide("America/New_York");
    const page = await text(await send(AVAILABILITY, { cookie: other.cookie }));
    expect(page).not.toContain("owner-only");
    expect(page).toContain("Unavailable");
    // The other guide's save changes their own rows only, whatever the form says.
    await postForm(AVAILABILITY, availabilityForm({ timeZone: "America/New_York", meetingUrl: "https://meet.example.com/other", "hours[0].start": "06:00" }), other.cookie);
    const ownerHours = await prisma.availability.findMany({ where: { guideId: owner.person.id }, orderBy: { weekday: "asc" } });
    expect(ownerHours.map((row) => row.startTime)).toEqual(["09:00", "13:00"]);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: owner.person.id } })).timeZone).toBe("Europe/London");
    expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: owner.person.id } })).meetingUrl).toBe("https://meet.example.com/owner-only");

    const mentee = await signIn("user");
    const asMentee = await postForm(AVAILABILITY, availabilityForm(), mentee.cookie);
    expect(asMentee.status).toBe(302);
    expect(asMentee.headers.get("Location")).not.toBe(AVAILABILITY);
    expect(await prisma.availability.count({ where: { guideId: mentee.person.id } })).toBe(0);
    const signedOut = await send(AVAILABILITY);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toContain("/login");
  });
});

describe("the Pricing screen", () => {
  async function guideWithLengths() {
    const guide = await signedInGuide("America/Chicago", 9000);
    await postForm(AVAILABILITY, availabilityForm({ lengths: ["30", "90"] }), guide.cookie);
    return guide;
  }

  test("a guide prices each offered length; search's hourly price follows", async () => {
    const guide = await guideWithLengths();
    const page = await text(await send(PRICING, { cookie: guide.cookie }));
    expect(page).toContain("30 minutes");
    expect(page).toContain("90 minutes");
    expect(page).toContain('value="45"'); // $90/hour scaled to 30 minutes

    const saved = await postForm(PRICING, { "prices[0].minutes": "30", "prices[0].price": "40", "prices[1].minutes": "90", "prices[1].price": "105.50", freeIntroMinutes: "15" }, guide.cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.getSetCookie().join(";")).toContain("mm_toast");
    const options = await prisma.sessionOption.findMany({ where: { guideId: guide.person.id }, orderBy: { minutes: "asc" } });
    expect(options.map((option) => [option.minutes, option.priceCents])).toEqual([[30, 4000], [90, 10550]]);
    const profile = await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.person.id } });
    // No 60-minute session: the shortest's price scaled to an hour.
    expect(profile).toMatchObject({ hourlyRateCents: 8000, payWhatYouWant: false, suggestedCents: null, minimumCents: null, freeIntroMinutes: 15 });
    const shown = await text(await send(PRICING, { cookie: guide.cookie }));
    expect(shown).toContain("Your profile and Find a Mentor show “from $40.00 for 30 minutes”.");
    // The free intro session in the booking dialog's own words.
    expect(shown).toContain("The booking dialog also offers each new mentee “Free for 15 minutes · introduction”.");
    // The hour's price is what the search's price filter and sort use, not what its cards show (they show the line above).
    expect(shown).toContain("Find a Mentor's “Price for an hour” filter and its price sort use your 60-minute price");
    expect(shown).not.toContain("Find a Mentor shows your 60-minute price");

    // Offering 60 minutes makes its price the hourly one.
    await postForm(AVAILABILITY, availabilityForm({ lengths: ["30", "60", "90"] }), guide.cookie);
    await postForm(PRICING, { "prices[0].minutes": "30", "prices[0].price": "40", "prices[1].minutes": "60", "prices[1].price": "75", "prices[2].minutes": "90", "prices[2].price": "105.50" }, guide.cookie);
    expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.person.id } })).hourlyRateCents).toBe(7500);
  });

  test("a guide just approved prices the hour their application priced, before choosing any lengths", async () => {
    const guide = await signedInGuide("America/Chicago", 7500);
    const page = await text(await send(PRICING, { cookie: guide.cookie }));
    expect(page).toContain("Your profile and Find a Mentor show “$75.00 for 60 minutes”.");
    // The hour mentees can book has its price field, with the application's price in it.
    expect(page).toContain("60 minutes");
    expect(page).toContain('value="75"');
    expect(page).not.toContain("Choose the session lengths you offer on the");

    // Written as a price is written ("$80.00"), it is taken as the dollars it says.
    const saved = await postForm(PRICING, { "prices[0].minutes": "60", "prices[0].price": "$80.00" }, guide.cookie);
    expect(saved.status).toBe(302);
    const options = await prisma.sessionOption.findMany({ where: { guideId: guide.person.id } });
    expect(options.map((option) => [option.minutes, option.priceCents])).toEqual([[60, 8000]]);
    expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.person.id } })).hourlyRateCents).toBe(8000);
    expect(await text(await send(PRICING, { cookie: guide.cookie }))).toContain("Your profile and Find a Mentor show “$80.00 for 60 minutes”.");
  });

  test("pay what you want with a suggested and a minimum amount", async () => {
    const guide = await guideWithLengths();
    const saved = await postForm(PRICING, { "prices[0].minutes": "30", "prices[0].price": "", "prices[1].minutes": "90", "prices[1].price": "", payWhatYouWant: "on", suggested: "60", minimum: "20" }, guide.cookie);
    expect(saved.status).toBe(302);
    const profile = await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.person.id } });
    expect(profile).toMatchObject({ payWhatYouWant: true, suggestedCents: 6000, minimumCents: 2000, hourlyRateCents: 6000, freeIntroMinutes: null });
    const shown = await text(await send(PRICING, { cookie: guide.cookie }));
    expect(shown).toContain("Mentees choose what they pay; your profile and Find a Mentor show “Pay what you want”.");
    // No intro session offered, none mentioned.
    expect(shown).not.toContain("The booking dialog also offers");
    // Blank prices under pay what you want keep the ones there were.
    const options = await prisma.sessionOption.findMany({ where: { guideId: guide.person.id }, orderBy: { minutes: "asc" } });
    expect(options.map((option) => option.priceCents)).toEqual([4500, 13500]);
  });

  test("bad prices are a 400 with the message, keeping the input", async () => {
    const guide = await guideWithLengths();
    const response = await postForm(PRICING, { "prices[0].minutes": "30", "prices[0].price": "forty", "prices[1].minutes": "90", "prices[1].price": "" }, guide.cookie);
    expect(response.status).toBe(400);
    const html = await text(response);
    expect(html).toContain(SCHEDULE_MESSAGES.priceInvalid);
    expect(html).toContain('value="forty"');
    const pwyw = await postForm(PRICING, { payWhatYouWant: "on", suggested: "20", minimum: "50" }, guide.cookie);
    expect(pwyw.status).toBe(400);
    expect(await text(pwyw)).toContain(SCHEDULE_MESSAGES.minimumAboveSuggested);
    const intro = await postForm(PRICING, { "prices[0].minutes": "30", "prices[0].price": "40", "prices[1].minutes": "90", "prices[1].price": "100", freeIntroMinutes: "20" }, guide.cookie);
    expect(intro.status).toBe(400);
    expect(await text(intro)).toContain(SCHEDULE_MESSAGES.introInvalid);
    expect((await prisma.sessionOption.findMany({ where: { guideId: guide.person.id } })).map((option) => option.priceCents).sort((a, b) => a - b)).toEqual([4500, 13500]);
  });

  test("another guide's prices are never touched", async () => {
    const owner = await guideWithLengths();
    const other = await signedInGuide();
    await postForm(PRICING, { "prices[0].minutes": "30", "prices[0].price": "1" }, other.cookie);
    expect((await prisma.sessionOption.findMany({ where: { guideId: owner.person.id } })).map((option) => option.priceCents).sort((a, b) => a - b)).toEqual([4500, 13500]);
    expect(await prisma.sessionOption.count({ where: { guideId: other.person.id } })).toBe(0);
  });
});

describe("free times from rules minus claims", () => {
  /** A UTC guide free every day 09:00–12:00, 60-minute sessions, no notice beyond the platform's 24 hours. */
  async function openGuide() {
    const guide = await createPerson("guide");
    await prisma.guideProfile.create({ data: { userId: guide.id, bufferMinutes: 0, noticeHours: 24, horizonDays: 30 } });
    await prisma.availability.createMany({ data: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ guideId: guide.id, weekday, startTime: "09:00", endTime: "12:00" })) });
    await prisma.sessionOption.create({ data: { guideId: guide.id, minutes: 60, priceCents: 5000 } });
    return guide;
  }
  const dayAt = (days: number, hour: number) => new Date(`${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T${String(hour).padStart(2, "0")}:00:00.000Z`);

  async function claim(guideId: number, startsAt: Date, minutes: number, expiresAt: Date | null) {
    const mentee = await createPerson("user");
    const booking = await prisma.booking.create({ data: { userId: mentee.id, guideId, topic: "Claim", startsAt, durationMinutes: minutes, status: expiresAt ? "held" : "confirmed" } });
    await prisma.timeClaim.createMany({ data: blocksFor(startsAt, minutes, 0).map((blockStart) => ({ guideId, blockStart, bookingId: booking.id, expiresAt })) });
    return booking;
  }

  test("claimed time is not free; a hold that ran out is", async () => {
    const guide = await openGuide();
    const now = new Date();
    const from = dayAt(3, 0);
    const to = dayAt(4, 0);
    const all = (await freeTimes(guide.id, { minutes: 60, from, to, now })).map((date) => date.toISOString());
    expect(all).toEqual([dayAt(3, 9), new Date(dayAt(3, 9).getTime() + HOUR / 2), dayAt(3, 10), new Date(dayAt(3, 10).getTime() + HOUR / 2), dayAt(3, 11)].map((date) => date.toISOString()));

    await claim(guide.id, dayAt(3, 10), 60, null);
    const held = await claim(guide.id, dayAt(3, 9), 30, new Date(now.getTime() + 10 * 60_000));
    expect((await freeTimes(guide.id, { minutes: 60, from, to, now })).map((date) => date.toISOString())).toEqual([dayAt(3, 11).toISOString()]);
    expect(await isFreeTime(guide.id, dayAt(3, 9), 60, now)).toBe(false);
    expect(await isFreeTime(guide.id, dayAt(3, 11), 60, now)).toBe(true);

    // The hold runs out: its claims no longer count.
    const later = new Date(now.getTime() + 11 * 60_000);
    expect(await isFreeTime(guide.id, dayAt(3, 9), 30, later)).toBe(true);
    expect(await isFreeTime(guide.id, dayAt(3, 9), 60, later)).toBe(true);
    await prisma.timeClaim.deleteMany({ where: { bookingId: held.id } });
  });

  test("notice and the booking window come from the guide, capped by the platform", async () => {
    const guide = await openGuide();
    const now = new Date();
    const times = await freeTimes(guide.id, { minutes: 60, now });
    expect(times[0].getTime()).toBeGreaterThanOrEqual(now.getTime() + 24 * HOUR);
    expect(times.at(-1)!.getTime()).toBeLessThan(now.getTime() + 30 * DAY);
    await prisma.platformSettings.update({ where: { id: 1 }, data: { maxAdvanceDays: 10 } });
    try {
      const capped = await freeTimes(guide.id, { minutes: 60, now });
      expect(capped.at(-1)!.getTime()).toBeLessThan(now.getTime() + 10 * DAY);
    } finally {
      await prisma.platformSettings.update({ where: { id: 1 }, data: { maxAdvanceDays: 90 } });
    }
  });

  test("refreshNextFreeAt keeps the soonest free start of the shortest length, NULL when none", async () => {
    const guide = await openGuide();
    await prisma.sessionOption.create({ data: { guideId: guide.id, minutes: 30, priceCents: 3000 } });
    const now = new Date();
    await refreshNextFreeAt([guide.id], now);
    const soonest = (await freeTimes(guide.id, { minutes: 30, now, limit: 1 }))[0];
    const kept = async () => (await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.id } })).nextFreeAt;
    expect((await kept())?.toISOString()).toBe(soonest.toISOString());
    await prisma.guideProfile.update({ where: { userId: guide.id }, data: { bookingPaused: true } });
    await refreshNextFreeAt([guide.id], now);
    expect(await kept()).toBeNull();
    await prisma.guideProfile.update({ where: { userId: guide.id }, data: { bookingPaused: false } });
    await prisma.availability.deleteMany({ where: { guideId: guide.id } });
    await refreshNextFreeAt([guide.id], now);
    expect(await kept()).toBeNull();
  });

  test("the job refreshes guides whose soonest time has passed and queues itself every 15 minutes", async () => {
    const guide = await openGuide();
    const stale = new Date(Date.now() - HOUR);
    await prisma.guideProfile.update({ where: { userId: guide.id }, data: { nextFreeAt: stale } });
    const now = new Date();
    await queueRecurringJob(NEXT_FREE_REFRESH_JOB, new Date(now.getTime() - 16 * 60_000));
    await queueRecurringJob(NEXT_FREE_REFRESH_JOB, new Date(now.getTime() - 16 * 60_000)); // asked twice (two servers): queued once
    expect(await prisma.job.count({ where: { kind: NEXT_FREE_REFRESH_JOB, doneAt: null } })).toBe(1);
    expect(await runDueJobs(now)).toBeGreaterThanOrEqual(1);
    const kept = (await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.id } })).nextFreeAt!;
    expect(kept.getTime()).toBeGreaterThan(now.getTime() + 23 * HOUR);
    const next = await prisma.job.findFirstOrThrow({ where: { kind: NEXT_FREE_REFRESH_JOB, doneAt: null } });
    expect(next.runAt.getTime()).toBeGreaterThan(now.getTime());
    expect(next.runAt.getTime()).toBeLessThanOrEqual(now.getTime() + 15 * 60_000);
    expect(await refreshPassedNextFreeAt(now)).toBe(0);
  });
});
