/**
 * A guide's availability, date overrides and pricing through the marketplace API (scope `schedule`): the same
 * domain functions, rules and words as the Availability and Pricing screens; hours set through the API change the
 * free times the booking dialog offers; a mentee's token is refused; a repeat with the same Idempotency-Key writes
 * once. Real Requests through the built app against the real database.
 */
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { createAccessToken } from "#app/modules/access-tokens/access-tokens.server.ts";
import type { TokenScope } from "#app/modules/access-tokens/scopes.ts";
import { freeTimes } from "#app/modules/schedule/schedule.server.ts";
import { SCHEDULE_MESSAGES } from "#app/modules/schedule/schema.ts";
import { actorOf, createPerson, send } from "#tests/app.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";

type Person = Awaited<ReturnType<typeof createPerson>>;
const DAY = 86_400_000;

async function tokenOf(person: Person, scopes: TokenScope[] = ["schedule"]) {
  const { token } = await createAccessToken(actorOf(person), { name: "Tests", scopes, lifetime: 30 });
  return `Bearer ${token}`;
}

const cookieOf = async (person: Person) => (await commitSession(await createSession(person.id, "web"))).split(";")[0];

const write = (method: "POST" | "PUT" | "DELETE", path: string, token: string | undefined, body?: unknown, key?: string) =>
  send(path, {
    method,
    token,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    headers: { "Content-Type": "application/json", ...(key ? { "Idempotency-Key": key } : {}) },
  });

const read = async <T>(response: Response) => (await response.json()) as T;

/** The weekly hours and rules as a program sends them: every day 14:00–15:00 UTC, one hour. */
const rules = (extra: Record<string, unknown> = {}) => ({
  timeZone: "UTC",
  hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "14:00", end: "15:00" })),
  lengths: [60],
  bufferMinutes: 0,
  noticeHours: 24,
  horizonDays: 30,
  bookingPaused: false,
  reviewsRequests: true,
  meetingUrl: "https://meet.example.com/pastor-room",
  ...extra,
});

/** The starts (ISO) the booking dialog offers a mentee for 60 minutes, from its links. */
async function dialogStarts(guideId: number, cookie: string) {
  const response = await send(`/mentor/${guideId}/book?minutes=60`, { cookie });
  expect(response.status).toBe(200);
  const html = (await response.text()).replaceAll("&amp;", "&");
  return [...new Set([...html.matchAll(/[?&]start=([^&"]+)/g)].map((match) => decodeURIComponent(match[1])))];
}

const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  await prisma.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, minimumNoticeHours: 24, maxAdvanceDays: 90 }, update: { minimumNoticeHours: 24, maxAdvanceDays: 90 } });
});

describe("weekly hours and booking rules", () => {
  let guide: Person;
  let token: string;

  beforeAll(async () => {
    guide = await createBookableGuide();
    token = await tokenOf(guide);
  });

  test("a guide reads their hours, replaces them, and the booking dialog offers the new free times", async () => {
    const before = await read<{ timeZone: string; hours: unknown[]; lengths: number[]; limits: unknown }>(await send("/api/v1/availability", { token }));
    expect(before).toMatchObject({ timeZone: "America/New_York", lengths: [60], limits: { minimumNoticeHours: 24, maxAdvanceDays: 90 } });
    expect(before.hours).toHaveLength(7);
    const mentee = await cookieOf(await createPerson("user"));
    const offeredBefore = await dialogStarts(guide.id, mentee);
    expect(offeredBefore.some((start) => !start.includes("T14:00:00"))).toBe(true);

    const saved = await write("PUT", "/api/v1/availability", token, rules());
    expect(saved.status).toBe(200);
    const state = await read<{ timeZone: string; hours: unknown[]; reviewsRequests: boolean; meetingUrl: string; nextFreeTimes: { times: { startsAt: string }[] } }>(saved);
    expect(state).toMatchObject({ timeZone: "UTC", reviewsRequests: true, meetingUrl: "https://meet.example.com/pastor-room" });
    expect(state.hours).toContainEqual({ weekday: 3, start: "14:00", end: "15:00" });
    expect(state.nextFreeTimes.times.length).toBeGreaterThan(0);
    for (const { startsAt } of state.nextFreeTimes.times) expect(startsAt).toMatch(/T14:00:00\.000Z$/);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: guide.id } })).timeZone).toBe("UTC");

    const offered = await dialogStarts(guide.id, mentee);
    expect(offered.length).toBeGreaterThan(0);
    for (const start of offered) expect(start).toMatch(/T14:00:00\.000Z$/);

    // A meeting link null clears it; what is left out takes the form's empty value.
    const cleared = await read<{ meetingUrl: string | null; reviewsRequests: boolean }>(await write("PUT", "/api/v1/availability", token, { ...rules({ meetingUrl: null }), reviewsRequests: undefined }));
    expect(cleared).toMatchObject({ meetingUrl: null, reviewsRequests: false });
  });

  test("bad input is a 400 with the form's words, and nothing is written", async () => {
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [rules({ hours: [{ weekday: 1, start: "09:00", end: "12:00" }, { weekday: 1, start: "11:00", end: "13:00" }] }), SCHEDULE_MESSAGES.overlap, "hours.1.start"],
      [rules({ hours: [{ weekday: 1, start: "09:10", end: "12:00" }] }), SCHEDULE_MESSAGES.timeInvalid, "hours.0.start"],
      [rules({ hours: [{ weekday: 1, start: "12:00", end: "09:00" }] }), SCHEDULE_MESSAGES.endAfterStart, "hours.0.end"],
      [rules({ noticeHours: 2 }), SCHEDULE_MESSAGES.noticeTooShort(24), "noticeHours"],
      [rules({ horizonDays: 400 }), SCHEDULE_MESSAGES.horizonTooLong(90), "horizonDays"],
      [rules({ lengths: [] }), SCHEDULE_MESSAGES.lengthsRequired, "lengths"],
      [rules({ timeZone: "Mars/Olympus" }), SCHEDULE_MESSAGES.timeZoneInvalid, "timeZone"],
      [rules({ meetingUrl: "http://meet.example.com" }), SCHEDULE_MESSAGES.meetingUrlInvalid, "meetingUrl"],
      [rules({ bookingPaused: "on" }), SCHEDULE_MESSAGES.booleanInvalid, "bookingPaused"],
    ];
    const hoursBefore = await prisma.availability.findMany({ where: { guideId: guide.id }, select: { weekday: true, startTime: true, endTime: true } });
    for (const [body, message, field] of refusals) {
      const response = await write("PUT", "/api/v1/availability", token, body);
      expect(response.status, message).toBe(400);
      const answer = await read<{ message: string; errors: Record<string, string[]> }>(response);
      // A value of the wrong type is named with its field ("bookingPaused: Enter true or false").
      expect([message, `${field}: ${message}`], field).toContain(answer.message);
      expect(answer.errors[field], field).toEqual([message]);
    }
    expect((await write("PUT", "/api/v1/availability", token, "not an object")).status).toBe(400);
    expect(await prisma.availability.findMany({ where: { guideId: guide.id }, select: { weekday: true, startTime: true, endTime: true } })).toEqual(hoursBefore);
  });

  test("a mentee's token, no token, another scope and another method are refused", async () => {
    const mentee = await createPerson("user");
    const menteeToken = await tokenOf(mentee);
    for (const [method, path] of [["GET", "/api/v1/availability"], ["PUT", "/api/v1/availability"], ["GET", "/api/v1/pricing"], ["PUT", "/api/v1/pricing"], ["GET", "/api/v1/availability/overrides"], ["POST", "/api/v1/availability/overrides"], ["DELETE", "/api/v1/availability/overrides/1"]] as const) {
      const asMentee = method === "GET" ? await send(path, { token: menteeToken }) : await write(method, path, menteeToken, {});
      expect(asMentee.status, `${method} ${path}`).toBe(403);
      expect(await asMentee.json()).toEqual({ message: SCHEDULE_MESSAGES.guidesOnly });
      expect((method === "GET" ? await send(path) : await write(method, path, undefined, {})).status, `${method} ${path}`).toBe(401);
      const readOnly = await tokenOf(guide, ["read", "book", "messages"]);
      const scoped = method === "GET" ? await send(path, { token: readOnly }) : await write(method, path, readOnly, {});
      expect(scoped.status, `${method} ${path}`).toBe(403);
      expect(await scoped.json()).toEqual({ message: 'This token lacks the "schedule" scope' });
    }
    expect((await write("POST", "/api/v1/availability", token, rules())).status).toBe(405);
    expect((await write("PUT", "/api/v1/availability/overrides", token, {})).status).toBe(405);
    expect((await send("/api/v1/availability/overrides/1", { token })).status).toBe(405);
    expect((await write("DELETE", "/api/v1/pricing", token)).status).toBe(405);
  });

  test("a repeat with the same Idempotency-Key answers the first answer; the key with another body is a 422", async () => {
    const first = await write("PUT", "/api/v1/availability", token, rules({ bufferMinutes: 15 }), "hours-once");
    const again = await write("PUT", "/api/v1/availability", token, rules({ bufferMinutes: 15 }), "hours-once");
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect((await write("PUT", "/api/v1/availability", token, rules({ bufferMinutes: 30 }), "hours-once")).status).toBe(422);
    expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.id } })).bufferMinutes).toBe(15);
  });
});

describe("date overrides", () => {
  test("a guide adds a day off and a date's own hours, lists and removes them; the free times follow", async () => {
    const guide = await createBookableGuide();
    const token = await tokenOf(guide);
    const dayOff = dateIn(10);
    const free = async (date: string) => (await freeTimes(guide.id, { minutes: 60, from: new Date(`${date}T00:00:00Z`), to: new Date(`${date}T23:59:59Z`) })).length;
    expect(await free(dayOff)).toBeGreaterThan(0);

    const added = await write("POST", "/api/v1/availability/overrides", token, { date: dayOff }, "day-off");
    expect(added.status).toBe(201);
    const { override } = await read<{ override: { id: number; date: string; start: null; end: null } }>(added);
    expect(override).toMatchObject({ date: dayOff, start: null, end: null });
    expect(await free(dayOff)).toBe(0);
    // Retried: the same answer, one row.
    const retried = await write("POST", "/api/v1/availability/overrides", token, { date: dayOff }, "day-off");
    expect(retried.status).toBe(201);
    expect(await retried.json()).toEqual({ override });
    expect(await prisma.availabilityOverride.count({ where: { guideId: guide.id } })).toBe(1);

    const special = dateIn(12);
    const hours = await write("POST", "/api/v1/availability/overrides", token, { date: special, start: "10:00", end: "12:00" });
    expect(hours.status).toBe(201);
    const listed = await read<{ overrides: { id: number; date: string; start: string | null; end: string | null }[] }>(await send("/api/v1/availability/overrides", { token }));
    expect(listed.overrides.map((entry) => [entry.date, entry.start, entry.end])).toEqual([[dayOff, null, null], [special, "10:00", "12:00"]]);

    // Weekly hours set through the API leave the overrides as they are, ids and all.
    expect((await write("PUT", "/api/v1/availability", token, rules())).status).toBe(200);
    expect((await read<typeof listed>(await send("/api/v1/availability/overrides", { token }))).overrides).toEqual(listed.overrides);

    const removed = await write("DELETE", `/api/v1/availability/overrides/${override.id}`, token);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ message: "Date override removed", id: override.id });
    expect(await free(dayOff)).toBeGreaterThan(0);
    const gone = await write("DELETE", `/api/v1/availability/overrides/${override.id}`, token);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: SCHEDULE_MESSAGES.overrideNotFound });
  });

  test("the form's rules: real dates from today on, both times or neither, no overlap; another guide's is a 404", async () => {
    const guide = await createBookableGuide();
    const token = await tokenOf(guide);
    const date = dateIn(8);
    expect((await write("POST", "/api/v1/availability/overrides", token, { date, start: "09:00", end: "11:00" })).status).toBe(201);
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ date, start: "10:00", end: "12:00" }, SCHEDULE_MESSAGES.overlap, "start"],
      [{ date: "2020-01-06" }, SCHEDULE_MESSAGES.dateInPast, "date"],
      [{ date: "2099-02-30" }, SCHEDULE_MESSAGES.dateInvalid, "date"],
      [{}, SCHEDULE_MESSAGES.dateRequired, "date"],
      [{ date, start: "13:00" }, SCHEDULE_MESSAGES.bothTimes, "end"],
      [{ date, start: "13:00", end: "12:00" }, SCHEDULE_MESSAGES.endAfterStart, "end"],
      [{ date, start: "13:05", end: "14:00" }, SCHEDULE_MESSAGES.timeInvalid, "start"],
    ];
    for (const [body, message, field] of refusals) {
      const response = await write("POST", "/api/v1/availability/overrides", token, body);
      expect(response.status, message).toBe(400);
      const answer = await read<{ message: string; errors: Record<string, string[]> }>(response);
      expect([message, `${field}: ${message}`], field).toContain(answer.message);
      expect(answer.errors, message).toEqual({ [field]: [message] });
    }
    expect(await prisma.availabilityOverride.count({ where: { guideId: guide.id } })).toBe(1);

    const other = await createBookableGuide();
    const theirs = await prisma.availabilityOverride.create({ data: { guideId: other.id, date, startTime: null, endTime: null } });
    expect((await write("DELETE", `/api/v1/availability/overrides/${theirs.id}`, token)).status).toBe(404);
    expect(await prisma.availabilityOverride.count({ where: { id: theirs.id } })).toBe(1);
    expect((await write("DELETE", "/api/v1/availability/overrides/abc", token)).status).toBe(400);
  });

  test("saving the Availability screen again keeps an unchanged override's row and id", async () => {
    const guide = await createBookableGuide();
    const token = await tokenOf(guide);
    const date = dateIn(9);
    const { override } = await read<{ override: { id: number } }>(await write("POST", "/api/v1/availability/overrides", token, { date }));
    const form = new URLSearchParams({ timeZone: "America/New_York", "hours[0].weekday": "1", "hours[0].start": "09:00", "hours[0].end": "17:00", "overrides[0].date": date, "overrides[1].date": dateIn(11), lengths: "60", bufferMinutes: "0", noticeHours: "24", horizonDays: "60" });
    const saved = await send("/mentor-dashboard/availability", { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" }, cookie: await cookieOf(guide) });
    expect(saved.status).toBe(302);
    const rows = await prisma.availabilityOverride.findMany({ where: { guideId: guide.id }, orderBy: { date: "asc" } });
    expect(rows.map((row) => [row.id === override.id, row.date])).toEqual([[true, date], [false, dateIn(11)]]);
  });
});

describe("pricing", () => {
  test("a guide reads and replaces their prices, in cents, with the form's rules and words", async () => {
    const guide = await createBookableGuide();
    const token = await tokenOf(guide);
    expect(await read(await send("/api/v1/pricing", { token }))).toEqual({
      prices: [{ minutes: 60, priceCents: 5000 }],
      payWhatYouWant: false,
      suggestedCents: null,
      minimumCents: null,
      freeIntroMinutes: null,
      summary: "$50.00 for 60 minutes",
    });

    const saved = await write("PUT", "/api/v1/pricing", token, { prices: [{ minutes: 60, priceCents: 7550 }], freeIntroMinutes: 15 }, "price-once");
    expect(saved.status).toBe(200);
    expect(await read(saved)).toMatchObject({ prices: [{ minutes: 60, priceCents: 7550 }], freeIntroMinutes: 15, summary: "$75.50 for 60 minutes" });
    expect(await prisma.sessionOption.findMany({ where: { guideId: guide.id }, select: { minutes: true, priceCents: true } })).toEqual([{ minutes: 60, priceCents: 7550 }]);
    expect((await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.id } })).hourlyRateCents).toBe(7550);
    const again = await write("PUT", "/api/v1/pricing", token, { prices: [{ minutes: 60, priceCents: 7550 }], freeIntroMinutes: 15 }, "price-once");
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");

    const pwyw = await write("PUT", "/api/v1/pricing", token, { payWhatYouWant: true, suggestedCents: 6000, minimumCents: 2000 });
    expect(await read(pwyw)).toMatchObject({ payWhatYouWant: true, suggestedCents: 6000, minimumCents: 2000, freeIntroMinutes: null, summary: "Pay what you want" });

    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ payWhatYouWant: true }, SCHEDULE_MESSAGES.suggestedRequired, "suggestedCents"],
      [{ payWhatYouWant: true, suggestedCents: 3000, minimumCents: 4000 }, SCHEDULE_MESSAGES.minimumAboveSuggested, "minimumCents"],
      [{ prices: [{ minutes: 60 }] }, SCHEDULE_MESSAGES.priceCentsRequired, "prices.0.priceCents"],
      [{ prices: [{ minutes: 60, priceCents: 42.5 }] }, SCHEDULE_MESSAGES.priceCentsInvalid, "prices.0.priceCents"],
      [{ prices: [{ minutes: 60, priceCents: 1_000_001 }] }, SCHEDULE_MESSAGES.priceTooHigh, "prices.0.priceCents"],
      [{ prices: [{ minutes: 50, priceCents: 5000 }] }, SCHEDULE_MESSAGES.lengthInvalid, "prices.0.minutes"],
      [{ prices: [{ minutes: 60, priceCents: 5000 }], freeIntroMinutes: 20 }, SCHEDULE_MESSAGES.introInvalid, "freeIntroMinutes"],
    ];
    for (const [body, message, field] of refusals) {
      const response = await write("PUT", "/api/v1/pricing", token, body);
      expect(response.status, message).toBe(400);
      const answer = await read<{ message: string; errors: Record<string, string[]> }>(response);
      expect([message, `${field}: ${message}`], field).toContain(answer.message);
      expect(answer.errors[field], field).toEqual([message]);
    }
    expect(await read(await send("/api/v1/pricing", { token }))).toMatchObject({ payWhatYouWant: true, suggestedCents: 6000, minimumCents: 2000 });
  });
});
