/**
 * Unpaid holds are capped: an unpaid ("held") booking claims a guide's time until it is paid or runs out, so one
 * mentee may hold at most PlatformSettings.maxHoldsPerGuide (2) times with one guide and maxHoldsPerMentee (3) in
 * all. Past a cap the booking is refused (409, shown in the booking dialog) and nothing is written; a hold that is
 * paid or has run out frees its place; many attempts at once never get past a cap (PostgreSQL locks per mentee).
 */
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createBooking } from "#app/modules/bookings/booking-flow.server.ts";
import { BOOKING_MESSAGES } from "#app/modules/bookings/booking-schema.ts";
import { freeTimes } from "#app/modules/schedule/schedule.server.ts";
import { postForm, signIn } from "#tests/app.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";

const DAY = 24 * 60 * 60 * 1000;
type Guide = Awaited<ReturnType<typeof createBookableGuide>>;
type Mentee = Awaited<ReturnType<typeof signIn>>;

/** The guide's free 60-minute starts a few days ahead, an hour apart (so no two overlap). */
async function hourlyFreeTimes(guideId: number, count: number) {
  const from = new Date(Date.now() + 3 * DAY);
  const times = await freeTimes(guideId, { minutes: 60, from, to: new Date(from.getTime() + 3 * DAY), now: new Date() });
  const apart: Date[] = [];
  for (const time of times) if (!apart.length || time.getTime() - apart.at(-1)!.getTime() >= 60 * 60_000) apart.push(time);
  expect(apart.length).toBeGreaterThanOrEqual(count);
  return apart.slice(0, count);
}

const book = (guide: Guide, mentee: Mentee, startsAt: Date, topic = "Holding a time") =>
  postForm(`/mentor/${guide.id}/book`, { minutes: "60", startsAt: startsAt.toISOString(), topic }, mentee.cookie);

const holdsOf = (menteeId: number) => prisma.booking.findMany({ where: { userId: menteeId, status: "held" }, orderBy: { id: "asc" } });

describe("caps on unpaid holds", () => {
  let guides: Guide[];
  beforeAll(async () => {
    guides = [];
    for (let i = 0; i < 4; i += 1) guides.push(await createBookableGuide());
  });

  test("two holds with one guide: the third is refused in the dialog, with what to do, and nothing is written", async () => {
    const mentee = await signIn("user");
    const [first, second, third] = await hourlyFreeTimes(guides[0].id, 3);
    expect((await book(guides[0], mentee, first)).status).toBe(302);
    expect((await book(guides[0], mentee, second)).status).toBe(302);

    const refused = await book(guides[0], mentee, third, "A third time");
    // Refused like any failed form (400), with the message above the form and what was typed kept.
    expect(refused.status).toBe(400);
    const html = (await refused.text()).replaceAll("&#x27;", "'");
    expect(html).toContain("You already have 2 unpaid bookings with this mentor. Pay for or cancel one of them before holding another time.");
    expect(html).toContain("A third time");
    expect(await holdsOf(mentee.person.id)).toHaveLength(2);
    expect(await prisma.timeClaim.count({ where: { guideId: guides[0].id, blockStart: third } })).toBe(0);
    // The domain's answer, for any door: a 409 conflict.
    await expect(createBooking(mentee.person.id, { guideId: guides[0].id, minutes: 60, startsAt: third, topic: "Again", intro: false })).rejects.toMatchObject({
      status: 409,
      message: BOOKING_MESSAGES.tooManyHoldsWithGuide(2),
    });
  });

  test("three holds in all: a fourth, with any guide, is refused; a paid hold and one that ran out each free a place", async () => {
    const mentee = await signIn("user");
    const [a1, a2, a3] = await hourlyFreeTimes(guides[1].id, 3);
    const [b1] = await hourlyFreeTimes(guides[2].id, 1);
    const [c1, c2] = await hourlyFreeTimes(guides[3].id, 2);
    const checkouts = [await book(guides[1], mentee, a1), await book(guides[1], mentee, a2), await book(guides[2], mentee, b1)];
    expect(checkouts.map((response) => response.status)).toEqual([302, 302, 302]);

    const refused = await book(guides[3], mentee, c1);
    expect(refused.status).toBe(400);
    expect((await refused.text()).replaceAll("&#x27;", "'")).toContain("You already have 3 unpaid bookings. Pay for or cancel one of them before holding another time.");
    expect(await holdsOf(mentee.person.id)).toHaveLength(3);

    // Paying the first hold (on the test checkout the dialog sent the mentee to) frees a place.
    expect((await postForm(checkouts[0].headers.get("Location")!, { intent: "pay" }, mentee.cookie)).status).toBe(302);
    expect(await prisma.booking.count({ where: { userId: mentee.person.id, status: "confirmed" } })).toBe(1);
    expect((await book(guides[3], mentee, c1)).status).toBe(302);

    // Full again; a hold whose time ran out no longer counts, even before the job that expires it has run.
    expect((await book(guides[3], mentee, c2)).status).toBe(400);
    const [oldest] = await holdsOf(mentee.person.id);
    await prisma.booking.update({ where: { id: oldest.id }, data: { holdExpiresAt: new Date(Date.now() - 60_000) } });
    expect((await book(guides[3], mentee, c2)).status).toBe(302);
    expect(await holdsOf(mentee.person.id)).toHaveLength(4); // one of them ran out
    expect(await (await book(guides[1], mentee, a3)).text()).toContain("You already have 3 unpaid bookings.");
  });

  test("many attempts at once never get past a cap", async () => {
    // One guide: eight times at once, two holds.
    const mentee = await signIn("user");
    const guide = await createBookableGuide();
    const times = await hourlyFreeTimes(guide.id, 8);
    const statuses = (await Promise.all(times.map((time) => book(guide, mentee, time)))).map((response) => response.status);
    expect(statuses.filter((status) => status === 302)).toHaveLength(2);
    expect(statuses.filter((status) => status === 400)).toHaveLength(6);
    expect(await holdsOf(mentee.person.id)).toHaveLength(2);

    // Six guides, one time each, at once: three holds in all.
    const other = await signIn("user");
    const six: Guide[] = [];
    for (let i = 0; i < 6; i += 1) six.push(await createBookableGuide());
    const starts = await Promise.all(six.map(async (each) => (await hourlyFreeTimes(each.id, 1))[0]));
    const results = await Promise.all(six.map((each, index) => book(each, other, starts[index])));
    expect(results.filter((response) => response.status === 302)).toHaveLength(3);
    expect(await holdsOf(other.person.id)).toHaveLength(3);
  });

  test("the caps are the console's settings", async () => {
    const mentee = await signIn("user");
    const guide = await createBookableGuide();
    const [first, second] = await hourlyFreeTimes(guide.id, 2);
    await prisma.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, maxHoldsPerGuide: 1 }, update: { maxHoldsPerGuide: 1 } });
    try {
      expect((await book(guide, mentee, first)).status).toBe(302);
      const refused = await book(guide, mentee, second);
      expect((await refused.text()).replaceAll("&#x27;", "'")).toContain("You already have an unpaid booking with this mentor. Pay for or cancel it before holding another time.");
    } finally {
      await prisma.platformSettings.update({ where: { id: 1 }, data: { maxHoldsPerGuide: 2 } });
    }
  });
});
