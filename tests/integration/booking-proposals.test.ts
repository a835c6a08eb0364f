/**
 * A guide proposes another time for a confirmed session instead of cancelling it: the dialog of their own free
 * times, the mentee told (e-mail and bell), the proposal on the mentee's card with "Accept new time" and "Keep current
 * time". Accepting moves the session as a reschedule does (claims, reminders, calendar update, e-mails to each as their
 * own); a time taken meanwhile is refused clearly; keeping the current time clears the proposal and tells the guide.
 * A proposal is cleared when the booking is cancelled, rescheduled or starts. Only the booking's guide proposes; only
 * its mentee answers. Real Requests through the built app, and the domain functions, against the real database.
 */
import { beforeAll, describe, expect, test } from "vitest";
import "#app/jobs.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { ATTACHMENT_NOTE } from "#app/lib/mail.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { createBooking as bookSession } from "#app/modules/bookings/booking-flow.server.ts";
import { runBookingDeadlines } from "#app/modules/bookings/deadlines.server.ts";
import { answerProposal, bookingConfirmed, cancelBooking, proposeTime, rescheduleBooking } from "#app/modules/bookings/lifecycle.server.ts";
import { CHANGE_REFUSALS } from "#app/modules/bookings/policy.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { actorOf, createPerson, postForm, send } from "#tests/app.ts";
import { createBookableGuide, freeStart } from "#tests/support/bookable-guide.ts";
import { clearOutbox, lastMailTo, mailTo } from "#tests/mocks/mail.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type Person = Awaited<ReturnType<typeof createPerson>>;

const cookieOf = async (person: Person) => (await commitSession(await createSession(person.id, "web"))).split(";")[0];
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/** A confirmed, paid 60-minute session with its time claimed, as the booking flow and the payment leave it. */
async function confirmedBooking(guide: Person, mentee: Person, startsAt: Date, topic = "Shepherding a grieving congregation") {
  const booking = await prisma.booking.create({
    data: { userId: mentee.id, guideId: guide.id, topic, rateCents: 5000, paymentStatus: "paid", status: "confirmed", startsAt, durationMinutes: 60 },
  });
  await prisma.timeClaim.createMany({ data: blocksFor(startsAt, 60, 0).map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: booking.id, expiresAt: null })) });
  await bookingConfirmed(booking.id);
  return booking;
}

const icsOf = (text: string) => text.slice(text.indexOf(ATTACHMENT_NOTE)).replace(/\r?\n[ \t]/g, "");
const icsDate = (date: Date) => date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const bookingOf = (id: number) => prisma.booking.findUniqueOrThrow({ where: { id } });

describe("through the screens", () => {
  let guide: Person;
  let mentee: Person;
  let guideCookie: string;
  let menteeCookie: string;
  beforeAll(async () => {
    guide = await createBookableGuide({ meetingUrl: "https://meet.example.org/room" });
    mentee = await createPerson("user");
    await prisma.user.update({ where: { id: mentee.id }, data: { timeZone: "Europe/Berlin" } });
    [guideCookie, menteeCookie] = [await cookieOf(guide), await cookieOf(mentee)];
  });

  test("the guide proposes one of their free times with a note; the mentee is told and sees it with Accept new time and Keep current time", async () => {
    const startsAt = await freeStart(guide.id, 3);
    const booking = await confirmedBooking(guide, mentee, startsAt);
    const proposed = await freeStart(guide.id, 5, 2);

    const card = await textOf(await send("/mentor-dashboard/bookings", { cookie: guideCookie }));
    expect(card).toContain(`href="/mentor-dashboard/bookings?propose=${booking.id}"`);
    expect(card).toContain("Propose another time");

    const dialog = await textOf(await send(`/mentor-dashboard/bookings?propose=${booking.id}&week=${proposed.toISOString().slice(0, 10)}`, { cookie: guideCookie }));
    expect(dialog).toContain("Choose a time to propose");
    expect(dialog).toContain(`value="${proposed.toISOString()}"`);
    expect(dialog).not.toContain(`value="${startsAt.toISOString()}"`);

    await clearOutbox();
    const response = await postForm(
      `/mentor-dashboard/bookings?propose=${booking.id}`,
      { intent: "propose", bookingId: String(booking.id), startsAt: proposed.toISOString(), note: "A funeral came up that morning." },
      guideCookie,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/mentor-dashboard/bookings");
    expect(await bookingOf(booking.id)).toMatchObject({ startsAt, proposedStartsAt: proposed, proposalNote: "A funeral came up that morning." });
    expect((await bookingOf(booking.id)).proposedAt).toBeInstanceOf(Date);
    // Nothing is claimed at the proposed time until the mentee accepts.
    expect((await prisma.timeClaim.findMany({ where: { bookingId: booking.id } })).map((claim) => claim.blockStart)).toEqual(blocksFor(startsAt, 60, 0));

    const mail = await lastMailTo(mentee.email);
    expect(mail.subject).toBe(`${guide.name} proposes another time for your session`);
    expect(mail.text).toContain(`${guide.name} proposes to move your mentoring session to`);
    expect(mail.text).toMatch(/proposes to move your mentoring session to \w+day, .*[AP]M, Central European Time \(Europe\/Berlin\)\./);
    expect(mail.text).toContain(`Note from ${guide.name}: A funeral came up that morning.`);
    expect(mail.text).toContain(`/user-dashboard/bookings?booking=${booking.id}`);
    expect(await prisma.notification.count({ where: { userId: mentee.id, title: `${guide.name} proposes another time` } })).toBe(1);

    const menteePage = await textOf(await send("/user-dashboard/bookings", { cookie: menteeCookie }));
    expect(menteePage).toContain(`${guide.name} proposes to move this session to`);
    expect(menteePage).toContain(`dateTime="${proposed.toISOString()}"`);
    expect(menteePage).toContain(`Note from ${guide.name}: "A funeral came up that morning."`);
    expect(menteePage).toContain("Accept new time");
    expect(menteePage).toContain("Keep current time");
    // The guide sees their proposal waiting.
    expect(await textOf(await send("/mentor-dashboard/bookings", { cookie: guideCookie }))).toContain(`Waiting for ${mentee.name} to accept it or keep the current time.`);
  });

  test("the mentee accepts: the session moves exactly as a reschedule does, each e-mail written to its reader", async () => {
    const startsAt = await freeStart(guide.id, 8);
    const booking = await confirmedBooking(guide, mentee, startsAt, "Elder board retreat");
    const proposed = await freeStart(guide.id, 10, 1);
    await proposeTime(actorOf(guide), booking.id, proposed, null);
    await clearOutbox();

    const response = await postForm("/user-dashboard/bookings", { intent: "accept-proposal", bookingId: String(booking.id) }, menteeCookie);
    expect(response.status).toBe(302);
    expect(await bookingOf(booking.id)).toMatchObject({ startsAt: proposed, proposedStartsAt: null, proposalNote: null, proposedAt: null, status: "confirmed" });
    const claims = await prisma.timeClaim.findMany({ where: { bookingId: booking.id }, orderBy: { blockStart: "asc" } });
    expect(claims.map((claim) => claim.blockStart)).toEqual(blocksFor(proposed, 60, 0));
    const reminders = await prisma.job.findMany({ where: { key: { contains: `:${booking.id}@` }, doneAt: null }, orderBy: { runAt: "asc" } });
    expect(reminders.map((job) => job.runAt.getTime())).toEqual([proposed.getTime() - DAY, proposed.getTime() - HOUR]);

    const toMentee = await lastMailTo(mentee.email);
    const toGuide = await lastMailTo(guide.email);
    expect(toMentee.subject).toBe(`Your session with ${guide.name} has moved`);
    expect(toGuide.subject).toBe(`${mentee.name} accepted your new time`);
    for (const mail of [toMentee, toGuide]) {
      expect(icsOf(mail.text).match(/^DTSTART:(\S+)/m)?.[1]).toBe(icsDate(proposed));
      expect(icsOf(mail.text)).toContain(`UID:booking-${booking.id}@ministry-mentors`);
    }
    expect(toMentee.text).toContain(`You accepted the new time ${guide.name} proposed, so your mentoring session has moved.`);
    expect(toGuide.text).toContain(`${mentee.name} accepted the new time you proposed, so your mentoring session has moved.`);
    expect(await prisma.notification.count({ where: { userId: guide.id, title: `${mentee.name} accepted your new time` } })).toBe(1);
    // Answered: no proposal on the card any more, and a second answer is refused.
    expect(await textOf(await send("/user-dashboard/bookings", { cookie: menteeCookie }))).not.toContain(`id="booking-${booking.id}-proposal"`);
    const again = await postForm("/user-dashboard/bookings", { intent: "accept-proposal", bookingId: String(booking.id) }, menteeCookie);
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain(CHANGE_REFUSALS.noProposal);
  });

  test("the mentee keeps the current time: the proposal is cleared and the guide told", async () => {
    const startsAt = await freeStart(guide.id, 12);
    const booking = await confirmedBooking(guide, mentee, startsAt, "Budget season");
    const proposed = await freeStart(guide.id, 13, 1);
    await proposeTime(actorOf(guide), booking.id, proposed, "Would this suit you?");
    await clearOutbox();

    const response = await postForm("/user-dashboard/bookings", { intent: "decline-proposal", bookingId: String(booking.id) }, menteeCookie);
    expect(response.status).toBe(302);
    expect(await bookingOf(booking.id)).toMatchObject({ startsAt, proposedStartsAt: null, proposalNote: null });
    const mail = await lastMailTo(guide.email);
    expect(mail.subject).toBe(`${mentee.name} kept the current time of your session`);
    expect(mail.text).toContain(`${mentee.name} would rather keep the current time of your mentoring session, so it stays as it is.`);
    expect(await prisma.notification.count({ where: { userId: guide.id, title: `${mentee.name} kept the current time` } })).toBe(1);
    expect(await mailTo(mentee.email)).toHaveLength(0);
  });

  test("only the booking's guide proposes and only its mentee answers, on the screens too", async () => {
    const booking = await confirmedBooking(guide, mentee, await freeStart(guide.id, 15));
    const proposed = await freeStart(guide.id, 16, 1);
    const fields = { intent: "propose", bookingId: String(booking.id), startsAt: proposed.toISOString() };

    // Another guide: the same 404 as a missing booking, on the dialog and the change.
    const otherGuide = await createBookableGuide();
    const otherCookie = await cookieOf(otherGuide);
    expect((await send(`/mentor-dashboard/bookings?propose=${booking.id}`, { cookie: otherCookie })).status).toBe(404);
    expect((await postForm("/mentor-dashboard/bookings", fields, otherCookie)).status).toBe(404);
    // The mentee's screen does not take a proposal, nor the guide's an answer.
    expect((await postForm("/user-dashboard/bookings", fields, menteeCookie)).status).toBe(400);
    expect((await postForm("/mentor-dashboard/bookings", { intent: "accept-proposal", bookingId: String(booking.id) }, guideCookie)).status).toBe(400);
    // The domain functions check again whoever calls them.
    await expect(proposeTime(actorOf(mentee), booking.id, proposed, null)).rejects.toMatchObject({ status: 403, message: "Only the guide can propose another time." });
    await proposeTime(actorOf(guide), booking.id, proposed, null);
    await expect(answerProposal(actorOf(guide), booking.id, true)).rejects.toMatchObject({ status: 403, message: "Only the mentee can answer a proposed time." });
    const stranger = await createPerson("user");
    await expect(answerProposal(actorOf(stranger), booking.id, true)).rejects.toMatchObject({ status: 404 });
    expect((await postForm("/user-dashboard/bookings", { intent: "accept-proposal", bookingId: String(booking.id) }, await cookieOf(stranger))).status).toBe(404);
    expect(await bookingOf(booking.id)).toMatchObject({ startsAt: booking.startsAt, proposedStartsAt: proposed });
  });

  test("a time that is not free, the session's own time, or no time at all is refused with a clear message", async () => {
    const startsAt = await freeStart(guide.id, 18);
    const booking = await confirmedBooking(guide, mentee, startsAt);
    const taken = await confirmedBooking(guide, await createPerson("user"), await freeStart(guide.id, 18, 3));
    for (const [startsAtValue, message] of [
      [taken.startsAt!.toISOString(), CHANGE_REFUSALS.timeNotFree],
      [startsAt.toISOString(), CHANGE_REFUSALS.sameTime],
      ["", "Choose a new time"],
      // No time ticked: the browser sends no field at all, and the person reads the same words, never a field's name.
      [null, "Choose a new time"],
    ] as const) {
      const fields = { intent: "propose", bookingId: String(booking.id), ...(startsAtValue === null ? {} : { startsAt: startsAtValue }) };
      const response = await postForm("/mentor-dashboard/bookings", fields, guideCookie);
      expect(response.status).toBeGreaterThanOrEqual(400);
      const page = await textOf(response);
      expect(page).toContain(message);
      expect(page).not.toContain("startsAt:");
    }
    expect((await bookingOf(booking.id)).proposedStartsAt).toBeNull();
  });
});

describe("races and what clears a proposal", () => {
  let guide: Person;
  beforeAll(async () => {
    guide = await createBookableGuide();
  });

  test("a time taken between the proposal and the acceptance: refused clearly, the session stays, the proposal is cleared and the guide told", async () => {
    const mentee = await createPerson("user");
    const startsAt = await freeStart(guide.id, 4);
    const booking = await confirmedBooking(guide, mentee, startsAt);
    const proposed = await freeStart(guide.id, 6, 2);
    await proposeTime(actorOf(guide), booking.id, proposed, null);
    // Meanwhile another mentee books that very time: the booking flow holds it for their payment.
    const other = await createPerson("user");
    const held = await bookSession(other.id, { guideId: guide.id, minutes: 60, startsAt: proposed, topic: "Taken first", intro: false });
    expect(held.status).toBe("held");

    const response = await postForm("/user-dashboard/bookings", { intent: "accept-proposal", bookingId: String(booking.id) }, await cookieOf(mentee));
    expect(response.status).toBe(409);
    expect(await textOf(response)).toContain(CHANGE_REFUSALS.proposalTaken);
    expect(await bookingOf(booking.id)).toMatchObject({ startsAt, proposedStartsAt: null, status: "confirmed" });
    expect((await prisma.timeClaim.findMany({ where: { bookingId: booking.id } })).map((claim) => claim.blockStart)).toEqual(blocksFor(startsAt, 60, 0));
    expect(await prisma.booking.count({ where: { guideId: guide.id, startsAt: proposed } })).toBe(1);
    expect(await prisma.notification.count({ where: { userId: guide.id, title: `${mentee.name} could not take your new time` } })).toBe(1);
  });

  test("a mentee moving another session into the proposed time while the first accepts: one gets it, the time is claimed once", async () => {
    const [first, second] = [await createPerson("user"), await createPerson("user")];
    const proposed = await freeStart(guide.id, 20, 3);
    const proposedTo = await confirmedBooking(guide, first, await freeStart(guide.id, 20));
    const mover = await confirmedBooking(guide, second, await freeStart(guide.id, 22));
    await proposeTime(actorOf(guide), proposedTo.id, proposed, null);
    const outcomes = await Promise.allSettled([answerProposal(actorOf(first), proposedTo.id, true), rescheduleBooking(actorOf(second), mover.id, proposed)]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes.filter((each) => each.status === "rejected")) expect((outcome as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
    expect(await prisma.booking.count({ where: { guideId: guide.id, startsAt: proposed } })).toBe(1);
    expect(await prisma.timeClaim.count({ where: { guideId: guide.id, blockStart: { in: blocksFor(proposed, 60, 0) } } })).toBe(4);
    expect((await bookingOf(proposedTo.id)).proposedStartsAt).toBeNull();
  });

  test("two answers at once: the session moves once", async () => {
    const mentee = await createPerson("user");
    const booking = await confirmedBooking(guide, mentee, await freeStart(guide.id, 25));
    const proposed = await freeStart(guide.id, 26, 1);
    await proposeTime(actorOf(guide), booking.id, proposed, null);
    await clearOutbox();
    const outcomes = await Promise.allSettled([answerProposal(actorOf(mentee), booking.id, true), answerProposal(actorOf(mentee), booking.id, true)]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect((await bookingOf(booking.id)).startsAt).toEqual(proposed);
    expect((await mailTo(mentee.email)).filter((mail) => mail.subject === `Your session with ${guide.name} has moved`)).toHaveLength(1);
  });

  test("cancelling or rescheduling the booking clears its proposal", async () => {
    const mentee = await createPerson("user");
    const cancelled = await confirmedBooking(guide, mentee, await freeStart(guide.id, 28));
    await proposeTime(actorOf(guide), cancelled.id, await freeStart(guide.id, 29, 1), null);
    await cancelBooking(actorOf(guide), cancelled.id, null);
    expect(await bookingOf(cancelled.id)).toMatchObject({ status: "cancelled", proposedStartsAt: null, proposalNote: null, proposedAt: null });

    const moved = await confirmedBooking(guide, mentee, await freeStart(guide.id, 31));
    await proposeTime(actorOf(guide), moved.id, await freeStart(guide.id, 32, 1), "Or this?");
    const own = await freeStart(guide.id, 33, 2);
    await rescheduleBooking(actorOf(mentee), moved.id, own);
    expect(await bookingOf(moved.id)).toMatchObject({ startsAt: own, proposedStartsAt: null, proposalNote: null });
  });

  test("once the session starts the proposal lapses: the sweep clears it and it can no longer be answered", async () => {
    const mentee = await createPerson("user");
    const startsAt = await freeStart(guide.id, 35);
    const booking = await confirmedBooking(guide, mentee, startsAt);
    await proposeTime(actorOf(guide), booking.id, await freeStart(guide.id, 36, 1), null);
    const started = new Date(startsAt.getTime() + 60_000);
    await expect(answerProposal(actorOf(mentee), booking.id, true, started)).rejects.toMatchObject({ status: 409, message: CHANGE_REFUSALS.started });
    await runBookingDeadlines(new Date(startsAt.getTime() - 60_000));
    expect((await bookingOf(booking.id)).proposedStartsAt).not.toBeNull();
    expect((await runBookingDeadlines(started)).proposalsLapsed).toBeGreaterThanOrEqual(1);
    expect(await bookingOf(booking.id)).toMatchObject({ proposedStartsAt: null, status: "confirmed", startsAt });
  });
});
