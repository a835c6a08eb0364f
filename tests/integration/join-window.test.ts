/**
 * One rule for a session's meeting link (bookings/join-window.ts): offered from 15 minutes before the start until the
 * end, on the mentee's overview, both dashboards' Bookings and the guide's overview, and said the same way before that.
 */
import { faker } from "@faker-js/faker";
import { describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { JOIN_LATER_TEXT, joinPhase, joinWindow } from "#app/modules/bookings/join-window.ts";
import { createPerson, send, signIn } from "#tests/app.ts";

const MINUTE = 60_000;
const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

/** A guide with a meeting link, and a mentee and a guide signed in. */
async function people() {
  const mentee = await signIn("user");
  const guide = await signIn("guide");
  const meetingUrl = `https://meet.example.com/${faker.string.alpha({ length: 10, casing: "lower" })}`;
  await prisma.guideProfile.create({ data: { userId: guide.person.id, experienceYears: 8, meetingUrl } });
  return { mentee, guide, meetingUrl };
}

/** A confirmed 60-minute session starting `minutes` from now. */
async function session(userId: number, guideId: number, minutes: number, topic: string) {
  const startsAt = new Date(Date.now() + minutes * MINUTE);
  return prisma.booking.create({ data: { userId, guideId, startsAt, topic, status: "confirmed", rateCents: 0, paymentStatus: "unpaid", durationMinutes: 60 } });
}

/** The part of a Bookings page that is one booking's card. */
const card = (page: string, bookingId: number) => page.slice(page.indexOf(`data-booking="${bookingId}"`), page.indexOf("</article>", page.indexOf(`data-booking="${bookingId}"`)));

describe("the join window", () => {
  test("opens 15 minutes before the start and closes at the end", () => {
    const start = new Date("2026-12-01T15:00:00Z");
    const window = joinWindow(start, 60);
    expect(window).toEqual({ opensAt: "2026-12-01T14:45:00.000Z", closesAt: "2026-12-01T16:00:00.000Z" });
    expect(joinPhase(window, new Date("2026-12-01T14:44:59Z"))).toBe("before");
    expect(joinPhase(window, new Date("2026-12-01T14:45:00Z"))).toBe("open");
    expect(joinPhase(window, new Date("2026-12-01T15:59:59Z"))).toBe("open");
    expect(joinPhase(window, new Date("2026-12-01T16:00:00Z"))).toBe("over");
    expect(JOIN_LATER_TEXT).toBe("The link to join appears here 15 minutes before the start.");
  });

  test("both dashboards' Bookings offer the link in the window only, and say when it appears before it", async () => {
    const { mentee, guide, meetingUrl } = await people();
    const days = await session(mentee.person.id, guide.person.id, 3 * 24 * 60, "Three days ahead");
    const soon = await session(mentee.person.id, guide.person.id, 16, "Sixteen minutes ahead");
    const open = await session(mentee.person.id, guide.person.id, 10, "Ten minutes ahead");
    const under = await session(mentee.person.id, guide.person.id, -50, "Under way");

    for (const [path, cookie] of [["/user-dashboard/bookings", mentee.cookie], ["/mentor-dashboard/bookings", guide.cookie]] as const) {
      const page = await html(await send(path, { cookie }));
      for (const later of [days, soon]) {
        expect(card(page, later.id), `${path}: ${later.topic}`).toContain(JOIN_LATER_TEXT);
        expect(card(page, later.id), `${path}: ${later.topic}`).not.toContain(meetingUrl);
      }
      for (const now of [open, under]) {
        expect(card(page, now.id), `${path}: ${now.topic}`).toContain(`href="${meetingUrl}"`);
        expect(card(page, now.id), `${path}: ${now.topic}`).toContain("Join session");
        expect(card(page, now.id), `${path}: ${now.topic}`).not.toContain(JOIN_LATER_TEXT);
      }
    }

    // Over (not yet marked completed): neither the link nor a word about one.
    const over = await session(mentee.person.id, guide.person.id, -70, "Just over");
    for (const [path, cookie] of [["/user-dashboard/bookings?tab=past", mentee.cookie], ["/mentor-dashboard/bookings?tab=past", guide.cookie]] as const) {
      const shown = card(await html(await send(path, { cookie })), over.id);
      expect(shown, path).toContain("Just over");
      expect(shown, path).not.toContain(meetingUrl);
      expect(shown, path).not.toMatch(/appears here|will send a link/);
    }
  });

  test("without a meeting link, the mentee reads that the guide will send one and the guide is shown where to add it", async () => {
    const mentee = await signIn("user");
    const guide = await signIn("guide");
    await prisma.guideProfile.create({ data: { userId: guide.person.id, experienceYears: 8 } });
    const ahead = await session(mentee.person.id, guide.person.id, 3 * 24 * 60, "No link yet");

    const menteeCard = card(await html(await send("/user-dashboard/bookings", { cookie: mentee.cookie })), ahead.id);
    expect(menteeCard).toContain("The guide will send a link");
    expect(menteeCard).not.toContain("Add a video-call link");
    const guideCard = card(await html(await send("/mentor-dashboard/bookings", { cookie: guide.cookie })), ahead.id);
    expect(guideCard).toContain('href="/mentor-dashboard/availability"');
    expect(guideCard).toContain("Add a video-call link");
    expect(guideCard).not.toContain("will send a link");
  });

  test("the guide's overview keeps a session under way, to join until it ends, and offers no link days ahead", async () => {
    const { mentee, guide, meetingUrl } = await people();
    await session(mentee.person.id, guide.person.id, 3 * 24 * 60, "Three days ahead");
    let page = await html(await send("/mentor-dashboard", { cookie: guide.cookie }));
    expect(page).toContain("Three days ahead");
    expect(page).toContain(JOIN_LATER_TEXT);
    expect(page).not.toContain(`href="${meetingUrl}"`);

    await session(mentee.person.id, guide.person.id, -50, "Under way");
    const other = await createPerson("user");
    await session(other.id, guide.person.id, -70, "Already over");
    page = await html(await send("/mentor-dashboard", { cookie: guide.cookie }));
    expect(page).toContain("Under way");
    expect(page).not.toContain("Already over");
    expect(page).toContain(`href="${meetingUrl}"`);
    expect(page).toContain(`Join<span class="sr-only"> the session with ${mentee.person.name}</span>`);
  });
});
