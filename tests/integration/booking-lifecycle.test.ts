/**
 * A booking's life after it exists: the confirmation (e-mails with a calendar invitation, reminders run once),
 * cancellations and their refunds, declines, reschedules, accepting requests, marking sessions, expiring holds,
 * and the bookings screens of both dashboards. Real Requests through the built app against the real database;
 * Stripe is the local test-mode stand-in (tests/mocks/stripe.ts).
 */
import { beforeAll, describe, expect, test } from "vitest";
import "#app/jobs.server.ts";
import { prisma } from "#app/lib/db.server.ts";
import { runDueJobs } from "#app/lib/jobs.server.ts";
import { ATTACHMENT_NOTE } from "#app/lib/mail.server.ts";
import {
  bookingConfirmed,
  cancelBooking,
  expireHold,
  HOLD_EXPIRY_JOB,
  holdKey,
  markCompleted,
  rescheduleBooking,
} from "#app/modules/bookings/lifecycle.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { enqueue } from "#app/lib/jobs.server.ts";
import { actorOf, createPerson, postForm, send, signIn } from "#tests/app.ts";
import { createBookableGuide, freeStart } from "#tests/support/bookable-guide.ts";
import { clearOutbox, lastMailTo, mailTo } from "#tests/mocks/mail.ts";
import { stripeRequests } from "#tests/mocks/stripe.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Person = Awaited<ReturnType<typeof createPerson>>;

/** A bookable guide (tests/support/bookable-guide.ts) with a meeting link unless told. */
const createGuide = ({ meetingUrl = "https://meet.example.org/pastor-room" as string | null } = {}) => createBookableGuide({ meetingUrl });

async function createMentee() {
  const mentee = await createPerson("user");
  await prisma.user.update({ where: { id: mentee.id }, data: { timeZone: "Europe/Berlin" } });
  return mentee;
}

/**
 * A booking as the booking flow and the payment leave it: its time claimed, and when paid a succeeded Payment
 * with its PaymentIntent.
 */
async function createBooking(
  guide: Person,
  mentee: Person,
  startsAt: Date,
  { status = "confirmed", paid = true, minutes = 60, holdExpiresAt = null as Date | null, topic = "Leading through a building campaign" } = {},
) {
  const booking = await prisma.booking.create({
    data: {
      userId: mentee.id,
      guideId: guide.id,
      topic,
      rateCents: paid ? 5000 : 0,
      paymentStatus: status === "held" ? "pending" : paid ? "paid" : "unpaid",
      status,
      startsAt,
      durationMinutes: minutes,
      holdExpiresAt,
    },
  });
  await prisma.timeClaim.createMany({
    data: blocksFor(startsAt, minutes, 0).map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: booking.id, expiresAt: holdExpiresAt })),
  });
  if (paid) {
    await prisma.payment.create({
      data: {
        bookingId: booking.id,
        userId: mentee.id,
        guideId: guide.id,
        amountCents: 5000,
        status: status === "held" ? "pending" : "succeeded",
        stripePaymentIntentId: `pi_test_lifecycle_${booking.id}_${Date.now()}`,
        paidAt: status === "held" ? null : new Date(),
      },
    });
  }
  return booking;
}

/** A start `hours` from now on a quarter hour (for sessions whose time the test needs, free or not). */
const hoursFromNow = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / (15 * 60_000)) * 15 * 60_000);

/** The .ics an outbox message carries after its text (see ATTACHMENT_NOTE in app/lib/mail.server.ts). */
function icsOf(text: string) {
  const at = text.indexOf(ATTACHMENT_NOTE);
  expect(at).toBeGreaterThan(-1);
  // Long lines are folded (RFC 5545: a line break and a space): unfolded here, as a calendar reads them.
  const ics = text.slice(text.indexOf("\n", at) + 1).replace(/\r?\n[ \t]/g, "");
  expect(ics).toContain("BEGIN:VCALENDAR");
  return ics;
}

const icsDate = (date: Date) => date.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const refundRequests = () => stripeRequests.filter((request) => request.method === "POST" && request.path === "/v1/refunds");

async function landingHtml(response: Response, cookie: string) {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  const setCookie = response.headers.getSetCookie().map((value) => value.split(";")[0]);
  return (await send(location, { cookie: [cookie, ...setCookie].join("; ") })).text();
}

describe("a confirmed booking", () => {
  let guide: Person;
  let mentee: Person;
  beforeAll(async () => {
    guide = await createGuide();
    mentee = await createMentee();
  });

  test("both people get the confirmation with a calendar invitation, times in their own zones, and it is in their bells", async () => {
    const startsAt = await freeStart(guide.id, 4);
    const booking = await createBooking(guide, mentee, startsAt);
    await bookingConfirmed(booking.id);

    for (const person of [mentee, guide]) {
      const mail = await lastMailTo(person.email);
      expect(mail.subject).toBe(`Your session with ${(person === mentee ? guide : mentee).name} is confirmed`);
      expect(mail.text).toContain("Topic: Leading through a building campaign");
      expect(mail.text).toContain("Meeting link: https://meet.example.org/pastor-room");
      const ics = icsOf(mail.text);
      expect(ics).toMatch(/METHOD:REQUEST/);
      expect(ics.match(/^DTSTART:(\S+)/m)?.[1]).toBe(icsDate(startsAt));
      expect(ics.match(/^DTEND:(\S+)/m)?.[1]).toBe(icsDate(new Date(startsAt.getTime() + HOUR)));
      expect(ics).toContain(`UID:booking-${booking.id}@ministry-mentors`);
      expect(ics).toMatch(/SUMMARY:Mentoring: Leading through a building campaign/);
      expect(ics).toMatch(/DESCRIPTION:.*Topic: Leading through a building campaign/);
      expect(ics).toMatch(/LOCATION:https:\/\/meet\.example\.org\/pastor-room/);
      // Addressed to its reader alone, from the product: neither learns the other's e-mail address, which no screen shows.
      const other = person === mentee ? guide : mentee;
      expect(ics).toContain('ORGANIZER;CN="Ministry Mentors":mailto:no-reply@ministrymentors.org');
      expect(ics).toMatch(new RegExp(`ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN="[^"]+":MAILTO:${person.email}`));
      expect(mail.text.replace(/\r?\n /g, "")).not.toContain(other.email);
    }
    // Each in their own zone, named.
    expect((await lastMailTo(mentee.email)).text).toMatch(/When: .*[AP]M, Central European Time \(Europe\/Berlin\)\n/);
    expect((await lastMailTo(guide.email)).text).toMatch(/When: .*[AP]M, Eastern Time \(America\/New_York\)\n/);
    expect(await prisma.notification.count({ where: { userId: mentee.id, kind: "booking" } })).toBeGreaterThanOrEqual(1);
    expect(await prisma.notification.count({ where: { userId: guide.id, kind: "booking" } })).toBeGreaterThanOrEqual(1);

    // Reminders a day and an hour ahead.
    const jobs = await prisma.job.findMany({ where: { key: { contains: `:${booking.id}@` }, doneAt: null }, orderBy: { runAt: "asc" } });
    expect(jobs.map((job) => job.runAt.getTime())).toEqual([startsAt.getTime() - DAY, startsAt.getTime() - HOUR]);
  });

  test("without a meeting link the invitation says the guide will send one; a reminder already past is not scheduled", async () => {
    const noLink = await createGuide({ meetingUrl: null });
    const startsAt = hoursFromNow(5);
    const booking = await createBooking(noLink, mentee, startsAt);
    await bookingConfirmed(booking.id);
    const mail = await lastMailTo(mentee.email);
    expect(mail.text).toContain("Meeting link: The guide will send a link");
    expect(icsOf(mail.text)).toContain("LOCATION:The guide will send a link");
    // The guide, who is that guide, reads what to do and where.
    const toGuide = await lastMailTo(noLink.email);
    expect(toGuide.text).toContain(`Meeting link: none yet. Add yours under Availability, or send ${mentee.name} one in a message: http://localhost:3000/mentor-dashboard/availability\n`);
    expect(toGuide.html).toContain('href="http://localhost:3000/mentor-dashboard/availability"');
    const jobs = await prisma.job.findMany({ where: { key: { contains: `:${booking.id}@` } } });
    expect(jobs.map((job) => job.key!.split(":")[0])).toEqual(["remind-1h"]);
  });

  test("a reminder is sent once, even when two workers run the due jobs at the same moment", async () => {
    const startsAt = await freeStart(guide.id, 6);
    const booking = await createBooking(guide, mentee, startsAt, { topic: "Reminder topic" });
    await bookingConfirmed(booking.id);
    await clearOutbox();
    const dayBefore = new Date(startsAt.getTime() - DAY + 1000);
    await Promise.all([runDueJobs(dayBefore), runDueJobs(dayBefore)]);
    await runDueJobs(dayBefore);
    const reminders = async (email: string) => (await mailTo(email)).filter((mail) => mail.subject.startsWith("Reminder:") && mail.text.includes("Reminder topic"));
    expect(await reminders(mentee.email)).toHaveLength(1);
    expect(await reminders(guide.email)).toHaveLength(1);
    expect((await reminders(mentee.email))[0].subject).toBe(`Reminder: your session with ${guide.name} is tomorrow`);
  });

  test("a booking cancelled since gets no reminder, also when its job was not cancelled", async () => {
    const startsAt = await freeStart(guide.id, 8);
    const booking = await createBooking(guide, mentee, startsAt, { topic: "Cancelled reminder" });
    await bookingConfirmed(booking.id);
    // The status changes behind the jobs' back: the reminder checks again when it runs.
    await prisma.booking.update({ where: { id: booking.id }, data: { status: "cancelled" } });
    await clearOutbox();
    await runDueJobs(new Date(startsAt.getTime() - HOUR + 1000));
    expect((await mailTo(mentee.email)).filter((mail) => mail.text.includes("Cancelled reminder"))).toHaveLength(0);
    expect((await mailTo(guide.email)).filter((mail) => mail.text.includes("Cancelled reminder"))).toHaveLength(0);
  });
});

describe("cancelling", () => {
  let guide: Person;
  let mentee: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    guide = await createGuide();
    mentee = await signIn("user");
  });

  test("the mentee cancels inside the window from the screen: a full refund, the time is free, the guide is told", async () => {
    const startsAt = await freeStart(guide.id, 5);
    const booking = await createBooking(guide, mentee.person, startsAt);
    await bookingConfirmed(booking.id);

    const dialog = await (await send(`/user-dashboard/bookings?cancel=${booking.id}`, { cookie: mentee.cookie })).text();
    expect(dialog).toContain("Cancel at least 24 hours before the session for a full refund. Later cancellations are refunded 50%.");
    expect(dialog).toContain("You will get a full refund of $50.00.");

    const response = await postForm(`/user-dashboard/bookings?cancel=${booking.id}`, { intent: "cancel", bookingId: String(booking.id), reason: "Our board meeting moved" }, mentee.cookie);
    expect(response.headers.get("Location")).toBe("/user-dashboard/bookings");
    const landing = await landingHtml(response, mentee.cookie);
    expect(landing).toContain("Booking cancelled");

    const after = await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } });
    expect(after).toMatchObject({ status: "cancelled", cancelledById: mentee.person.id, cancelReason: "Our board meeting moved" });
    expect(after.cancelledAt).toBeInstanceOf(Date);
    expect(await prisma.timeClaim.count({ where: { bookingId: booking.id } })).toBe(0);
    const refunds = refundRequests();
    expect(refunds).toHaveLength(1);
    expect(refunds[0].body).toMatchObject({ amount: "5000", payment_intent: expect.stringContaining("pi_test_lifecycle_") });

    const told = await lastMailTo(guide.email);
    expect(told.subject).toBe(`${mentee.person.name} cancelled your session`);
    expect(told.text).toContain("Reason given: Our board meeting moved");
    expect(icsOf(told.text)).toContain("METHOD:CANCEL");
    expect(await prisma.notification.findFirst({ where: { userId: guide.id, title: { contains: "cancelled" } } })).not.toBeNull();
    // Its reminders are cancelled.
    expect(await prisma.job.count({ where: { key: { contains: `:${booking.id}@` }, doneAt: null } })).toBe(0);
  });

  test("later than the window the mentee is refunded the policy's share, as the dialog said", async () => {
    const booking = await createBooking(guide, mentee.person, hoursFromNow(5));
    const dialog = await (await send(`/user-dashboard/bookings?cancel=${booking.id}`, { cookie: mentee.cookie })).text();
    expect(dialog).toContain("you will be refunded 50%: $25.00 of the $50.00 you paid");
    const outcome = await cancelBooking(actorOf(mentee.person), booking.id, null);
    expect(outcome).toMatchObject({ status: "cancelled", refundedCents: 2500 });
    expect(refundRequests()[0].body).toMatchObject({ amount: "2500" });
  });

  test("the guide declines a paid request: a full refund, and the mentee hears why", async () => {
    const guideSession = await signIn("guide");
    await prisma.guideProfile.create({ data: { userId: guideSession.person.id, noticeHours: 1 } });
    const startsAt = new Date(Date.now() + 2 * HOUR);
    const booking = await createBooking(guideSession.person, mentee.person, startsAt, { status: "requested" });
    const requests = await (await send("/mentor-dashboard/bookings?tab=requests", { cookie: guideSession.cookie })).text();
    expect(requests).toContain("Leading through a building campaign");
    expect(requests).toContain("Accept");

    const response = await postForm("/mentor-dashboard/bookings?tab=requests", { intent: "decline", bookingId: String(booking.id), reason: "I am travelling that week" }, guideSession.cookie);
    expect(response.headers.get("Location")).toBe("/mentor-dashboard/bookings?tab=requests");
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ status: "declined", cancelReason: "I am travelling that week" });
    expect(refundRequests()[0].body).toMatchObject({ amount: "5000" });
    const mail = await lastMailTo(mentee.person.email);
    expect(mail.subject).toBe(`${guideSession.person.name} declined your session`);
    expect(mail.text).toContain("You will be refunded $50.00");
  });

  test("another person's booking is a 404, on the screen and for the change", async () => {
    const startsAt = await freeStart(guide.id, 7);
    const booking = await createBooking(guide, mentee.person, startsAt);
    const stranger = await signIn("user");
    expect((await send(`/user-dashboard/bookings?cancel=${booking.id}`, { cookie: stranger.cookie })).status).toBe(404);
    const refused = await postForm("/user-dashboard/bookings", { intent: "cancel", bookingId: String(booking.id) }, stranger.cookie);
    expect(refused.status).toBe(404);
    const otherGuide = await signIn("guide");
    await prisma.guideProfile.create({ data: { userId: otherGuide.person.id } });
    expect((await postForm("/mentor-dashboard/bookings", { intent: "cancel", bookingId: String(booking.id) }, otherGuide.cookie)).status).toBe(404);
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("confirmed");
    expect(refundRequests()).toHaveLength(0);
  });

  test("a change the booking's state forbids is a 409 that says why", async () => {
    const startsAt = await freeStart(guide.id, 9);
    const booking = await createBooking(guide, mentee.person, startsAt);
    await cancelBooking(actorOf(mentee.person), booking.id, null);
    const again = await postForm("/user-dashboard/bookings", { intent: "cancel", bookingId: String(booking.id) }, mentee.cookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This booking can no longer be changed.");

    const upcoming = await createBooking(guide, mentee.person, await freeStart(guide.id, 10));
    await expect(markCompleted(actorOf(guide), upcoming.id)).rejects.toMatchObject({ status: 409, message: "You can mark a session only after it has started." });
    await expect(rescheduleBooking(actorOf(guide), upcoming.id, new Date(startsAt.getTime() + DAY))).rejects.toMatchObject({ status: 403 });
    const soon = await createBooking(guide, mentee.person, hoursFromNow(3.5));
    await expect(rescheduleBooking(actorOf(mentee.person), soon.id, await freeStart(guide.id, 3))).rejects.toMatchObject({
      status: 409,
      message: "Sessions can be rescheduled up to 24 hours before they start. Please cancel instead.",
    });
  });
});

describe("rescheduling", () => {
  let guide: Person;
  let mentee: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    guide = await createGuide();
    mentee = await signIn("user");
    await prisma.user.update({ where: { id: mentee.person.id }, data: { timeZone: "Europe/Berlin" } });
  });

  test("the mentee moves a session to another free time: claims, reminders and invitations follow", async () => {
    const startsAt = await freeStart(guide.id, 4);
    const booking = await createBooking(guide, mentee.person, startsAt);
    await bookingConfirmed(booking.id);
    const target = await freeStart(guide.id, 6, 1);

    const dialog = await (await send(`/user-dashboard/bookings?reschedule=${booking.id}&week=${target.toISOString().slice(0, 10)}`, { cookie: mentee.cookie })).text();
    expect(dialog).toContain("Choose a new time");
    expect(dialog).toContain(`value="${target.toISOString()}"`);

    const response = await postForm(`/user-dashboard/bookings?reschedule=${booking.id}`, { intent: "reschedule", bookingId: String(booking.id), startsAt: target.toISOString() }, mentee.cookie);
    expect(response.headers.get("Location")).toBe("/user-dashboard/bookings");
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).startsAt).toEqual(target);
    const claims = await prisma.timeClaim.findMany({ where: { bookingId: booking.id }, orderBy: { blockStart: "asc" } });
    expect(claims.map((claim) => claim.blockStart)).toEqual(blocksFor(target, 60, 0));
    const pending = await prisma.job.findMany({ where: { key: { contains: `:${booking.id}@` }, doneAt: null }, orderBy: { runAt: "asc" } });
    expect(pending.map((job) => job.runAt.getTime())).toEqual([target.getTime() - DAY, target.getTime() - HOUR]);
    for (const email of [mentee.person.email, guide.email]) {
      const mail = await lastMailTo(email);
      expect(mail.subject).toBe(email === guide.email ? `${mentee.person.name} moved your session` : `You moved your session with ${guide.name}`);
      expect(icsOf(mail.text).match(/^DTSTART:(\S+)/m)?.[1]).toBe(icsDate(target));
    }
    // The old time's reminder, if it ran, sends nothing: the session is no longer then.
    await clearOutbox();
    await runDueJobs(new Date(startsAt.getTime() - DAY + 1000));
    expect((await mailTo(mentee.person.email)).filter((mail) => mail.subject.startsWith("Reminder:"))).toHaveLength(0);
  });

  test("a time another booking holds is refused with a 409", async () => {
    const first = await createBooking(guide, mentee.person, await freeStart(guide.id, 5));
    const otherTime = await freeStart(guide.id, 5, 2);
    await createBooking(guide, await createMentee(), otherTime);
    const response = await postForm("/user-dashboard/bookings", { intent: "reschedule", bookingId: String(first.id), startsAt: otherTime.toISOString() }, mentee.cookie);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("That time is not free. Please choose another.");
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: first.id } })).startsAt).not.toEqual(otherTime);
    expect(await prisma.timeClaim.count({ where: { bookingId: first.id } })).toBe(4);
  });

  test("several mentees moving to one time at once: one gets it, the others a 409, and the time is claimed once", async () => {
    const target = await freeStart(guide.id, 12, 3);
    const movers = [];
    for (let i = 0; i < 4; i++) {
      const person = await createMentee();
      // The guide's next free time on that day, once the previous mover's session has claimed its own.
      movers.push({ person, booking: await createBooking(guide, person, await freeStart(guide.id, 14)) });
    }
    const outcomes = await Promise.allSettled(movers.map(({ person, booking }) => rescheduleBooking(actorOf(person), booking.id, target)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes.filter((each) => each.status === "rejected")) {
      // Refused by the check before the transaction, or, when both checked before either committed, by the claims' key.
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ status: 409, message: expect.stringMatching(/^(That time was just taken|That time is not free\. Please choose another\.)$/) });
    }
    expect(await prisma.booking.count({ where: { guideId: guide.id, startsAt: target } })).toBe(1);
    expect(await prisma.timeClaim.count({ where: { guideId: guide.id, blockStart: { in: blocksFor(target, 60, 0) } } })).toBe(4);
  });
});

describe("the guide's answers and marks", () => {
  test("accepting a request confirms it and sends both the invitation", async () => {
    const guideSession = await signIn("guide");
    await prisma.guideProfile.create({ data: { userId: guideSession.person.id, noticeHours: 1 } });
    const mentee = await createMentee();
    const startsAt = new Date(Math.ceil((Date.now() + 3 * DAY) / HOUR) * HOUR);
    const booking = await createBooking(guideSession.person, mentee, startsAt, { status: "requested", paid: false });
    const response = await postForm("/mentor-dashboard/bookings?tab=requests", { intent: "accept", bookingId: String(booking.id) }, guideSession.cookie);
    expect(response.status).toBe(302);
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("confirmed");
    expect(icsOf((await lastMailTo(mentee.email)).text).match(/^DTSTART:(\S+)/m)?.[1]).toBe(icsDate(startsAt));
  });

  test("after the start the guide marks the session completed; the mentee is asked for a review", async () => {
    const guideSession = await signIn("guide");
    await prisma.guideProfile.create({ data: { userId: guideSession.person.id } });
    const mentee = await createMentee();
    const booking = await createBooking(guideSession.person, mentee, new Date(Date.now() - 2 * HOUR));
    const past = await (await send("/mentor-dashboard/bookings?tab=past", { cookie: guideSession.cookie })).text();
    expect(past).toContain("Mark completed");
    expect(past).toContain("No-show");
    const response = await postForm("/mentor-dashboard/bookings?tab=past", { intent: "complete", bookingId: String(booking.id) }, guideSession.cookie);
    expect(response.status).toBe(302);
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("completed");
    expect((await lastMailTo(mentee.email)).text).toContain(`/user-dashboard/bookings/${booking.id}/review`);
    const again = await postForm("/mentor-dashboard/bookings", { intent: "noShow", bookingId: String(booking.id) }, guideSession.cookie);
    expect(again.status).toBe(409);
  });
});

describe("holds", () => {
  test("a hold that ran out expires once: its time is freed, its pending payment is left to the webhook", async () => {
    const guide = await createGuide();
    const mentee = await createMentee();
    const startsAt = await freeStart(guide.id, 3);
    const holdExpiresAt = new Date(Date.now() - 60_000);
    const booking = await createBooking(guide, mentee, startsAt, { status: "held", holdExpiresAt });
    await enqueue(HOLD_EXPIRY_JOB, { bookingId: booking.id }, { runAt: holdExpiresAt, key: holdKey(booking.id, holdExpiresAt) });
    await Promise.all([runDueJobs(), runDueJobs()]);
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("expired");
    expect(await prisma.timeClaim.count({ where: { bookingId: booking.id } })).toBe(0);
    expect((await prisma.payment.findFirstOrThrow({ where: { bookingId: booking.id } })).status).toBe("pending");
    expect(await expireHold(booking.id)).toBe(false);
    expect(await prisma.notification.count({ where: { userId: mentee.id, title: "Your held time was released" } })).toBe(1);
  });

  test("a hold that has not run out stays", async () => {
    const guide = await createGuide();
    const mentee = await createMentee();
    const booking = await createBooking(guide, mentee, await freeStart(guide.id, 3), { status: "held", holdExpiresAt: new Date(Date.now() + 10 * 60_000) });
    expect(await expireHold(booking.id)).toBe(false);
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("held");
  });
});

describe("the bookings screens", () => {
  test("the mentee sees upcoming and past sessions with times in their zone, payment, when the join link comes and the review link", async () => {
    const guide = await createGuide();
    const mentee = await signIn("user");
    await prisma.user.update({ where: { id: mentee.person.id }, data: { timeZone: "Europe/Berlin" } });
    await createBooking(guide, mentee.person, await freeStart(guide.id, 3), { topic: "Upcoming elder training" });
    const done = await createBooking(guide, mentee.person, new Date(Date.now() - 10 * DAY), { topic: "Finished budget talk", status: "completed" });

    const upcoming = await (await send("/user-dashboard/bookings", { cookie: mentee.cookie })).text();
    expect(upcoming).toContain("Upcoming elder training");
    expect(upcoming).not.toContain("Finished budget talk");
    expect(upcoming).toContain("Europe/Berlin");
    expect(upcoming).toMatch(/GMT\+1|GMT\+2|CET|CEST/);
    expect(upcoming).toContain("Confirmed");
    expect(upcoming).toContain("Paid $50.00");
    // Days ahead: the meeting link waits for its window (join-window.test.ts), and the card says so.
    expect(upcoming).not.toContain('href="https://meet.example.org/pastor-room"');
    expect(upcoming).toContain("The link to join appears here 15 minutes before the start.");
    expect(upcoming).toContain("Reschedule");

    const past = await (await send("/user-dashboard/bookings?tab=past", { cookie: mentee.cookie })).text();
    expect(past).toContain("Finished budget talk");
    expect(past).not.toContain("Upcoming elder training");
    expect(past).toContain(`href="/user-dashboard/bookings/${done.id}/review"`);
    expect(past).toContain("Leave a review");

    const searched = await (await send("/user-dashboard/bookings?tab=past&search=budget", { cookie: mentee.cookie })).text();
    expect(searched).toContain("Finished budget talk");
    // A tab the screen does not have is dropped: the upcoming sessions.
    expect((await send("/user-dashboard/bookings?tab=nonsense", { cookie: mentee.cookie })).headers.get("Location")).toBe("/user-dashboard/bookings");
  });
});
