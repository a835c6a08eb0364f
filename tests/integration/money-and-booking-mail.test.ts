/**
 * Every money and booking event tells both people: the receipt after a payment, the notice after a refund (each sent
 * once, however often Stripe delivers the event), the mentee's own cancellation, a request that waits for the guide
 * (the guide's e-mail with links that open the accept and decline dialogs, and what the mentee is told). And the
 * screens around them: "Pay now" goes straight to Checkout, the guide sees the mentee's topic and notes. Real
 * Requests through the built app; Stripe is the local test-mode stand-in.
 */
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { ATTACHMENT_NOTE } from "#app/lib/mail.server.ts";
import { requestAwaitsAnswer } from "#app/modules/bookings/booking-mail.server.ts";
import { bookingConfirmed } from "#app/modules/bookings/lifecycle.server.ts";
import { startCheckout } from "#app/modules/bookings/checkout.server.ts";
import { refundBooking } from "#app/modules/payments/refunds.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { freeTimes } from "#app/modules/schedule/schedule.server.ts";
import { createPerson, postForm, send, signIn } from "#tests/app.ts";
import { mailTo } from "#tests/mocks/mail.ts";
import { server } from "#tests/mocks/server.ts";
import { completeStripeCheckout, postStripeEvent, STRIPE_API, stripeEvent, stripeStore } from "#tests/mocks/stripe.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type Person = Awaited<ReturnType<typeof createPerson>>;
type Session = Awaited<ReturnType<typeof signIn>>;

const textOf = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
};

/** The e-mails to `email` whose subject starts with `subject`. */
const mailsStarting = async (email: string, subject: string) => (await mailTo(email)).filter((mail) => mail.subject.startsWith(subject));
/** …and about the session on `topic` (a subject names the person, the text the topic). */
const mailsOn = async (email: string, subject: string, topic: string) => (await mailsStarting(email, subject)).filter((mail) => mail.text.includes(`Topic: ${topic}\n`));

let slot = 0;
/** A free 60-minute start of the guide's a few days ahead (each call another one). */
async function nextFreeStart(guideId: number) {
  const from = new Date(Date.now() + 3 * DAY);
  const times = await freeTimes(guideId, { minutes: 60, from, to: new Date(from.getTime() + 3 * DAY) });
  return times[slot++ % times.length];
}

/** A held paid booking, as the booking flow leaves it, with its Checkout Session started. */
async function checkingOut(guide: Person, mentee: Session, { topic = "Leading through change", notes = null as string | null } = {}) {
  const startsAt = await nextFreeStart(guide.id);
  const holdExpiresAt = new Date(Date.now() + 15 * 60_000);
  const booking = await prisma.booking.create({
    data: { userId: mentee.person.id, guideId: guide.id, topic, additionalNotes: notes, rateCents: 7500, status: "held", paymentStatus: "pending", startsAt, durationMinutes: 60, holdExpiresAt },
  });
  await prisma.timeClaim.createMany({ data: blocksFor(startsAt, 60, 0).map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: booking.id, expiresAt: holdExpiresAt })) });
  const { url } = await startCheckout(booking.id);
  return { booking, sessionId: url.split("/").pop()! };
}

/** Pays the Checkout and delivers checkout.session.completed `times` times (Stripe may redeliver). */
async function payAndDeliver(sessionId: string, times = 1) {
  const paid = await completeStripeCheckout(sessionId, { deliver: false });
  const event = stripeEvent("checkout.session.completed", paid);
  const outcomes = [];
  for (let i = 0; i < times; i++) outcomes.push(((await (await postStripeEvent(event)).json()) as { outcome: string }).outcome);
  return outcomes;
}

describe("the receipt", () => {
  let guide: Person;
  beforeAll(async () => {
    guide = await createBookableGuide();
  });

  test("after a payment the mentee gets one receipt: amount, card, Stripe's reference, the booking and the receipt's link", async () => {
    const mentee = await signIn("user");
    await prisma.user.update({ where: { id: mentee.person.id }, data: { timeZone: "Europe/Berlin" } });
    const { booking, sessionId } = await checkingOut(guide, mentee, { topic: "Elder board retreat" });
    expect(await payAndDeliver(sessionId, 3)).toEqual(["applied", "duplicate", "duplicate"]);

    const payment = await prisma.payment.findFirstOrThrow({ where: { bookingId: booking.id } });
    const receipts = await mailsStarting(mentee.person.email, "Receipt for your payment");
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt.subject).toBe("Receipt for your payment of $75.00");
    expect(receipt.text).toContain("Amount paid: $75.00");
    expect(receipt.text).toContain("Paid with: card");
    expect(receipt.text).toContain(`Stripe reference: ${payment.stripePaymentIntentId}`);
    expect(payment.stripePaymentIntentId).toMatch(/^pi_/);
    // The session as the printable receipt names it, without an internal booking number.
    expect(receipt.text).toContain(`Mentoring session with ${guide.name}\nTopic: Elder board retreat\n`);
    expect(receipt.text).not.toContain(`#${booking.id}`);
    // Each time in the mentee's zone, named after it as everywhere: "…, Central European Time (Europe/Berlin)".
    expect(receipt.text).toMatch(/^Paid on: \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M, Central European Time \(Europe\/Berlin\)$/m);
    expect(receipt.text).toMatch(/^When: \w+day, \w+ \d{1,2}, \d{4}, \d{1,2}:\d{2}.*[AP]M, Central European Time \(Europe\/Berlin\)$/m);
    expect(receipt.text).not.toMatch(/Europe\/Berlin \(|CES?T\)|\(Central European Time,/);
    // The printable receipt names it the same way.
    const page = await textOf(await send(`/user-dashboard/payments/${payment.id}/receipt`, { cookie: mentee.cookie }));
    expect(page).toContain("Times in Central European Time (Europe/Berlin)");
    expect(receipt.text).toContain(`http://localhost:3000/user-dashboard/payments/${payment.id}/receipt`);
    expect(receipt.html).toContain(`href="http://localhost:3000/user-dashboard/payments/${payment.id}/receipt"`);

    // Another event for the same payment (Stripe's async success after the completion) changes nothing: no second receipt.
    const again = stripeEvent("checkout.session.async_payment_succeeded", { id: sessionId, object: "checkout.session", payment_status: "paid", amount_total: 7500, currency: "usd", metadata: { bookingId: String(booking.id) }, payment_intent: payment.stripePaymentIntentId });
    expect(((await (await postStripeEvent(again)).json()) as { outcome: string }).outcome).toBe("ignored");
    expect(await mailsStarting(mentee.person.email, "Receipt for your payment")).toHaveLength(1);
  });

  test("names the card when Stripe describes the charge", async () => {
    server.use(
      http.get(`${STRIPE_API}/v1/payment_intents/:id`, ({ params }) =>
        HttpResponse.json({ id: params.id, object: "payment_intent", latest_charge: { id: "ch_test_card", object: "charge", payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } } } }),
      ),
    );
    const mentee = await signIn("user");
    const { sessionId } = await checkingOut(guide, mentee);
    await payAndDeliver(sessionId);
    const [receipt] = await mailsStarting(mentee.person.email, "Receipt for your payment");
    expect(receipt.text).toContain("Paid with: Visa card ending in 4242");
  });
});

describe("the refund notice", () => {
  test("each refund is told once: what came back, what was refunded in all, what remains", async () => {
    const guide = await createBookableGuide();
    const mentee = await signIn("user");
    const { booking, sessionId } = await checkingOut(guide, mentee, { topic: "Youth ministry reset" });
    await payAndDeliver(sessionId);
    const payment = await prisma.payment.findFirstOrThrow({ where: { bookingId: booking.id } });

    await refundBooking(booking.id, { amountCents: 2500, reason: "Started late" });
    let notices = await mailsStarting(mentee.person.email, "Refund of");
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toBe(`Refund of $25.00 for your session with ${guide.name}`);
    expect(notices[0].text).toContain("Refunded now: $25.00");
    expect(notices[0].text).toContain("Refunded in all: $25.00 of the $75.00 you paid");
    expect(notices[0].text).toContain("Remaining payment: $50.00");
    expect(notices[0].text).toContain(`Stripe reference: ${payment.stripePaymentIntentId}`);
    expect(notices[0].text).toContain("Topic: Youth ministry reset");
    expect(notices[0].text).toContain(`http://localhost:3000/user-dashboard/payments/${payment.id}/receipt`);

    // The same refund told again (a redelivery, or refund.created after charge.refunded): nothing more.
    const refundEvent = await prisma.paymentEvent.findFirstOrThrow({ where: { paymentId: payment.id, type: "charge.refunded" } });
    const delivered = await stripeStore.get("event", refundEvent.id);
    expect(delivered).toBeTruthy();
    expect(((await (await postStripeEvent(delivered!)).json()) as { outcome: string }).outcome).toBe("duplicate");
    await postStripeEvent(stripeEvent("charge.refunded", { id: "ch_test_again", object: "charge", amount: 7500, amount_refunded: 2500, currency: "usd", payment_intent: payment.stripePaymentIntentId, metadata: {} }));
    expect(await mailsStarting(mentee.person.email, "Refund of")).toHaveLength(1);

    await refundBooking(booking.id, { reason: "Guide unwell" });
    notices = await mailsStarting(mentee.person.email, "Refund of");
    expect(notices).toHaveLength(2);
    expect(notices[1].text).toContain("Refunded now: $50.00");
    expect(notices[1].text).toContain("Refunded in all: $75.00 of the $75.00 you paid");
    expect(notices[1].text).toContain("Remaining payment: none (refunded in full)");
  });
});

describe("the mentee's own cancellation", () => {
  test("the mentee who cancels gets the confirmation, the refund and the calendar update; the guide is told as before", async () => {
    const guide = await createBookableGuide();
    const mentee = await signIn("user");
    const { booking, sessionId } = await checkingOut(guide, mentee, { topic: "Preaching calendar" });
    await payAndDeliver(sessionId);
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("confirmed");

    const response = await postForm("/user-dashboard/bookings", { intent: "cancel", bookingId: String(booking.id) }, mentee.cookie);
    expect(response.status).toBe(302);
    const own = await mailsStarting(mentee.person.email, "You cancelled your session");
    expect(own).toHaveLength(1);
    expect(own[0].subject).toBe(`You cancelled your session with ${guide.name}`);
    expect(own[0].text).toContain(`You cancelled your mentoring session with ${guide.name}.`);
    expect(own[0].text).toContain("You will be refunded $75.00 to your card within a few days.");
    expect(own[0].text).toContain("The attached calendar update removes the session from your calendar.");
    const ics = own[0].text.slice(own[0].text.indexOf(ATTACHMENT_NOTE));
    expect(ics).toContain("METHOD:CANCEL");
    expect(await mailsOn(guide.email, `${mentee.person.name} cancelled your session`, "Preaching calendar")).toHaveLength(1);
    // …and the refund that followed is told in its own notice.
    expect(await mailsStarting(mentee.person.email, "Refund of $75.00")).toHaveLength(1);
  });

  test("a late cancellation says what the policy keeps; a guide's cancellation sends the mentee no 'You cancelled'", async () => {
    const guide = await createBookableGuide();
    const mentee = await signIn("user");
    const late = await prisma.booking.create({
      data: { userId: mentee.person.id, guideId: guide.id, topic: "Late change", rateCents: 5000, paymentStatus: "paid", status: "confirmed", startsAt: new Date(Date.now() + 5 * HOUR), durationMinutes: 60 },
    });
    await prisma.payment.create({ data: { bookingId: late.id, userId: mentee.person.id, guideId: guide.id, amountCents: 5000, status: "succeeded", stripePaymentIntentId: `pi_test_late_${late.id}`, paidAt: new Date() } });
    await postForm("/user-dashboard/bookings", { intent: "cancel", bookingId: String(late.id) }, mentee.cookie);
    const [own] = await mailsOn(mentee.person.email, `You cancelled your session with ${guide.name}`, "Late change");
    expect(own.text).toContain("You will be refunded $25.00 (50% of the $50.00 you paid, under the cancellation policy) to your card within a few days.");

    const guideSession = await signIn("guide");
    const theirs = await prisma.booking.create({
      data: { userId: mentee.person.id, guideId: guideSession.person.id, topic: "Guide cancels", rateCents: 0, paymentStatus: "unpaid", status: "confirmed", startsAt: new Date(Date.now() + 5 * DAY), durationMinutes: 60 },
    });
    await bookingConfirmed(theirs.id);
    await postForm("/mentor-dashboard/bookings", { intent: "cancel", bookingId: String(theirs.id) }, guideSession.cookie);
    expect(await mailsOn(mentee.person.email, `${guideSession.person.name} cancelled your session`, "Guide cancels")).toHaveLength(1);
    expect(await mailsOn(mentee.person.email, "You cancelled your session", "Guide cancels")).toHaveLength(0);
  });
});

describe("a request that waits for the guide", () => {
  test("a free request e-mails the guide the session, topic, notes, deadline and answer links, and tells the mentee what happens next", async () => {
    const guide = await createBookableGuide({ reviewsRequests: true });
    await prisma.sessionOption.updateMany({ where: { guideId: guide.id }, data: { priceCents: 0 } });
    const mentee = await signIn("user");
    const start = await nextFreeStart(guide.id);
    const booked = await postForm(`/mentor/${guide.id}/book`, { minutes: "60", startsAt: start.toISOString(), topic: "Volunteer burnout", notes: "We lost six leaders this year.\nWhere do I start?" }, mentee.cookie);
    expect(booked.status).toBe(302);
    const booking = await prisma.booking.findFirstOrThrow({ where: { userId: mentee.person.id, guideId: guide.id } });
    expect(booking.status).toBe("requested");

    const toGuide = await mailsStarting(guide.email, "A request from");
    expect(toGuide).toHaveLength(1);
    expect(toGuide[0].subject).toBe(`A request from ${mentee.person.name} awaits your answer`);
    expect(toGuide[0].text).toContain(`${mentee.person.name} asks for a mentoring session with you.`);
    expect(toGuide[0].text).toContain("Topic: Volunteer burnout");
    expect(toGuide[0].text).toContain(`Notes from ${mentee.person.name}:\nWe lost six leaders this year.\nWhere do I start?`);
    expect(toGuide[0].text).toMatch(/Please accept or decline it (within 48 hours|by .+)\. If you do not answer by then, the request expires and the time is freed\./);
    expect(toGuide[0].text).toContain(`http://localhost:3000/mentor-dashboard/bookings?booking=${booking.id}&answer=accept`);
    expect(toGuide[0].text).toContain(`http://localhost:3000/mentor-dashboard/bookings?booking=${booking.id}&answer=decline`);
    expect(toGuide[0].html).toContain(`href="http://localhost:3000/mentor-dashboard/bookings?booking=${booking.id}&amp;answer=accept"`);
    expect(await prisma.notification.count({ where: { userId: guide.id, title: "A new session request is waiting for you", href: `/mentor-dashboard/bookings?booking=${booking.id}` } })).toBe(1);

    const toMentee = await mailsStarting(mentee.person.email, `Your request to ${guide.name} has been sent`);
    expect(toMentee).toHaveLength(1);
    expect(toMentee[0].text).toContain(`Your request for a mentoring session with ${guide.name} has been sent.`);
    expect(toMentee[0].text).toMatch(/Your mentor (should answer within 48 hours|has until .+ to answer)\. If they do not, the request expires and the time is freed\./);
    const bell = await prisma.notification.findFirstOrThrow({ where: { userId: mentee.person.id, title: `Request sent to ${guide.name}` } });
    expect(bell.body).toMatch(/If they do not, the request expires and the time is freed\./);
    expect(bell.href).toBe(`/user-dashboard/bookings?booking=${booking.id}`);
  });

  test("with a deadline each reads it in their own zone; without one, the setting's hours", async () => {
    const guide = await createBookableGuide({ reviewsRequests: true });
    const mentee = await createPerson("user");
    await prisma.user.update({ where: { id: mentee.id }, data: { timeZone: "Europe/Berlin" } });
    const answerBy = new Date(Date.now() + 30 * HOUR);
    const booking = await prisma.booking.create({
      data: { userId: mentee.id, guideId: guide.id, topic: "Deadline check", rateCents: 0, paymentStatus: "unpaid", status: "requested", startsAt: await nextFreeStart(guide.id), durationMinutes: 60, answerBy },
    });
    await requestAwaitsAnswer(booking.id);
    const [toGuide] = await mailsOn(guide.email, `A request from ${mentee.name} awaits your answer`, "Deadline check");
    const at = (zone: string) => new Intl.DateTimeFormat("en-US", { timeZone: zone, dateStyle: "full", timeStyle: "short" }).format(answerBy).replace(/\s/g, " ");
    expect(toGuide.text).toContain(`Please accept or decline it by ${at("America/New_York")}, Eastern Time (America/New_York).`);
    const [toMentee] = await mailsOn(mentee.email, `Your request to ${guide.name} has been sent`, "Deadline check");
    expect(toMentee.text).toContain(`Your mentor has until ${at("Europe/Berlin")}, Central European Time (Europe/Berlin) to answer.`);

    await prisma.booking.update({ where: { id: booking.id }, data: { answerBy: null, topic: "No deadline" } });
    await prisma.platformSettings.upsert({ where: { id: 1 }, create: { id: 1, requestExpiryHours: 36 }, update: { requestExpiryHours: 36 } });
    await requestAwaitsAnswer(booking.id);
    expect((await mailsOn(guide.email, "A request from", "No deadline"))[0].text).toContain("Please accept or decline it within 36 hours.");
    expect((await mailsOn(mentee.email, "Your request to", "No deadline"))[0].text).toContain("Your mentor should answer within 36 hours.");
    await prisma.platformSettings.update({ where: { id: 1 }, data: { requestExpiryHours: 48 } });

    // A booking that is no longer a request is not announced as one.
    await prisma.booking.update({ where: { id: booking.id }, data: { status: "confirmed", topic: "Answered" } });
    await requestAwaitsAnswer(booking.id);
    expect(await mailsOn(guide.email, "A request from", "Answered")).toHaveLength(0);
  });

  test("a paid request is announced once its payment arrives, once however often the event comes", async () => {
    const guide = await createBookableGuide({ reviewsRequests: true });
    const mentee = await signIn("user");
    const { booking, sessionId } = await checkingOut(guide, mentee, { topic: "Paid request" });
    expect(await mailsStarting(guide.email, `A request from ${mentee.person.name} awaits your answer`)).toHaveLength(0);
    expect(await payAndDeliver(sessionId, 2)).toEqual(["applied", "duplicate"]);
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("requested");
    const toGuide = await mailsStarting(guide.email, `A request from ${mentee.person.name} awaits your answer`);
    expect(toGuide).toHaveLength(1);
    expect(toGuide[0].text).toContain(`${mentee.person.name} asks for a mentoring session with you and has paid $75.00.`);
    expect(toGuide[0].text).toContain(`the request expires and ${mentee.person.name} is refunded in full.`);
    const toMentee = await mailsOn(mentee.person.email, `Your request to ${guide.name} has been sent`, "Paid request");
    expect(toMentee).toHaveLength(1);
    expect(toMentee[0].text).toContain("If they do not, the request expires and your payment is refunded in full.");
  });

  test("the e-mail's links open the accept and decline dialogs (a GET changes nothing); Accept confirms", async () => {
    const guide = await signIn("guide");
    await prisma.guideProfile.create({ data: { userId: guide.person.id, noticeHours: 1 } });
    const mentee = await createPerson("user");
    const notes = "Our elders disagree about a building project.\n\nI would like to hear how you led through that.";
    const booking = await prisma.booking.create({
      data: { userId: mentee.id, guideId: guide.person.id, topic: "Elders and a building", additionalNotes: notes, rateCents: 0, paymentStatus: "unpaid", status: "requested", startsAt: new Date(Date.now() + 3 * DAY), durationMinutes: 60 },
    });
    const link = `/mentor-dashboard/bookings?booking=${booking.id}`;
    // The bookings screen opens on Upcoming: the request's own tab comes first, the dialog's parameters kept.
    const placed = await send(`${link}&answer=accept`, { cookie: guide.cookie });
    expect(placed.status).toBe(302);
    const at = placed.headers.get("Location")!;
    expect(at).toBe(`/mentor-dashboard/bookings?booking=${booking.id}&answer=accept&tab=requests#booking-${booking.id}`);
    const accept = await textOf(await send(at, { cookie: guide.cookie }));
    expect(accept).toContain("Accept this request?");
    expect(accept).toContain(`Notes from ${mentee.name}`);
    expect(accept).toContain("I would like to hear how you led through that.");
    expect(accept).toContain("Accept request");
    const decline = await textOf(await send(`${link}&answer=decline&tab=requests`, { cookie: guide.cookie }));
    expect(decline).toContain("Decline this request?");
    expect(decline).toContain("Decline request");
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("requested");
    // An answer the link does not name opens no dialog: the requests, as they are.
    const unknown = await textOf(await send(`${link}&answer=maybe&tab=requests`, { cookie: guide.cookie }));
    expect(unknown).not.toContain("Accept request");
    expect(unknown).not.toContain("Decline request");
    // Someone else's request is the same 404 as a missing one.
    const other = await signIn("guide");
    expect((await send(`${link}&answer=accept&tab=requests`, { cookie: other.cookie })).status).toBe(404);

    const accepted = await postForm(`${link}&answer=accept&tab=requests`, { intent: "accept", bookingId: String(booking.id) }, guide.cookie);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/mentor-dashboard/bookings?tab=requests");
    expect((await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).status).toBe("confirmed");
    // Following the link again says it no longer waits.
    const late = await textOf(await send(`${link}&answer=accept&tab=upcoming`, { cookie: guide.cookie }));
    expect(late).toContain("This booking is not waiting for your answer.");
  });
});

describe("the bookings screens", () => {
  test("a held booking shows Pay now and until when its time is held; Pay now (and the overview's) goes straight to Checkout", async () => {
    const guide = await createBookableGuide();
    const mentee = await signIn("user");
    await prisma.user.update({ where: { id: mentee.person.id }, data: { timeZone: "America/Chicago" } });
    const startsAt = await nextFreeStart(guide.id);
    const holdExpiresAt = new Date(Date.now() + 12 * 60_000);
    const held = await prisma.booking.create({
      data: { userId: mentee.person.id, guideId: guide.id, topic: "Held for paying", rateCents: 7500, status: "held", paymentStatus: "pending", startsAt, durationMinutes: 60, holdExpiresAt },
    });
    const bookings = await textOf(await send("/user-dashboard/bookings", { cookie: mentee.cookie }));
    expect(bookings).toContain(`action="/checkout/booking/${held.id}"`);
    expect(bookings).toContain("Pay now");
    const heldUntil = new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(holdExpiresAt);
    expect(bookings).toContain(`Your time is held until ${heldUntil}. Pay before then to book it.`);
    const overview = await textOf(await send("/user-dashboard", { cookie: mentee.cookie }));
    expect(overview).toContain(`action="/checkout/booking/${held.id}"`);

    const paying = await postForm(`/checkout/booking/${held.id}`, {}, mentee.cookie);
    expect(paying.status).toBe(302);
    expect(paying.headers.get("Location")).toMatch(/^\/checkout\/test\/cs_test_\w+$/);
    // Again (a second click, a back button): the same Checkout resumed, not a second one.
    const again = await postForm(`/checkout/booking/${held.id}`, {}, mentee.cookie);
    expect(again.headers.get("Location")).toBe(paying.headers.get("Location"));
    expect(await prisma.payment.count({ where: { bookingId: held.id } })).toBe(1);

    // A hold that has run out offers no payment.
    await prisma.booking.update({ where: { id: held.id }, data: { holdExpiresAt: new Date(Date.now() - 60_000) } });
    const after = await textOf(await send("/user-dashboard/bookings", { cookie: mentee.cookie }));
    expect(after).not.toContain(`action="/checkout/booking/${held.id}"`);
  });

  test("the guide sees the mentee's topic and notes on the booking; long notes show their beginning and Show more", async () => {
    const guide = await signIn("guide");
    await prisma.guideProfile.create({ data: { userId: guide.person.id } });
    const mentee = await createPerson("user");
    const long = `${"We are a church of two hundred in a small town, and our youth group has shrunk to five. ".repeat(5)}The last line only the whole text shows.`;
    await prisma.booking.createMany({
      data: [
        { userId: mentee.id, guideId: guide.person.id, topic: "Short notes topic", additionalNotes: "Two questions:\n1. volunteers\n2. budget", rateCents: 0, paymentStatus: "unpaid", status: "confirmed", startsAt: new Date(Date.now() + 2 * DAY), durationMinutes: 60 },
        { userId: mentee.id, guideId: guide.person.id, topic: "Long notes topic", additionalNotes: long, rateCents: 0, paymentStatus: "unpaid", status: "confirmed", startsAt: new Date(Date.now() + 3 * DAY), durationMinutes: 60 },
      ],
    });
    const page = await textOf(await send("/mentor-dashboard/bookings", { cookie: guide.cookie }));
    expect(page).toContain("Short notes topic");
    expect(page).toContain(`Notes from ${mentee.name}`);
    expect(page).toContain("Two questions:\n1. volunteers\n2. budget");
    expect(page).toContain("Long notes topic");
    expect(page).toContain("<summary");
    expect(page).toContain("Show more");
    expect(page).toContain(long);
    // The beginning, cut at a word, before the disclosure.
    expect(page).toMatch(/<p class="notes-excerpt[^"]*">We are a church of two hundred[^<]*…<\/p>/);
  });
});
