/**
 * The booking dialog (/mentor/{id}/book): choosing a length and a free time, confirming, holds, and a time booked
 * once however many people confirm it together. Real Requests through the built app against the real database.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { freeTimes } from "#app/modules/schedule/schedule.server.ts";
import { createPerson, postForm, send, signIn } from "#tests/app.ts";

const DAY = 24 * 60 * 60 * 1000;

/** A live guide in New York, open 09:00–17:00 every day, offering 30 minutes ($25) and 60 minutes ($50). */
async function createGuide(profile: Partial<{ payWhatYouWant: boolean; suggestedCents: number; minimumCents: number; freeIntroMinutes: number; reviewsRequests: boolean; bufferMinutes: number }> = {}) {
  const guide = await createPerson("guide", { isVerified: true });
  await prisma.user.update({ where: { id: guide.id }, data: { timeZone: "America/New_York" } });
  await prisma.guideProfile.create({ data: { userId: guide.id, hourlyRateCents: 5000, noticeHours: 24, horizonDays: 60, ...profile } });
  await prisma.availability.createMany({ data: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ guideId: guide.id, weekday, startTime: "09:00", endTime: "17:00" })) });
  await prisma.sessionOption.createMany({ data: [{ guideId: guide.id, minutes: 30, priceCents: 2500 }, { guideId: guide.id, minutes: 60, priceCents: 5000 }] });
  return guide;
}

/** A free start the guide offers for `minutes`, a few days from now. */
async function aFreeTime(guideId: number, minutes = 60, skip = 0) {
  const from = new Date(Date.now() + 3 * DAY);
  const times = await freeTimes(guideId, { minutes, from, to: new Date(from.getTime() + 2 * DAY), now: new Date() });
  expect(times.length).toBeGreaterThan(skip);
  return times[skip];
}

const book = (guideId: number, cookie: string, fields: Record<string, string>) => postForm(`/mentor/${guideId}/book`, fields, cookie);

describe("the booking dialog", () => {
  let guide: Awaited<ReturnType<typeof createGuide>>;
  let mentee: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    guide = await createGuide();
    mentee = await signIn("user");
  });

  test("a signed-out visitor is sent to sign in and back to the dialog", async () => {
    const response = await send(`/mentor/${guide.id}/book`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: `/mentor/${guide.id}/book` })}`);
  });

  test("a mentee sees the lengths with their prices and a week of free times in their own time zone", async () => {
    await prisma.user.update({ where: { id: mentee.person.id }, data: { timeZone: "Europe/Berlin" } });
    const response = await send(`/mentor/${guide.id}/book?minutes=60`, { cookie: mentee.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    // The guide's name as typed (a random name may hold an apostrophe, which React writes as &#x27;).
    expect(html.replaceAll("&#x27;", "'")).toContain(`Book a session with ${guide.name}`);
    expect(html).toContain("$25.00 for 30 minutes");
    expect(html).toContain("$50.00 for 60 minutes");
    expect(html.replaceAll("<!-- -->", "")).toMatch(/Times are shown in <strong[^>]*>Central European Time \(Europe\/Berlin\)<\/strong>, your time zone\./);
    // 09:00 in New York is 15:00 in Berlin (outside the weeks the clocks change).
    expect(html).toMatch(/3:00\sPM/);
  });

  test("choosing a time shows the summary in both people's zones", async () => {
    const start = await aFreeTime(guide.id);
    const html = await (await send(`/mentor/${guide.id}/book?minutes=60&start=${start.toISOString()}`, { cookie: mentee.cookie })).text();
    expect(html).toContain("What would you like to talk about?");
    expect(html).toContain("$50.00");
    // Each clock time followed by its zone's name, as everywhere: "…, Central European Time (Europe/Berlin)".
    const summary = html.replaceAll("<!-- -->", "");
    expect(summary).toMatch(/[AP]M<\/time><\/span>, <span[^>]*>Central European Time \(Europe\/Berlin\)<\/span>/);
    expect(summary).toMatch(/[AP]M<\/time>, Eastern Time \(America\/New_York\) for your mentor/);
    expect(html).toContain("Confirm and pay");
  });

  test("the topic is required and what was typed is kept", async () => {
    const start = await aFreeTime(guide.id);
    const response = await book(guide.id, mentee.cookie, { minutes: "60", startsAt: start.toISOString(), topic: " ", notes: "About our elders" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please tell your mentor what you would like to talk about");
    expect(html).toContain("About our elders");
    expect(await prisma.booking.count({ where: { guideId: guide.id, startsAt: start } })).toBe(0);
  });

  test("a paid booking holds the time and goes to Checkout", async () => {
    const start = await aFreeTime(guide.id, 60, 1);
    const response = await book(guide.id, mentee.cookie, { minutes: "60", startsAt: start.toISOString(), topic: "Volunteer burnout" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/checkout/);
    const booking = await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id, startsAt: start }, include: { claims: true, payments: true } });
    expect(booking).toMatchObject({ status: "held", paymentStatus: "pending", rateCents: 5000, durationMinutes: 60, userId: mentee.person.id });
    expect(booking.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    expect(booking.claims).toHaveLength(4);
    expect(booking.claims.every((claim) => claim.expiresAt?.getTime() === booking.holdExpiresAt!.getTime())).toBe(true);
    expect(booking.payments[0]).toMatchObject({ status: "pending", amountCents: 5000 });
    // The held time is no longer offered, for any length that overlaps it.
    const later = await freeTimes(guide.id, { minutes: 30, from: new Date(start.getTime() - DAY / 2), to: new Date(start.getTime() + DAY / 2), now: new Date() });
    expect(later.map(Number)).not.toContain(start.getTime());
    expect(later.map(Number)).not.toContain(start.getTime() + 30 * 60_000);
  });

  test("an overlapping time of another length is refused with a clear message", async () => {
    const start = await aFreeTime(guide.id, 60, 4);
    expect((await book(guide.id, mentee.cookie, { minutes: "60", startsAt: start.toISOString(), topic: "First" })).status).toBe(302);
    const other = await signIn("user");
    const overlap = new Date(start.getTime() + 30 * 60_000);
    const response = await book(guide.id, other.cookie, { minutes: "30", startsAt: overlap.toISOString(), topic: "Second" });
    // Refused like any failed form (400), with the reason beside the time.
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("That time is no longer free. Please choose another.");
  });

  test("twenty people confirming one time together make exactly one booking", async () => {
    const start = await aFreeTime(guide.id, 60, 8);
    const people = await Promise.all(Array.from({ length: 20 }, () => signIn("user")));
    const responses = await Promise.all(people.map((person) => book(guide.id, person.cookie, { minutes: "60", startsAt: start.toISOString(), topic: "Same time" })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 302)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    for (const response of responses.filter((candidate) => candidate.status === 400)) {
      expect(await response.text()).toContain("That time is no longer free. Please choose another.");
    }
    expect(await prisma.booking.count({ where: { guideId: guide.id, startsAt: start } })).toBe(1);
  });

  test("a hold that ran out frees its time for the next person", async () => {
    const start = await aFreeTime(guide.id, 60, 12);
    const first = await signIn("user");
    expect((await book(guide.id, first.cookie, { minutes: "60", startsAt: start.toISOString(), topic: "Abandoned" })).status).toBe(302);
    const held = await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id, startsAt: start } });
    const past = new Date(Date.now() - 60_000);
    await prisma.booking.update({ where: { id: held.id }, data: { holdExpiresAt: past } });
    await prisma.timeClaim.updateMany({ where: { bookingId: held.id }, data: { expiresAt: past } });
    const second = await signIn("user");
    expect((await book(guide.id, second.cookie, { minutes: "60", startsAt: start.toISOString(), topic: "Taken over" })).status).toBe(302);
    const claims = await prisma.timeClaim.findMany({ where: { guideId: guide.id, blockStart: start } });
    expect(claims).toHaveLength(1);
    expect(claims[0].bookingId).not.toBe(held.id);
  });

  test("a guide or an admin cannot book", async () => {
    const other = await signIn("guide");
    const response = await send(`/mentor/${guide.id}/book`, { cookie: other.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).not.toContain("/book");
  });

  test("a length the guide does not offer is refused", async () => {
    const start = await aFreeTime(guide.id);
    const response = await book(guide.id, mentee.cookie, { minutes: "45", startsAt: start.toISOString(), topic: "Odd length" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This mentor does not offer that session length");
  });
});

describe("free and pay-what-you-want sessions", () => {
  test("the free introductory session is confirmed at once, once per mentee", async () => {
    const guide = await createGuide({ freeIntroMinutes: 30 });
    const mentee = await signIn("user");
    const start = await aFreeTime(guide.id, 30);
    const response = await book(guide.id, mentee.cookie, { minutes: "30", intro: "1", startsAt: start.toISOString(), topic: "Getting to know you" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/user-dashboard\/bookings/);
    const booking = await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id, userId: mentee.person.id } });
    expect(booking).toMatchObject({ status: "confirmed", paymentStatus: "unpaid", rateCents: 0, isIntro: true, holdExpiresAt: null });
    const again = await aFreeTime(guide.id, 30, 3);
    const second = await book(guide.id, mentee.cookie, { minutes: "30", intro: "1", startsAt: again.toISOString(), topic: "Another intro" });
    expect(second.status).toBe(400);
    expect(await second.text()).toContain("The free introductory session is not available");
  });

  test("a guide who reviews requests gets a request, not a confirmed session", async () => {
    const guide = await createGuide({ freeIntroMinutes: 30, reviewsRequests: true });
    const mentee = await signIn("user");
    const start = await aFreeTime(guide.id, 30);
    expect((await book(guide.id, mentee.cookie, { minutes: "30", intro: "1", startsAt: start.toISOString(), topic: "Please accept" })).status).toBe(302);
    expect(await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id } })).toMatchObject({ status: "requested" });
    expect(await prisma.notification.count({ where: { userId: guide.id, kind: "booking" } })).toBe(1);
  });

  test("pay what you want takes the amount typed, not below the minimum", async () => {
    const guide = await createGuide({ payWhatYouWant: true, suggestedCents: 4000, minimumCents: 1500 });
    const mentee = await signIn("user");
    const start = await aFreeTime(guide.id);
    const low = await book(guide.id, mentee.cookie, { minutes: "60", startsAt: start.toISOString(), topic: "Budget", amount: "10" });
    expect(low.status).toBe(400);
    expect(await low.text()).toContain("The least this mentor accepts is $15.00");
    const ok = await book(guide.id, mentee.cookie, { minutes: "60", startsAt: start.toISOString(), topic: "Budget", amount: "22.50" });
    expect(ok.status).toBe(302);
    expect(await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id } })).toMatchObject({ rateCents: 2250, status: "held" });
  });

  test("a paused guide takes no bookings", async () => {
    const guide = await createGuide();
    const mentee = await signIn("user");
    const start = await aFreeTime(guide.id);
    await prisma.guideProfile.update({ where: { userId: guide.id }, data: { bookingPaused: true } });
    expect(await (await send(`/mentor/${guide.id}/book`, { cookie: mentee.cookie })).text()).toContain("not taking new bookings right now");
    const response = await book(guide.id, mentee.cookie, { minutes: "60", startsAt: start.toISOString(), topic: "Paused" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This mentor is not taking new bookings right now.");
  });
});
