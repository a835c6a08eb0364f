/**
 * Follow-ups of booking and payments:
 * - a session moves to a time overlapping its own (its claims do not stand in its way), never onto another booking's;
 * - a link to a booking (?booking=<id>, from the bell and e-mails) opens the tab and page that hold it, highlighted;
 * - GuideProfile."nextFreeAt" is refreshed by the recurring job for guides whose time passed or who had none;
 * - the hold-expiry job is cancelled by the key it was queued with.
 */
import { beforeAll, describe, expect, test } from "vitest";
import "#app/jobs.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { enqueue, queueRecurringJob, runDueJobs } from "#app/lib/jobs.server.ts";
import { createBooking as bookThroughFlow } from "#app/modules/bookings/booking-flow.server.ts";
import { bookingPlace } from "#app/modules/bookings/dashboard.server.ts";
import { freeWeek } from "#app/modules/bookings/free-week.server.ts";
import { cancelHoldExpiry, HOLD_EXPIRY_JOB, holdKey } from "#app/modules/bookings/hold-jobs.server.ts";
import { cancelBooking, rescheduleBooking } from "#app/modules/bookings/lifecycle.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import {
  freeTimes,
  isFreeTime,
  NEXT_FREE_REFRESH_JOB,
  refreshUnsetNextFreeAt,
} from "#app/modules/schedule/schedule.server.ts";
import { actorOf, createPerson, postForm, send, signIn } from "#tests/app.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
type Person = Awaited<ReturnType<typeof createPerson>>;

/** A free booking with its claimed time (as the booking flow leaves one). */
async function booked(guide: Person, mentee: Person, startsAt: Date, status = "confirmed", topic = "Preaching through Romans") {
  const booking = await prisma.booking.create({
    data: { userId: mentee.id, guideId: guide.id, topic, rateCents: 0, paymentStatus: "unpaid", status, startsAt, durationMinutes: 60 },
  });
  if (status === "confirmed" || status === "requested") {
    await prisma.timeClaim.createMany({ data: blocksFor(startsAt, 60, 0).map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: booking.id })) });
  }
  return booking;
}

/** The first free 60-minute start of a day `days` ahead that is the opening of the guide's hours (09:00 New York). */
async function morningStart(guideId: number, days: number) {
  const from = new Date(Date.now() + days * DAY);
  const times = await freeTimes(guideId, { minutes: 60, from, to: new Date(from.getTime() + 2 * DAY) });
  const morning = times.find((time) => new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(time) === "09:00");
  expect(morning).toBeDefined();
  return morning!;
}

describe("rescheduling into its own time", () => {
  let guide: Person;
  let mentee: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    guide = await createBookableGuide();
    mentee = await signIn("user");
    await prisma.user.update({ where: { id: mentee.person.id }, data: { timeZone: "America/New_York" } });
  });

  test("a 60-minute session moves 30 minutes later: offered in the dialog, and its claims are exactly the new blocks", async () => {
    const startsAt = await morningStart(guide.id, 5);
    const later = new Date(startsAt.getTime() + 30 * MINUTE);
    const booking = await booked(guide, mentee.person, startsAt);
    // Without leaving out its own claims, the overlapping time is busy; with them left out, it is free.
    expect(await isFreeTime(guide.id, later, 60)).toBe(false);
    expect(await isFreeTime(guide.id, later, 60, new Date(), { ignoreBookingId: booking.id })).toBe(true);
    const week = await freeWeek(guide.id, { minutes: 60, weekParam: null, zone: "America/New_York", except: startsAt, ignoreBookingId: booking.id, now: new Date(startsAt.getTime() - 2 * DAY) });
    const offered = week.days.flatMap((day) => day.times.map((time) => time.getTime()));
    expect(offered).toContain(later.getTime());
    expect(offered).not.toContain(startsAt.getTime());

    // The reschedule dialog offers it (its week, in the mentee's zone).
    const weekKey = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(startsAt);
    const dialog = await (await send(`/user-dashboard/bookings?reschedule=${booking.id}&week=${weekKey}`, { cookie: mentee.cookie })).text();
    expect(dialog).toContain(`value="${later.toISOString()}"`);
    expect(dialog).not.toContain(`value="${startsAt.toISOString()}"`);

    const response = await postForm(`/user-dashboard/bookings?reschedule=${booking.id}`, { intent: "reschedule", bookingId: String(booking.id), startsAt: later.toISOString() }, mentee.cookie);
    expect(response.status).toBe(302);
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).startsAt).toEqual(later);
    const claims = await prisma.timeClaim.findMany({ where: { guideId: guide.id, bookingId: booking.id }, orderBy: { blockStart: "asc" } });
    expect(claims.map((claim) => claim.blockStart)).toEqual(blocksFor(later, 60, 0));
    expect(claims.every((claim) => claim.expiresAt === null)).toBe(true);
  });

  test("another booking's time is still refused, also when it overlaps only part of the session", async () => {
    const startsAt = await morningStart(guide.id, 8);
    const mine = await booked(guide, mentee.person, startsAt);
    const theirs = await booked(guide, await createPerson("user"), new Date(startsAt.getTime() + 2 * HOUR), "confirmed", "Another mentee's session");
    // 90 minutes later would overlap the other session's first half hour.
    const overlapping = new Date(startsAt.getTime() + 90 * MINUTE);
    await expect(rescheduleBooking(actorOf(mentee.person), mine.id, overlapping)).rejects.toMatchObject({ status: 409, message: "That time is not free. Please choose another." });
    const weekKey = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(startsAt);
    const dialog = await (await send(`/user-dashboard/bookings?reschedule=${mine.id}&week=${weekKey}`, { cookie: mentee.cookie })).text();
    expect(dialog).not.toContain(`value="${overlapping.toISOString()}"`);
    expect(dialog).toContain(`value="${new Date(startsAt.getTime() + 60 * MINUTE).toISOString()}"`);
    // Nothing moved; both keep their claims.
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: mine.id } })).startsAt).toEqual(startsAt);
    expect(await prisma.timeClaim.count({ where: { bookingId: mine.id } })).toBe(4);
    expect(await prisma.timeClaim.count({ where: { bookingId: theirs.id } })).toBe(4);
  });

  test("moving into a time someone books at the same moment: one of the two gets it, the other a 409, nothing half-done", async () => {
    const startsAt = await morningStart(guide.id, 11);
    const mine = await booked(guide, mentee.person, startsAt);
    const target = new Date(startsAt.getTime() + 30 * MINUTE);
    const rival = await createPerson("user");
    const [moved, bookedMeanwhile] = await Promise.allSettled([
      rescheduleBooking(actorOf(mentee.person), mine.id, target),
      bookThroughFlow(rival.id, { guideId: guide.id, minutes: 60, startsAt: new Date(target.getTime() + 30 * MINUTE), topic: "Rival", intro: false }),
    ]);
    // The two overlap (10:00–10:30): exactly one wins; the claims' key decides when both passed the check.
    expect([moved.status, bookedMeanwhile.status].sort()).toEqual(["fulfilled", "rejected"]);
    const loser = moved.status === "rejected" ? moved : bookedMeanwhile;
    expect((loser as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    const session = await prisma.booking.findUniqueOrThrow({ where: { id: mine.id } });
    const claims = (await prisma.timeClaim.findMany({ where: { bookingId: mine.id }, orderBy: { blockStart: "asc" } })).map((claim) => claim.blockStart);
    // Whichever way it went, the session's time and its claims agree.
    expect(claims).toEqual(blocksFor(session.startsAt!, 60, 0));
    expect(session.startsAt).toEqual(moved.status === "fulfilled" ? target : startsAt);
  });
});

describe("a link to a booking", () => {
  let guide: Awaited<ReturnType<typeof signIn>>;
  let mentee: Awaited<ReturnType<typeof signIn>>;
  const upcoming: number[] = [];
  let past: number;
  let request: number;
  beforeAll(async () => {
    guide = await signIn("guide");
    await prisma.guideProfile.create({ data: { userId: guide.person.id, noticeHours: 1 } });
    mentee = await signIn("user");
    // Twelve upcoming sessions, a day apart: the soonest ten on page 1, the last two on page 2.
    const first = new Date(Math.ceil((Date.now() + 2 * DAY) / HOUR) * HOUR);
    for (let i = 0; i < 12; i++) upcoming.push((await booked(guide.person, mentee.person, new Date(first.getTime() + i * DAY), "confirmed", `Session ${i + 1}`)).id);
    past = (await booked(guide.person, mentee.person, new Date(Date.now() - 3 * DAY), "completed", "Last month's session")).id;
    request = (await booked(guide.person, mentee.person, new Date(first.getTime() + 40 * DAY), "requested", "A request")).id;
  });

  test("the server finds the booking's tab and page", async () => {
    const menteeActor = actorOf(mentee.person);
    const guideActor = actorOf(guide.person);
    expect(await bookingPlace(menteeActor, upcoming[0], 10)).toEqual({ tab: "upcoming", page: 1 });
    expect(await bookingPlace(menteeActor, upcoming[9], 10)).toEqual({ tab: "upcoming", page: 1 });
    expect(await bookingPlace(menteeActor, upcoming[10], 10)).toEqual({ tab: "upcoming", page: 2 });
    expect(await bookingPlace(menteeActor, upcoming[11], 5)).toEqual({ tab: "upcoming", page: 3 });
    expect(await bookingPlace(menteeActor, past, 10)).toEqual({ tab: "past", page: 1 });
    // The mentee sees a request among the upcoming ones; the guide on Requests.
    expect(await bookingPlace(menteeActor, request, 10)).toEqual({ tab: "upcoming", page: 2 });
    expect(await bookingPlace(guideActor, request, 10)).toEqual({ tab: "requests", page: 1 });
    expect(await bookingPlace(guideActor, upcoming[11], 10)).toEqual({ tab: "upcoming", page: 2 });
    // Another person's booking is on no tab of theirs.
    expect(await bookingPlace(actorOf((await signIn("user")).person), upcoming[0], 10)).toBeNull();
  });

  test("opens that tab and page with the card highlighted; on Upcoming page 1 it stays put", async () => {
    const to = await send(`/user-dashboard/bookings?booking=${upcoming[11]}`, { cookie: mentee.cookie });
    expect(to.status).toBe(302);
    expect(to.headers.get("Location")).toBe(`/user-dashboard/bookings?booking=${upcoming[11]}&tab=upcoming&page=2#booking-${upcoming[11]}`);
    const page = await (await send(to.headers.get("Location")!, { cookie: mentee.cookie })).text();
    expect(page).toMatch(new RegExp(`<article id="booking-${upcoming[11]}"[^>]*aria-current="true"`));
    // A link's target is ringed, not labelled: "Just booked" is for a booking just made or paid.
    expect(page).not.toContain("Just booked");
    expect(page).not.toContain("From your link");
    expect(page.match(/aria-current="true"/g)?.length).toBe(1);

    const pastLink = await send(`/user-dashboard/bookings?booking=${past}`, { cookie: mentee.cookie });
    expect(pastLink.headers.get("Location")).toBe(`/user-dashboard/bookings?booking=${past}&tab=past#booking-${past}`);

    const guideLink = await send(`/mentor-dashboard/bookings?booking=${request}`, { cookie: guide.cookie });
    expect(guideLink.headers.get("Location")).toBe(`/mentor-dashboard/bookings?booking=${request}&tab=requests#booking-${request}`);
    const requests = await (await send(guideLink.headers.get("Location")!, { cookie: guide.cookie })).text();
    expect(requests).toMatch(new RegExp(`<article id="booking-${request}"[^>]*aria-current="true"`));

    const first = await send(`/user-dashboard/bookings?booking=${upcoming[0]}`, { cookie: mentee.cookie });
    expect(first.status).toBe(200);
    expect(await first.text()).toMatch(new RegExp(`<article id="booking-${upcoming[0]}"[^>]*aria-current="true"`));
  });

  test("a tab or page the person chose wins; someone else's or a bad id highlights nothing", async () => {
    const chosen = await send(`/user-dashboard/bookings?booking=${upcoming[11]}&tab=past`, { cookie: mentee.cookie });
    expect(chosen.status).toBe(200);
    expect(await chosen.text()).not.toContain('aria-current="true"');
    const stranger = await signIn("user");
    const theirs = await send(`/user-dashboard/bookings?booking=${upcoming[11]}`, { cookie: stranger.cookie });
    expect(theirs.status).toBe(200);
    expect(await theirs.text()).not.toContain('aria-current="true"');
    const bad = await send("/user-dashboard/bookings?booking=abc", { cookie: mentee.cookie });
    expect(bad.status).toBe(200);
  });

  test("the bell's and e-mails' links carry the booking", async () => {
    await cancelBooking(actorOf(guide.person), upcoming[5], "Travelling");
    const notification = await prisma.notification.findFirstOrThrow({ where: { userId: mentee.person.id }, orderBy: { id: "desc" } });
    expect(notification.href).toBe(`/user-dashboard/bookings?booking=${upcoming[5]}`);
  });
});

describe("keeping nextFreeAt fresh", () => {
  test("the recurring job refreshes guides whose time passed and guides with none but hours; paused ones stay empty", async () => {
    const passed = await createBookableGuide();
    const unset = await createBookableGuide();
    const paused = await createBookableGuide();
    await prisma.guideProfile.update({ where: { userId: passed.id }, data: { nextFreeAt: new Date(Date.now() - HOUR) } });
    await prisma.guideProfile.update({ where: { userId: unset.id }, data: { nextFreeAt: null } });
    await prisma.guideProfile.update({ where: { userId: paused.id }, data: { nextFreeAt: null, bookingPaused: true } });
    const now = new Date();
    await queueRecurringJob(NEXT_FREE_REFRESH_JOB, new Date(now.getTime() - 16 * MINUTE));
    await queueRecurringJob(NEXT_FREE_REFRESH_JOB, new Date(now.getTime() - 16 * MINUTE));
    expect(await prisma.job.count({ where: { kind: NEXT_FREE_REFRESH_JOB, doneAt: null, runAt: { lte: now } } })).toBe(1);
    await runDueJobs(now);
    for (const guide of [passed, unset]) {
      const expected = (await freeTimes(guide.id, { minutes: 60, now, limit: 1 }))[0];
      expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.id } })).nextFreeAt?.toISOString()).toBe(expected.toISOString());
    }
    expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: paused.id } })).nextFreeAt).toBeNull();
    // It queued the next run itself, within 15 minutes.
    const next = await prisma.job.findFirstOrThrow({ where: { kind: NEXT_FREE_REFRESH_JOB, doneAt: null }, orderBy: { runAt: "desc" } });
    expect(next.runAt.getTime()).toBeGreaterThan(now.getTime());
    expect(next.runAt.getTime()).toBeLessThanOrEqual(now.getTime() + 15 * MINUTE);
  });

  test("a guide whose window was full gets a time once the window moves forward", async () => {
    const guide = await createBookableGuide();
    // Hours on one date only, 70 days ahead: beyond the 60-day window now, inside it eleven days later.
    await prisma.availability.deleteMany({ where: { guideId: guide.id } });
    const date = new Date(Date.now() + 70 * DAY).toISOString().slice(0, 10);
    await prisma.availabilityOverride.create({ data: { guideId: guide.id, date, startTime: "09:00", endTime: "12:00" } });
    await refreshUnsetNextFreeAt(new Date());
    expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.id } })).nextFreeAt).toBeNull();
    const later = new Date(Date.now() + 11 * DAY);
    expect(await refreshUnsetNextFreeAt(later)).toBeGreaterThanOrEqual(1);
    const kept = (await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.id } })).nextFreeAt;
    expect(kept?.toISOString().slice(0, 10)).toBe(date);
  });
});

describe("the hold-expiry job's key", () => {
  test("a hold booked through the flow is keyed hold:<id>@<time>, and cancelling the booking cancels that job", async () => {
    const guide = await createBookableGuide();
    const mentee = await createPerson("user");
    const [startsAt] = await freeTimes(guide.id, { minutes: 60, limit: 1, from: new Date(Date.now() + 3 * DAY) });
    const booking = await bookThroughFlow(mentee.id, { guideId: guide.id, minutes: 60, startsAt, topic: "Held time", intro: false });
    expect(booking.status).toBe("held");
    const held = await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } });
    const job = await prisma.job.findUniqueOrThrow({ where: { key: holdKey(booking.id, held.holdExpiresAt!) } });
    expect(job).toMatchObject({ kind: HOLD_EXPIRY_JOB, doneAt: null });
    expect(job.key).toBe(`hold:${booking.id}@${held.holdExpiresAt!.toISOString()}`);

    await cancelBooking(actorOf(mentee), booking.id, null);
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ lastError: "cancelled", doneAt: expect.any(Date) });
  });

  test("every open hold job of the booking is cancelled (an extended hold has two), and no other booking's", async () => {
    const runAt = new Date(Date.now() + 10 * MINUTE);
    const extended = new Date(Date.now() + 40 * MINUTE);
    // Ids chosen so one is a prefix of the other's digits: hold:7@… must not cancel hold:77@….
    await enqueue(HOLD_EXPIRY_JOB, { bookingId: 987_007 }, { runAt, key: holdKey(987_007, runAt) });
    await enqueue(HOLD_EXPIRY_JOB, { bookingId: 987_007 }, { runAt: extended, key: holdKey(987_007, extended) });
    await enqueue(HOLD_EXPIRY_JOB, { bookingId: 9_870_077 }, { runAt, key: holdKey(9_870_077, runAt) });
    await cancelHoldExpiry(987_007);
    expect(await prisma.job.count({ where: { key: { startsWith: "hold:987007@" }, doneAt: null } })).toBe(0);
    expect(await prisma.job.count({ where: { key: { startsWith: "hold:987007@" }, lastError: "cancelled" } })).toBe(2);
    expect(await prisma.job.count({ where: { key: { startsWith: "hold:9870077@" }, doneAt: null } })).toBe(1);
  });
});
