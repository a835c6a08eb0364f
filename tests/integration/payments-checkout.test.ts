// Payments through Stripe Checkout, end to end against the local test-mode stand-in: the Checkout Session a held
// booking gets, the signed webhook (bad signatures, redeliveries, events out of order, amounts that do not match),
// the test-mode checkout page (pay, decline, who may open it) and refunds (Stripe's refunds API → webhook → records).
import { http, HttpResponse } from "msw";
import { beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { stripe } from "#app/modules/payments/stripe.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { startCheckout } from "#app/modules/bookings/checkout.server.ts";
import { PAYMENT_MESSAGES, refundBooking } from "#app/modules/payments/refunds.server.ts";
import { createPerson, postForm, send, signIn } from "#tests/app.ts";
import { mailTo } from "#tests/mocks/mail.ts";
import { server } from "#tests/mocks/server.ts";
import { signedWebhookRequest } from "#app/modules/payments/stripe-test-mode.server.ts";
import { completeStripeCheckout, expireStripeCheckout, postStripeEvent, STRIPE_API, stripeEvent, stripeRequests, stripeStore } from "#tests/mocks/stripe.ts";
import { expectConsoleError } from "#tests/setup/console.ts";

const HOUR = 60 * 60_000;
let guide: Awaited<ReturnType<typeof createPerson>>;
let nextStart = Math.ceil(Date.now() / HOUR) * HOUR + 72 * HOUR;

beforeAll(async () => {
  guide = await createPerson("guide", { name: "David Mitchell" });
  await prisma.guideProfile.create({ data: { userId: guide.id, experienceYears: 12, category: "Senior Pastors", bufferMinutes: 15 } });
});

/** A held paid booking as the booking flow leaves it: its time, 15-minute claims that expire with the hold. */
async function heldBooking({ rateCents = 7500, minutes = 60, holdMinutes = 15, forGuide = guide } = {}) {
  const mentee = await signIn("user");
  const startsAt = new Date((nextStart += 3 * HOUR));
  const holdExpiresAt = new Date(Date.now() + holdMinutes * 60_000);
  const booking = await prisma.booking.create({
    data: { userId: mentee.person.id, guideId: forGuide.id, startsAt, topic: "Leading through change", rateCents, status: "held", paymentStatus: "pending", durationMinutes: minutes, holdExpiresAt },
  });
  await prisma.timeClaim.createMany({
    data: blocksFor(startsAt, minutes, 15).map((blockStart) => ({ guideId: forGuide.id, blockStart, bookingId: booking.id, expiresAt: holdExpiresAt })),
  });
  return { booking, mentee, startsAt };
}

/** A held booking with its Checkout Session started. */
async function checkingOut(options?: Parameters<typeof heldBooking>[0]) {
  const held = await heldBooking(options);
  const { url } = await startCheckout(held.booking.id);
  const sessionId = url.split("/").pop()!;
  return { ...held, url, sessionId };
}

/** A page's text without React's text separators (`<!-- -->`). */
const textOf = (html: string) => html.replaceAll("<!-- -->", "");

const bookingOf = (id: number) => prisma.booking.findUniqueOrThrow({ where: { id }, include: { claims: true, payments: true, events: { orderBy: { createdAt: "asc" } } } });

/** The session as Stripe would describe it in a checkout.session.* event, paid or not. */
async function sessionObject(sessionId: string, change: Record<string, unknown> = {}) {
  return { ...((await stripe().checkout.sessions.retrieve(sessionId)) as unknown as Record<string, unknown>), ...change };
}

describe("startCheckout", () => {
  test("a Checkout Session for the booking's rate, a pending Payment, and the local test checkout page", async () => {
    const { booking, url, sessionId } = await checkingOut({ rateCents: 7500, minutes: 60 });
    // A path, not an address: the test checkout opens on whatever host the mentee is on (APP_URL may name another).
    expect(url).toBe(`/checkout/test/${sessionId}`);
    expect(stripeRequests.at(-1)).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      body: {
        mode: "payment",
        client_reference_id: String(booking.id),
        metadata: { bookingId: String(booking.id) },
        line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "7500", product_data: { name: "60-minute mentoring session with David Mitchell" } } }],
        success_url: `http://localhost:3000/user-dashboard/bookings?booking=${booking.id}&booked=1`,
        cancel_url: `http://localhost:3000/mentor/${guide.id}?checkout=cancelled`,
      },
    });
    const after = await bookingOf(booking.id);
    expect(after.paymentStatus).toBe("pending");
    expect(after.payments).toMatchObject([{ status: "pending", amountCents: 7500, currency: "usd", stripeCheckoutSessionId: sessionId }]);
    // Asking again while the session is open resumes it: no second session, no second Payment.
    expect(await startCheckout(booking.id)).toEqual({ url });
    expect(await prisma.payment.count({ where: { bookingId: booking.id } })).toBe(1);
  });

  test("a booking that is not held for payment, or whose hold ran out, is refused", async () => {
    const { booking } = await heldBooking({ holdMinutes: -1 });
    await expect(startCheckout(booking.id)).rejects.toMatchObject({ status: 409, message: PAYMENT_MESSAGES.holdEnded });
    await prisma.booking.update({ where: { id: booking.id }, data: { status: "confirmed" } });
    await expect(startCheckout(booking.id)).rejects.toMatchObject({ status: 409, message: PAYMENT_MESSAGES.notAwaiting });
  });
});

describe("POST /api/webhooks/stripe", () => {
  test("a bad or missing signature is a 400 {message}, and nothing is recorded", async () => {
    const { booking, sessionId } = await checkingOut();
    const event = stripeEvent("checkout.session.completed", await sessionObject(sessionId, { status: "complete", payment_status: "paid", payment_intent: "pi_test_forged" }));
    const forged = await postStripeEvent(event, { secret: "whsec_someone_else" });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ message: expect.stringMatching(/signature/i) });
    const unsigned = await postStripeEvent(event, { signature: null });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ message: "Missing Stripe-Signature header" });
    // A signature made for another body (the amount changed after signing) does not match this one.
    const otherBody = signedWebhookRequest(JSON.stringify({ ...event, id: "evt_test_other" }));
    const tampered = await postStripeEvent(event, { signature: otherBody.headers.get("Stripe-Signature") });
    expect(tampered.status).toBe(400);
    expect(await prisma.paymentEvent.count({ where: { id: event.id } })).toBe(0);
    expect((await bookingOf(booking.id)).status).toBe("held");
  });

  test("without Stripe keys, an event signed with any secret to be found in the source is refused and changes nothing", async () => {
    // A stranger's held booking, and a paid one, as the forger would aim at them.
    const { booking: held, sessionId } = await checkingOut();
    const paidCheckout = await checkingOut();
    const paid = await completeStripeCheckout(paidCheckout.sessionId);
    const events = [
      stripeEvent("checkout.session.expired", await sessionObject(sessionId, { status: "expired" })),
      stripeEvent("charge.refunded", { id: "ch_test_forged", object: "charge", amount: 7500, amount_refunded: 7500, currency: "usd", payment_intent: paid.payment_intent, metadata: { bookingId: String(paidCheckout.booking.id) }, refunded: true, status: "succeeded" }),
    ];
    // The stand-in's old fixed secret, its API key, the development session secret, the tests' session secret, nothing.
    const guesses = ["whsec_local_test_mode_ministry_mentors", "sk_test_local_stand_in", "dev-only-session-secret-change-me", "test-session-secret", ""];
    for (const event of events) {
      for (const secret of guesses) {
        const response = await postStripeEvent(event, { secret });
        expect(response.status, `${event.type} signed with "${secret}"`).toBe(400);
        expect(await response.json()).toMatchObject({ message: expect.stringMatching(/signature/i) });
      }
      expect(await prisma.paymentEvent.count({ where: { id: event.id } })).toBe(0);
    }
    expect(await bookingOf(held.id)).toMatchObject({ status: "held", paymentStatus: "pending", payments: [{ status: "pending" }] });
    expect(await bookingOf(paidCheckout.booking.id)).toMatchObject({ status: "confirmed", paymentStatus: "paid", payments: [{ status: "succeeded", refundedCents: 0 }] });
    // The stand-in's own delivery, signed with this process's secret, still verifies.
    await expireStripeCheckout(sessionId);
    expect(await bookingOf(held.id)).toMatchObject({ status: "expired", paymentStatus: "failed" });
  });

  test("the same event delivered five times fulfils the booking once", async () => {
    const { booking, sessionId, mentee } = await checkingOut();
    const paid = await completeStripeCheckout(sessionId, { deliver: false });
    const event = stripeEvent("checkout.session.completed", paid);
    const responses = await Promise.all(Array.from({ length: 5 }, () => postStripeEvent(event)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = await Promise.all(responses.map(async (response) => (await response.json()).outcome));
    expect(outcomes.filter((outcome) => outcome === "applied")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "duplicate")).toHaveLength(4);

    const after = await bookingOf(booking.id);
    expect(after).toMatchObject({ status: "confirmed", paymentStatus: "paid", holdExpiresAt: null });
    expect(after.payments).toMatchObject([{ status: "succeeded", stripePaymentIntentId: paid.payment_intent }]);
    expect(after.payments[0].paidAt).toBeInstanceOf(Date);
    expect(after.claims.length).toBe(5); // 60 minutes and the guide's 15-minute buffer
    expect(after.claims.every((claim) => claim.expiresAt === null)).toBe(true);
    expect(after.events).toMatchObject([{ id: event.id, outcome: "applied" }]);
    // One confirmation: one e-mail to each person, one payment notice.
    expect((await mailTo(mentee.person.email)).filter((mail) => mail.subject === `Your session with ${guide.name} is confirmed`)).toHaveLength(1);
    expect((await mailTo(guide.email)).filter((mail) => mail.subject === `Your session with ${mentee.person.name} is confirmed`).length).toBeGreaterThanOrEqual(1);
    expect(await prisma.notification.count({ where: { userId: mentee.person.id, title: "Payment received: $75.00" } })).toBe(1);
  });

  test("a guide who reviews requests gets a paid request instead of a confirmed booking", async () => {
    const reviewer = await createPerson("guide");
    await prisma.guideProfile.create({ data: { userId: reviewer.id, experienceYears: 3, category: "Youth Ministry", reviewsRequests: true } });
    const { booking, sessionId } = await checkingOut({ forGuide: reviewer });
    expect((await postStripeEvent(stripeEvent("checkout.session.completed", await completeStripeCheckout(sessionId, { deliver: false })))).status).toBe(200);
    expect(await bookingOf(booking.id)).toMatchObject({ status: "requested", paymentStatus: "paid" });
    expect(await prisma.notification.count({ where: { userId: reviewer.id, title: "A new session request is waiting for you" } })).toBe(1);
  });

  test("an amount that does not match the booking is refused and logged, and the booking is not fulfilled", async () => {
    const { booking, sessionId } = await checkingOut({ rateCents: 7500 });
    const paid = await completeStripeCheckout(sessionId, { deliver: false });
    expectConsoleError(/refused checkout\.session\.completed .* amount 100 does not match the expected 7500/);
    const response = await postStripeEvent(stripeEvent("checkout.session.completed", { ...paid, amount_total: 100, amount_subtotal: 100 }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "refused" });
    const after = await bookingOf(booking.id);
    expect(after).toMatchObject({ status: "held", paymentStatus: "pending" });
    expect(after.payments).toMatchObject([{ status: "pending", paidAt: null }]);
    expect(after.events).toMatchObject([{ type: "checkout.session.completed", outcome: "refused", detail: expect.stringContaining("amount 100") }]);
    // The currency too.
    expectConsoleError(/currency eur is not usd/);
    expect(await (await postStripeEvent(stripeEvent("checkout.session.completed", { ...paid, currency: "eur" }))).json()).toMatchObject({ outcome: "refused" });
    expect((await bookingOf(booking.id)).status).toBe("held");
  });
});

describe("events out of order converge", () => {
  test("completed, then expired: the booking stays paid", async () => {
    const { booking, sessionId } = await checkingOut();
    const paid = await completeStripeCheckout(sessionId, { deliver: false });
    await postStripeEvent(stripeEvent("checkout.session.completed", paid));
    const late = await postStripeEvent(stripeEvent("checkout.session.expired", { ...paid, status: "expired" }));
    expect(await late.json()).toMatchObject({ outcome: "ignored" });
    const after = await bookingOf(booking.id);
    expect(after).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(after.payments).toMatchObject([{ status: "succeeded" }]);
    expect(after.claims.length).toBeGreaterThan(0);
  });

  test("expired, then completed while the time is still free: the booking takes its time back and is confirmed", async () => {
    const { booking, sessionId, startsAt } = await checkingOut();
    const open = await sessionObject(sessionId);
    await postStripeEvent(stripeEvent("checkout.session.expired", { ...open, status: "expired" }));
    expect(await bookingOf(booking.id)).toMatchObject({ status: "expired", paymentStatus: "failed", claims: [] });
    await postStripeEvent(stripeEvent("checkout.session.completed", { ...open, status: "complete", payment_status: "paid", payment_intent: "pi_test_late_but_free" }));
    const after = await bookingOf(booking.id);
    expect(after).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(after.payments).toMatchObject([{ status: "succeeded", stripePaymentIntentId: "pi_test_late_but_free" }]);
    expect(after.claims.map((claim) => claim.blockStart.getTime()).sort()).toEqual(blocksFor(startsAt, 60, 15).map((block) => block.getTime()));
  });

  test("expired, then completed after someone else took the time: refunded in full at once, booking cancelled with the reason", async () => {
    const { booking, sessionId, startsAt } = await checkingOut();
    const open = await sessionObject(sessionId);
    await postStripeEvent(stripeEvent("checkout.session.expired", { ...open, status: "expired" }));
    // Another mentee books the freed time.
    const other = await createPerson("user");
    const taken = await prisma.booking.create({ data: { userId: other.id, guideId: guide.id, topic: "Other", status: "confirmed", startsAt, durationMinutes: 60 } });
    await prisma.timeClaim.createMany({ data: blocksFor(startsAt, 60, 0).map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: taken.id })) });
    // The customer had paid anyway (the session was still open on Stripe's side).
    const paid = await completeStripeCheckout(sessionId, { deliver: false });
    const response = await postStripeEvent(stripeEvent("checkout.session.completed", paid));
    expect(response.status).toBe(200);
    const after = await bookingOf(booking.id);
    expect(after).toMatchObject({ status: "cancelled", cancelReason: PAYMENT_MESSAGES.timeTaken, paymentStatus: "refunded", claims: [] });
    expect(after.payments).toMatchObject([{ status: "succeeded", refundedCents: 7500 }]);
    // Through Stripe's refunds API, then its charge.refunded event.
    expect(await stripeStore.all("refund")).toMatchObject([{ payment_intent: paid.payment_intent, amount: 7500 }]);
    expect(after.events.map((event) => event.type)).toEqual(["checkout.session.expired", "checkout.session.completed", "charge.refunded"]);
    // The other booking keeps its time.
    expect(await prisma.timeClaim.count({ where: { bookingId: taken.id } })).toBe(4);
  });

  test("expired, then paid after the session's time had come: refunded in full, not booked into the past", async () => {
    const { booking, sessionId } = await checkingOut();
    const open = await sessionObject(sessionId);
    await postStripeEvent(stripeEvent("checkout.session.expired", { ...open, status: "expired" }));
    // A slow payment (a bank debit, say) clears after the session's start; claims of past blocks are pruned, so the
    // time's being free says nothing.
    await prisma.booking.update({ where: { id: booking.id }, data: { startsAt: new Date(Date.now() - 2 * HOUR) } });
    const paid = await completeStripeCheckout(sessionId, { deliver: false });
    await postStripeEvent(stripeEvent("checkout.session.async_payment_succeeded", paid));
    const after = await bookingOf(booking.id);
    expect(after).toMatchObject({ status: "cancelled", cancelReason: PAYMENT_MESSAGES.timePassed, paymentStatus: "refunded", claims: [] });
    expect(after.payments).toMatchObject([{ status: "succeeded", refundedCents: 7500 }]);
    expect(await stripeStore.all("refund")).toMatchObject([{ payment_intent: paid.payment_intent, amount: 7500 }]);
  });

  test("a refund that arrives before the payment: both orders end the same way", async () => {
    // Refund first: the charge.refunded event finds the Payment through the booking id on the PaymentIntent.
    const first = await checkingOut();
    const paidFirst = await completeStripeCheckout(first.sessionId, { deliver: false });
    await stripe().refunds.create({ payment_intent: String(paidFirst.payment_intent) });
    expect(await bookingOf(first.booking.id)).toMatchObject({ paymentStatus: "refunded", payments: [{ status: "pending", refundedCents: 7500 }] });
    await postStripeEvent(stripeEvent("checkout.session.completed", paidFirst));
    const refundFirst = await bookingOf(first.booking.id);

    // Paid first, then refunded.
    const second = await checkingOut();
    const paidSecond = await completeStripeCheckout(second.sessionId);
    await stripe().refunds.create({ payment_intent: String(paidSecond.payment_intent) });
    const paidThenRefunded = await bookingOf(second.booking.id);

    const summary = (booking: typeof refundFirst) => ({
      status: booking.status,
      paymentStatus: booking.paymentStatus,
      payment: { status: booking.payments[0].status, refundedCents: booking.payments[0].refundedCents, intent: Boolean(booking.payments[0].stripePaymentIntentId) },
    });
    expect(summary(refundFirst)).toEqual({ status: "confirmed", paymentStatus: "refunded", payment: { status: "succeeded", refundedCents: 7500, intent: true } });
    expect(summary(paidThenRefunded)).toEqual(summary(refundFirst));
  });
});

describe("Complete your payment (/checkout/booking/:id)", () => {
  test("the mentee's held booking goes on to Checkout; anyone else's is a 404; a paid one goes to the bookings", async () => {
    const { booking, mentee } = await heldBooking({ rateCents: 7500 });
    const path = `/checkout/booking/${booking.id}`;
    const page = await send(path, { cookie: mentee.cookie });
    expect(page.status).toBe(200);
    const html = textOf(await page.text());
    expect(html).toContain("Complete your payment");
    expect(html).toContain("Pay $75.00");
    const other = await signIn("user");
    expect((await send(path, { cookie: other.cookie })).status).toBe(404);
    expect((await postForm(path, {}, other.cookie)).status).toBe(404);
    expect(await prisma.payment.count({ where: { bookingId: booking.id } })).toBe(0);

    const going = await postForm(path, {}, mentee.cookie);
    expect(going.status).toBe(302);
    expect(going.headers.get("Location")).toMatch(/^\/checkout\/test\/cs_test_\w+$/);
    expect(await prisma.payment.findMany({ where: { bookingId: booking.id } })).toMatchObject([{ status: "pending", amountCents: 7500 }]);

    await postForm(going.headers.get("Location")!, { intent: "pay" }, mentee.cookie);
    const paid = await send(path, { cookie: mentee.cookie });
    expect(paid.status).toBe(302);
    // Nothing left to pay: the booking as it stands (not "just booked" by this visit).
    expect(paid.headers.get("Location")).toBe(`/user-dashboard/bookings?booking=${booking.id}`);
  });
});

describe("the test-mode checkout page", () => {
  test("only the booking's mentee may open it; it says it is test mode and shows the guide, the time and the amount", async () => {
    const { mentee, url, sessionId } = await checkingOut({ rateCents: 4250, minutes: 45 });
    const path = url;
    const signedOut = await send(path);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    for (const role of ["user", "guide", "admin"] as const) {
      const someoneElse = await signIn(role);
      expect((await send(path, { cookie: someoneElse.cookie })).status).toBe(404);
      expect((await postForm(path, { intent: "pay" }, someoneElse.cookie)).status).toBe(404);
    }
    expect((await send("/checkout/test/cs_test_unknown", { cookie: mentee.cookie })).status).toBe(404);

    const page = await send(path, { cookie: mentee.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Test mode");
    expect(html).toContain("David Mitchell");
    expect(html).toContain("45-minute mentoring session with David Mitchell");
    expect(html).toContain("$42.50");
    expect(html).toMatch(/<button[^>]*value="pay"[^>]*>Pay \$42\.50<\/button>/);
    expect(html).toMatch(/<button[^>]*value="decline"[^>]*>Decline<\/button>/);
    expect(html).toContain(sessionId);
    expect(html).toMatch(/<form[^>]*method="post"/);
  });

  test("Pay: a signed checkout.session.completed reaches the webhook, then the mentee lands on their booking", async () => {
    const { booking, mentee, url } = await checkingOut();
    const response = await postForm(url, { intent: "pay" }, mentee.cookie);
    expect(response.status).toBe(302);
    // The success URL's path and query, on this host (Stripe's success_url itself comes from APP_URL).
    expect(response.headers.get("Location")).toBe(`/user-dashboard/bookings?booking=${booking.id}&booked=1`);
    const after = await bookingOf(booking.id);
    expect(after).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(after.payments).toMatchObject([{ status: "succeeded", stripePaymentIntentId: expect.stringMatching(/^pi_test_/) }]);
    expect(after.events).toMatchObject([{ type: "checkout.session.completed", outcome: "applied" }]);
    // The page now says it is paid, and paying again changes nothing.
    expect(await (await send(url, { cookie: mentee.cookie })).text()).toContain("This checkout is paid");
    expect((await postForm(url, { intent: "pay" }, mentee.cookie)).headers.get("Location")).toBe(response.headers.get("Location"));
    expect(await prisma.paymentEvent.count({ where: { bookingId: booking.id } })).toBe(1);
  });

  test("Decline: checkout.session.expired; the booking expires, its time is free, and the mentee goes back to the profile", async () => {
    const { booking, mentee, url } = await checkingOut();
    const response = await postForm(url, { intent: "decline" }, mentee.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/mentor/${guide.id}?checkout=cancelled`);
    const after = await bookingOf(booking.id);
    expect(after).toMatchObject({ status: "expired", paymentStatus: "failed", claims: [] });
    expect(after.payments).toMatchObject([{ status: "failed" }]);
    expect(after.events).toMatchObject([{ type: "checkout.session.expired", outcome: "applied" }]);
    expect(await (await send(url, { cookie: mentee.cookie })).text()).toContain("This checkout has ended");
  });

  test("a choice that is neither Pay nor Decline is a 400", async () => {
    const { mentee, url } = await checkingOut();
    expect((await postForm(url, { intent: "refund" }, mentee.cookie)).status).toBe(400);
  });
});

describe("refunds: Stripe's refunds API → webhook → records", () => {
  async function paidBooking() {
    const checkout = await checkingOut();
    await postForm(checkout.url, { intent: "pay" }, checkout.mentee.cookie);
    return checkout;
  }

  test("refundBooking asks Stripe once per request (idempotency key); the webhook records partial and full refunds", async () => {
    const { booking, mentee } = await paidBooking();
    const payment = await prisma.payment.findFirstOrThrow({ where: { bookingId: booking.id } });
    await refundBooking(booking.id, { amountCents: 2500, reason: "Started late" });
    expect(stripeRequests.at(-1)).toMatchObject({ path: "/v1/refunds", body: { payment_intent: payment.stripePaymentIntentId, amount: "2500", metadata: { bookingId: String(booking.id), reason: "Started late" } } });
    let after = await bookingOf(booking.id);
    expect(after.payments).toMatchObject([{ status: "succeeded", refundedCents: 2500 }]);
    expect(after.payments[0].refundedAt).toBeInstanceOf(Date);
    expect(after.paymentStatus).toBe("paid");
    expect(await prisma.notification.count({ where: { userId: mentee.person.id, title: "Refund issued: $25.00" } })).toBe(1);

    await expect(refundBooking(booking.id, { amountCents: 6000, reason: "Too much" })).rejects.toMatchObject({ status: 400, message: PAYMENT_MESSAGES.refundAmount(5000) });
    await refundBooking(booking.id, { reason: "Cancelled by the guide" });
    after = await bookingOf(booking.id);
    expect(after.payments).toMatchObject([{ refundedCents: 7500 }]);
    expect(after.paymentStatus).toBe("refunded");
    expect(await stripeStore.all("refund")).toHaveLength(2);
    await expect(refundBooking(booking.id, { reason: "Again" })).rejects.toMatchObject({ status: 409, message: PAYMENT_MESSAGES.refundedInFull });
  });

  test("an admin refunds from the booking page: confirm dialog, amount defaulting to what remains, events listed", async () => {
    const { booking, mentee } = await paidBooking();
    const admin = await signIn("admin");
    const pagePath = `/admin/dashboard/viewBookingPage/${booking.id}`;
    const page = await (await send(pagePath, { cookie: admin.cookie })).text();
    expect(page).toContain("Confirmed");
    expect(page).toContain("checkout.session.completed");
    expect(textOf(page)).toContain("$75.00 can be refunded.");
    expect(page).toContain(`href="${pagePath}?refund=1"`);
    const dialog = await (await send(`${pagePath}?refund=1`, { cookie: admin.cookie })).text();
    expect(dialog).toContain("Refund payment");
    expect(dialog).toMatch(/name="amount"[^>]*value="75\.00"|value="75\.00"[^>]*name="amount"/);

    const refused = await postForm(`${pagePath}?refund=1`, { intent: "refund", amount: "80.00", reason: "Too much" }, admin.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Enter an amount between $0.01 and $75.00.");
    const noReason = await postForm(`${pagePath}?refund=1`, { intent: "refund", amount: "10", reason: " " }, admin.cookie);
    expect(noReason.status).toBe(400);

    const done = await postForm(`${pagePath}?refund=1`, { intent: "refund", amount: "30.00", reason: "Session cut short" }, admin.cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(pagePath);
    expect((await bookingOf(booking.id)).payments).toMatchObject([{ refundedCents: 3000 }]);
    const later = await (await send(pagePath, { cookie: admin.cookie })).text();
    expect(textOf(later)).toContain("Refunded $30.00");
    expect(later).toContain("charge.refunded");
    expect(textOf(later)).toContain("$45.00 can be refunded.");
    // The Transactions screen shows it too.
    expect(await (await send(`/admin/dashboard/all-transactions?search=${encodeURIComponent(mentee.person.email)}`, { cookie: admin.cookie })).text()).toContain("Refunded $30.00");
  });

  test("when Stripe refuses a refund, the admin is told why and nothing is recorded", async () => {
    const { booking } = await paidBooking();
    server.use(http.post(`${STRIPE_API}/v1/refunds`, () => HttpResponse.json({ error: { type: "invalid_request_error", code: "charge_disputed", message: "This charge is disputed." } }, { status: 400 })));
    const admin = await signIn("admin");
    const response = await postForm(`/admin/dashboard/viewBookingPage/${booking.id}?refund=1`, { intent: "refund", amount: "75.00", reason: "Goodwill" }, admin.cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Stripe did not make the refund: This charge is disputed.");
    expect((await bookingOf(booking.id)).payments).toMatchObject([{ refundedCents: 0 }]);
  });
});
