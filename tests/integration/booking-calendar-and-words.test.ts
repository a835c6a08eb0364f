/**
 * "Add to calendar" on every upcoming session of both dashboards (the .ics route: the event the e-mails carry, the
 * person's own bookings only; Google Calendar's and Outlook's add-event links), and the words of the bookings screens
 * and e-mails: each state explained on its card, "Just booked" for a booking just made, and e-mails written to their
 * reader. Real Requests through the built app against the real database.
 */
import { beforeAll, describe, expect, test } from "vitest";
import "#app/jobs.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { ATTACHMENT_NOTE } from "#app/lib/mail.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { bookingConfirmed, cancelBooking, rescheduleBooking } from "#app/modules/bookings/lifecycle.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { actorOf, createPerson, postForm, send } from "#tests/app.ts";
import { createBookableGuide, freeStart } from "#tests/support/bookable-guide.ts";
import { clearOutbox, lastMailTo, mailTo } from "#tests/mocks/mail.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type Person = Awaited<ReturnType<typeof createPerson>>;

const cookieOf = async (person: Person) => (await commitSession(await createSession(person.id, "web"))).split(";")[0];
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, "");
const icsDate = (date: Date) => date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const field = (ics: string, name: string) => ics.match(new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, "m"))?.[1]?.trim();

async function booking(guide: Person, mentee: Person, startsAt: Date, data: { status?: string; topic?: string; answerBy?: Date; paid?: boolean } = {}) {
  const paid = data.paid ?? true;
  const created = await prisma.booking.create({
    data: {
      userId: mentee.id,
      guideId: guide.id,
      topic: data.topic ?? "Leading a staff retreat",
      additionalNotes: "We have twelve on staff.",
      rateCents: paid ? 5000 : 0,
      paymentStatus: paid ? "paid" : "unpaid",
      status: data.status ?? "confirmed",
      startsAt,
      durationMinutes: 60,
      answerBy: data.answerBy ?? null,
    },
  });
  await prisma.timeClaim.createMany({ data: blocksFor(startsAt, 60, 0).map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: created.id, expiresAt: null })) });
  return created;
}

/** The href of the card's link whose text starts with `label`. */
function linkOf(html: string, bookingId: number, label: string) {
  const card = html.slice(html.indexOf(`id="booking-${bookingId}"`));
  const match = [...card.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)/g)].find(([, , text]) => text.trim().startsWith(label));
  expect(match, label).toBeTruthy();
  return match![1];
}

describe("Add to calendar", () => {
  let guide: Person;
  let mentee: Person;
  let guideCookie: string;
  let menteeCookie: string;
  beforeAll(async () => {
    guide = await createBookableGuide({ meetingUrl: "https://meet.example.org/calendar-room" });
    mentee = await createPerson("user");
    [guideCookie, menteeCookie] = [await cookieOf(guide), await cookieOf(mentee)];
  });

  test("the .ics is the event the confirmation e-mail carries, for the mentee and the guide; another person's booking is a 404", async () => {
    const startsAt = await freeStart(guide.id, 3);
    const session = await booking(guide, mentee, startsAt);
    await bookingConfirmed(session.id);
    const mailed = unfold((await lastMailTo(mentee.email)).text.split(ATTACHMENT_NOTE)[1]);

    for (const [path, cookie] of [
      [`/user-dashboard/bookings/${session.id}/calendar.ics`, menteeCookie],
      [`/mentor-dashboard/bookings/${session.id}/calendar.ics`, guideCookie],
    ] as const) {
      const response = await send(path, { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/calendar/);
      expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="session-${session.id}.ics"`);
      const ics = unfold(await response.text());
      for (const name of ["UID", "DTSTART", "DTEND", "SUMMARY", "DESCRIPTION", "LOCATION", "ORGANIZER", "STATUS"]) expect(field(ics, name), name).toBe(field(mailed, name));
      expect(field(ics, "UID")).toBe(`booking-${session.id}@ministry-mentors`);
      expect(field(ics, "DTSTART")).toBe(icsDate(startsAt));
      expect(field(ics, "LOCATION")).toBe("https://meet.example.org/calendar-room");
    }

    const stranger = await createPerson("user");
    expect((await send(`/user-dashboard/bookings/${session.id}/calendar.ics`, { cookie: await cookieOf(stranger) })).status).toBe(404);
    expect((await send(`/mentor-dashboard/bookings/${session.id}/calendar.ics`, { cookie: await cookieOf(await createBookableGuide()) })).status).toBe(404);
    expect((await send("/user-dashboard/bookings/abc/calendar.ics", { cookie: menteeCookie })).status).toBe(400);
    // A request not yet accepted is not on anyone's calendar.
    const request = await booking(guide, mentee, await freeStart(guide.id, 4), { status: "requested" });
    const refused = await send(`/user-dashboard/bookings/${request.id}/calendar.ics`, { cookie: menteeCookie });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This session is not confirmed yet.");
  });

  test("downloaded again after a reschedule its SEQUENCE is higher and the time new; after a cancellation it is CANCELLED", async () => {
    const startsAt = await freeStart(guide.id, 6);
    const session = await booking(guide, mentee, startsAt);
    // Booked an hour ago.
    await prisma.booking.update({ where: { id: session.id }, data: { updatedAt: new Date(Date.now() - HOUR) } });
    const path = `/user-dashboard/bookings/${session.id}/calendar.ics`;
    const before = unfold(await (await send(path, { cookie: menteeCookie })).text());

    const target = await freeStart(guide.id, 8, 1);
    await rescheduleBooking(actorOf(mentee), session.id, target);
    const moved = unfold(await (await send(path, { cookie: menteeCookie })).text());
    expect(field(moved, "UID")).toBe(field(before, "UID"));
    expect(Number(field(moved, "SEQUENCE"))).toBeGreaterThan(Number(field(before, "SEQUENCE")));
    expect(field(moved, "DTSTART")).toBe(icsDate(target));
    expect(field(moved, "STATUS")).toBe("CONFIRMED");

    await prisma.booking.update({ where: { id: session.id }, data: { updatedAt: new Date(Date.now() - HOUR / 2) } });
    const movedSequence = Number(field(unfold(await (await send(path, { cookie: menteeCookie })).text()), "SEQUENCE"));
    await cancelBooking(actorOf(guide), session.id, null);
    const cancelled = unfold(await (await send(path, { cookie: menteeCookie })).text());
    expect(field(cancelled, "UID")).toBe(field(before, "UID"));
    expect(field(cancelled, "METHOD")).toBe("CANCEL");
    expect(field(cancelled, "STATUS")).toBe("CANCELLED");
    expect(Number(field(cancelled, "SEQUENCE"))).toBeGreaterThan(movedSequence);
  });

  test("every upcoming confirmed session has the three choices, with the title, UTC times, details and meeting link", async () => {
    const startsAt = await freeStart(guide.id, 10);
    const end = new Date(startsAt.getTime() + HOUR);
    const session = await booking(guide, mentee, startsAt, { topic: "Calendar topic" });
    const requested = await booking(guide, mentee, await freeStart(guide.id, 11), { status: "requested", topic: "Not yet accepted" });

    for (const [path, cookie, viewer] of [
      ["/user-dashboard/bookings", menteeCookie, "user"],
      ["/mentor-dashboard/bookings", guideCookie, "guide"],
    ] as const) {
      const html = await textOf(await send(`${path}?search=Calendar%20topic`, { cookie }));
      expect(html).toContain("Add to calendar");
      expect(linkOf(html, session.id, "Calendar file (.ics)")).toBe(`${viewer === "user" ? "/user-dashboard" : "/mentor-dashboard"}/bookings/${session.id}/calendar.ics`);

      const google = new URL(linkOf(html, session.id, "Google Calendar"));
      expect(google.origin + google.pathname).toBe("https://calendar.google.com/calendar/render");
      expect(Object.fromEntries(google.searchParams)).toEqual({
        action: "TEMPLATE",
        text: "Mentoring: Calendar topic",
        dates: `${icsDate(startsAt)}/${icsDate(end)}`,
        details: `Mentoring session with ${guide.name}.\nTopic: Calendar topic\nNotes: We have twelve on staff.\nMeeting link: https://meet.example.org/calendar-room`,
        location: "https://meet.example.org/calendar-room",
      });

      const outlook = new URL(linkOf(html, session.id, "Outlook.com"));
      expect(outlook.origin + outlook.pathname).toBe("https://outlook.live.com/calendar/0/deeplink/compose");
      expect(Object.fromEntries(outlook.searchParams)).toMatchObject({
        path: "/calendar/action/compose",
        rru: "addevent",
        subject: "Mentoring: Calendar topic",
        startdt: startsAt.toISOString().replace(/\.\d{3}/, ""),
        enddt: end.toISOString().replace(/\.\d{3}/, ""),
        location: "https://meet.example.org/calendar-room",
      });
      expect(outlook.searchParams.get("body")).toContain("Meeting link: https://meet.example.org/calendar-room");
    }
    // Not on a request the guide has not accepted.
    const requests = await textOf(await send("/user-dashboard/bookings?search=Not%20yet%20accepted", { cookie: menteeCookie }));
    expect(requests).toContain(`id="booking-${requested.id}"`);
    expect(requests).not.toContain("Add to calendar");
  });
});

describe("the words of the bookings screens", () => {
  let guide: Person;
  let mentee: Person;
  let guideCookie: string;
  let menteeCookie: string;
  beforeAll(async () => {
    guide = await createBookableGuide();
    mentee = await createPerson("user");
    await prisma.user.update({ where: { id: mentee.id }, data: { timeZone: "Europe/Berlin" } });
    [guideCookie, menteeCookie] = [await cookieOf(guide), await cookieOf(mentee)];
  });

  test("each state is explained on its card, a request with its deadline on the reader's clock", async () => {
    // Noon UTC three days on: 1 PM in Berlin (CET) or 2 PM (CEST), 7 or 8 AM in New York.
    const answerBy = new Date(Math.ceil(Date.now() / DAY) * DAY + 3 * DAY + 12 * HOUR);
    const request = await booking(guide, mentee, await freeStart(guide.id, 6), { status: "requested", topic: "A request topic", answerBy });
    const deadline = (zone: string) => new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone: zone }).format(answerBy);

    const menteePage = await textOf(await send("/user-dashboard/bookings", { cookie: menteeCookie }));
    expect(menteePage).toContain("Awaiting guide");
    expect(menteePage).toContain(`Your mentor has until ${deadline("Europe/Berlin")} to accept. If they do not answer by then, the request expires and you are refunded in full.`);
    const guidePage = await textOf(await send("/mentor-dashboard/bookings?tab=requests", { cookie: guideCookie }));
    expect(guidePage).toContain(`Accept or decline by ${deadline("America/New_York")}. If you do not answer by then, the request expires and the mentee is refunded in full.`);
    expect(guidePage).toContain(`id="booking-${request.id}-state"`);

    await booking(guide, mentee, new Date(Date.now() - 20 * DAY), { status: "expired", topic: "An expired hold", paid: false });
    const declined = await booking(guide, mentee, await freeStart(guide.id, 9), { status: "requested", topic: "A declined request" });
    await prisma.booking.update({ where: { id: declined.id }, data: { status: "declined", cancelledById: guide.id, cancelledAt: new Date() } });
    const past = await textOf(await send("/user-dashboard/bookings?tab=past", { cookie: menteeCookie }));
    expect(past).toContain("The payment was not completed in time, so the time was released.");
    expect(past).toContain("Your mentor declined this request. You are refunded in full.");
  });

  test("a booking just made reads \"Just booked\"; the same booking from a bell or e-mail link is not labelled", async () => {
    const startsAt = await freeStart(guide.id, 12);
    await prisma.sessionOption.update({ where: { guideId_minutes: { guideId: guide.id, minutes: 60 } }, data: { priceCents: 0 } });
    let location: string;
    try {
      const made = await postForm(`/mentor/${guide.id}/book`, { minutes: "60", startsAt: startsAt.toISOString(), topic: "Just made" }, menteeCookie);
      expect(made.status).toBe(302);
      location = made.headers.get("Location")!;
    } finally {
      await prisma.sessionOption.update({ where: { guideId_minutes: { guideId: guide.id, minutes: 60 } }, data: { priceCents: 5000 } });
    }
    const made = await prisma.booking.findFirstOrThrow({ where: { userId: mentee.id, topic: "Just made" } });
    expect(location).toBe(`/user-dashboard/bookings?booking=${made.id}&booked=1`);
    const landing = await send(location, { cookie: menteeCookie });
    const html = await textOf(landing.status === 302 ? await send(landing.headers.get("Location")!, { cookie: menteeCookie }) : landing);
    expect(html).toMatch(new RegExp(`<article id="booking-${made.id}"[^>]*aria-current="true"`));
    expect(html).toContain("Just booked");
    expect(html).not.toContain("From your link");

    const fromLink = await send(`/user-dashboard/bookings?booking=${made.id}`, { cookie: menteeCookie });
    const linked = await textOf(fromLink.status === 302 ? await send(fromLink.headers.get("Location")!, { cookie: menteeCookie }) : fromLink);
    expect(linked).toMatch(new RegExp(`<article id="booking-${made.id}"[^>]*aria-current="true"`));
    expect(linked).not.toContain("Just booked");
  });
});

describe("booking e-mails are written to their reader", () => {
  test("a mentee's reschedule: the mentee reads what they did, the guide what their mentee did", async () => {
    const guide = await createBookableGuide();
    const mentee = await createPerson("user", { name: "José Núñez" });
    const session = await booking(guide, mentee, await freeStart(guide.id, 5));
    await clearOutbox();
    await rescheduleBooking(actorOf(mentee), session.id, await freeStart(guide.id, 7, 1));
    const toMentee = await lastMailTo(mentee.email);
    expect(toMentee.text).toContain(`You moved your mentoring session with ${guide.name} to a new time.`);
    expect(toMentee.text).not.toContain("José Núñez moved");
    expect((await lastMailTo(guide.email)).text).toContain("José Núñez moved your mentoring session to a new time.");
  });

  test("a cancellation names the other person only when someone else cancelled", async () => {
    const guide = await createBookableGuide();
    const mentee = await createPerson("user");
    // The opening, after "Hello …,".
    const opening = (mail: { text: string }) => mail.text.split("\n\n")[1];
    const byGuide = await booking(guide, mentee, await freeStart(guide.id, 5));
    await clearOutbox();
    await cancelBooking(actorOf(guide), byGuide.id, null);
    expect(opening(await lastMailTo(mentee.email))).toBe(`${guide.name} cancelled your mentoring session.`);

    const byMentee = await booking(guide, mentee, await freeStart(guide.id, 8));
    await clearOutbox();
    await cancelBooking(actorOf(mentee), byMentee.id, null);
    expect((await mailTo(guide.email)).map(opening)).toEqual([`${mentee.name} cancelled your mentoring session.`]);

    const byTeam = await booking(guide, mentee, await freeStart(guide.id, 10));
    await clearOutbox();
    await cancelBooking(actorOf(await createPerson("admin")), byTeam.id, null);
    expect(opening(await lastMailTo(mentee.email))).toBe(`The Ministry Mentors team cancelled your mentoring session with ${guide.name}.`);
    expect(opening(await lastMailTo(guide.email))).toBe(`The Ministry Mentors team cancelled your mentoring session with ${mentee.name}.`);
  });
});
