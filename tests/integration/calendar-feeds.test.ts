/**
 * Private calendar feeds: a person makes a secret address in Settings, a calendar app reads their confirmed sessions
 * there (as mentee and as guide), kept up to date on reschedule and cancel; topics show only when the person chooses;
 * a new address revokes the old; turning it off ends it. Real Requests through the built app, parsed by ical.js.
 */
import ICAL from "ical.js";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { cancelBooking, rescheduleBooking } from "#app/modules/bookings/lifecycle.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { actorOf, createPerson, postForm, send } from "#tests/app.ts";
import { createBookableGuide, freeStart } from "#tests/support/bookable-guide.ts";

type Person = Awaited<ReturnType<typeof createPerson>>;
const DAY = 86_400_000;

const cookieOf = async (person: Person) => (await commitSession(await createSession(person.id, "web"))).split(";")[0];

async function booking(guide: Person, mentee: Person, startsAt: Date, data: { status?: string; topic?: string } = {}) {
  const created = await prisma.booking.create({
    data: {
      userId: mentee.id,
      guideId: guide.id,
      topic: data.topic ?? "Preaching through grief",
      rateCents: 5000,
      paymentStatus: "paid",
      status: data.status ?? "confirmed",
      startsAt,
      durationMinutes: 60,
    },
  });
  await prisma.timeClaim.createMany({ data: blocksFor(startsAt, 60, 0).map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: created.id, expiresAt: null })) });
  return created;
}

/** The feed's path as Settings shows it (the https form of the webcal address). */
async function feedPathOf(settingsPath: string, cookie: string) {
  const html = await (await send(settingsPath, { cookie })).text();
  const webcal = html.match(/id="calendar-feed-url"[^>]*value="([^"]+)"/)?.[1] ?? html.match(/value="(webcal:[^"]+)"[^>]*id="calendar-feed-url"/)?.[1];
  expect(webcal, "the feed's address on Settings").toMatch(/^webcal:\/\/.+\/calendar\/\d+-[\w-]{43}\.ics$/);
  return new URL(webcal!.replace(/^webcal:/, "http:")).pathname;
}

/** The feed read as a calendar app reads it: its events by UID. */
async function eventsAt(path: string) {
  const response = await send(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
  return new Map(
    calendar.getAllSubcomponents("vevent").map((component) => {
      const event = new ICAL.Event(component);
      return [event.uid, { summary: event.summary, description: event.description, start: event.startDate.toJSDate(), end: event.endDate.toJSDate() }];
    }),
  );
}

const change = (settingsPath: string, cookie: string, fields: Record<string, string>) => postForm(settingsPath, { intent: "calendar-feed", ...fields }, cookie);

describe("Private calendar feeds", () => {
  let guide: Person;
  let mentee: Person;
  let menteeCookie: string;
  let guideCookie: string;

  beforeAll(async () => {
    guide = await createBookableGuide({ meetingUrl: "https://meet.example.org/feed-room" });
    mentee = await createPerson("user", { name: "Ruth Alder" });
    [menteeCookie, guideCookie] = [await cookieOf(mentee), await cookieOf(guide)];
  });

  test("no address until the person makes one; then a calendar reads their confirmed sessions, without topics, with no session cookie", async () => {
    const before = await (await send("/user-dashboard/settings", { cookie: menteeCookie })).text();
    expect(before).toContain("Make my calendar address");
    expect(before).not.toContain('id="calendar-feed-url"');

    const made = await change("/user-dashboard/settings", menteeCookie, { change: "renew" });
    expect(made.status).toBe(302);
    const path = await feedPathOf("/user-dashboard/settings", menteeCookie);

    const startsAt = await freeStart(guide.id, 3);
    const confirmed = await booking(guide, mentee, startsAt, { topic: "Burnout after the building campaign" });
    const requested = await booking(guide, mentee, await freeStart(guide.id, 4), { status: "requested" });
    const longAgo = await booking(guide, mentee, new Date(Date.now() - 90 * DAY), { status: "completed" });
    const stranger = await createPerson("user");
    const someoneElses = await booking(guide, stranger, await freeStart(guide.id, 5));

    const events = await eventsAt(path);
    const event = events.get(`booking-${confirmed.id}@ministry-mentors`);
    expect(event).toBeDefined();
    expect(event!.start.getTime()).toBe(startsAt.getTime());
    expect(event!.end.getTime()).toBe(startsAt.getTime() + 60 * 60_000);
    expect(event!.summary).toBe(`Mentoring session with ${guide.name}`);
    expect(event!.description).toContain("https://meet.example.org/feed-room");
    // Hidden by default: family and church calendars are often shared.
    expect(`${event!.summary} ${event!.description}`).not.toContain("Burnout");
    for (const absent of [requested, longAgo, someoneElses]) expect(events.has(`booking-${absent.id}@ministry-mentors`)).toBe(false);

    // The guide's own feed has the same session, named by the mentee.
    await change("/mentor-dashboard/settings", guideCookie, { change: "renew" });
    const guideEvents = await eventsAt(await feedPathOf("/mentor-dashboard/settings", guideCookie));
    expect(guideEvents.get(`booking-${confirmed.id}@ministry-mentors`)?.summary).toBe("Mentoring session with Ruth Alder");
    expect(guideEvents.has(`booking-${someoneElses.id}@ministry-mentors`)).toBe(true);

    // Settings says when a calendar last read it.
    expect(await (await send("/user-dashboard/settings", { cookie: menteeCookie })).text()).toContain("Last read by a calendar");
  });

  test("topics show when the person chooses; a reschedule moves the event and a cancellation takes it out", async () => {
    const path = await feedPathOf("/user-dashboard/settings", menteeCookie);
    const session = await booking(guide, mentee, await freeStart(guide.id, 6), { topic: "A hard board meeting" });
    const uid = `booking-${session.id}@ministry-mentors`;

    expect((await change("/user-dashboard/settings", menteeCookie, { change: "topics", showTopics: "yes" })).status).toBe(302);
    const shown = (await eventsAt(path)).get(uid)!;
    expect(shown.summary).toBe("Mentoring: A hard board meeting");
    expect(shown.description).toContain("Topic: A hard board meeting");

    const target = await freeStart(guide.id, 8, 1);
    await rescheduleBooking(actorOf(mentee), session.id, target);
    expect((await eventsAt(path)).get(uid)!.start.getTime()).toBe(target.getTime());

    await cancelBooking(actorOf(guide), session.id, null);
    expect((await eventsAt(path)).has(uid)).toBe(false);

    await change("/user-dashboard/settings", menteeCookie, { change: "topics", showTopics: "no" });
    expect(await (await send(path)).text()).not.toContain("A hard board meeting");
    // A choice that is neither is refused with a toast, and nothing changes.
    const refused = await change("/user-dashboard/settings", menteeCookie, { change: "topics", showTopics: "maybe" });
    expect(refused.status).toBe(302);
    expect((await prisma.calendarFeed.findUniqueOrThrow({ where: { userId: mentee.id } })).showTopics).toBe(false);
  });

  test("a new address stops the old one; turning it off stops it; a wrong or made-up key is a 404", async () => {
    const person = await createPerson("user");
    const cookie = await cookieOf(person);
    await change("/user-dashboard/settings", cookie, { change: "renew" });
    const first = await feedPathOf("/user-dashboard/settings", cookie);
    expect((await send(first)).status).toBe(200);

    await change("/user-dashboard/settings", cookie, { change: "renew" });
    const second = await feedPathOf("/user-dashboard/settings", cookie);
    expect(second).not.toBe(first);
    expect((await send(first)).status).toBe(404);
    expect((await send(second)).status).toBe(200);

    // The id of a real feed with someone else's signature, a key without its .ics, and nonsense: all the same 404.
    const [, id] = /\/calendar\/(\d+)-/.exec(second)!;
    const menteeFeed = await feedPathOf("/user-dashboard/settings", menteeCookie);
    const forged = `/calendar/${id}-${menteeFeed.split("-").slice(1).join("-")}`;
    for (const path of [forged, second.replace(/\.ics$/, ""), "/calendar/abc.ics", "/calendar/1-short.ics"]) expect((await send(path)).status, path).toBe(404);

    await change("/user-dashboard/settings", cookie, { change: "off" });
    expect((await send(second)).status).toBe(404);
    expect(await prisma.calendarFeed.count({ where: { userId: person.id } })).toBe(0);
    expect(await (await send("/user-dashboard/settings", { cookie })).text()).toContain("Make my calendar address");
  });

  test("the database alone does not hold the address, and a deactivated person's feed stops", async () => {
    const person = await createPerson("user");
    const cookie = await cookieOf(person);
    await change("/user-dashboard/settings", cookie, { change: "renew" });
    const path = await feedPathOf("/user-dashboard/settings", cookie);
    const row = await prisma.calendarFeed.findUniqueOrThrow({ where: { userId: person.id } });
    expect(path).not.toContain(row.nonce);

    await prisma.user.update({ where: { id: person.id }, data: { status: "inactive" } });
    expect((await send(path)).status).toBe(404);
  });

  test("signed out, Settings' calendar forms are not reachable", async () => {
    const response = await postForm("/user-dashboard/settings", { intent: "calendar-feed", change: "renew" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
  });
});
