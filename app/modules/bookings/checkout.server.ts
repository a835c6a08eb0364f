import Stripe from "stripe";
import type { Prisma } from "#app/generated/prisma/client.ts";
import { isUniqueViolation, prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { formatMoney } from "#app/lib/format.ts";
import { HttpError, notFound } from "#app/lib/http.server.ts";
import { cancelHoldExpiry } from "./hold-jobs.server.ts";
import { bookingLink } from "./dashboard-schema.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { isStripeTestMode, stripe } from "#app/modules/payments/stripe.server.ts";
import { requestAwaitsAnswer } from "./booking-mail.server.ts";
import { bookingConfirmed } from "./lifecycle.server.ts";
import { answerDeadline } from "./policy.ts";
import { ACTIVE_BOOKING_STATUSES } from "./status.ts";
import { getPlatformSettings, type PlatformSettings } from "#app/modules/settings/settings.server.ts";
import { addToHours, countBookingEnd, endChange, refundChanges } from "#app/modules/stats/health-totals.server.ts";
import { countPaymentChange } from "#app/modules/stats/month-totals.server.ts";
import { notify } from "#app/modules/notifications/notifications.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { refreshNextFreeAt } from "#app/modules/schedule/schedule.server.ts";
import { applyAccountUpdated } from "#app/modules/payments/connect.server.ts";
import { recordStripeEvent as record, refuseStripeEvent as refuse, type Applied, type Effect, type EventOutcome } from "#app/modules/payments/event-ledger.server.ts";
import { applyRefundToPayout, applyTransferEvent, openPayout, releaseAfterWindow, reverseForRefunds } from "#app/modules/payments/payouts.server.ts";
import { sendPaymentReceipt, sendRefundNotice } from "./receipts.server.ts";
import { PAYMENT_MESSAGES, refundBooking } from "#app/modules/payments/refunds.server.ts";
import { countPayment, countRefund } from "#app/modules/payments/money-metrics.server.ts";
import { completeStripeCheckout, deliverTestEventsTo, expireStripeCheckout, stripeTestObject } from "#app/modules/payments/stripe-test-mode.server.ts";
import { receiveStripeWebhook } from "#app/modules/payments/webhook.server.ts";
import { succeedSponsorPayment } from "#app/modules/payments/sponsor-payments.server.ts";
import { applyFundingEvent, coveredCentsOf, coverOf, isFundingEvent, returnCover } from "#app/modules/sponsorship/sponsorship.server.ts";
import { SPONSOR_MESSAGES } from "#app/modules/sponsorship/messages.ts";
import { recordBookingEvent } from "#app/modules/webhooks/webhooks.server.ts";

/**
 * Card payments through Stripe Checkout: a Checkout Session per paid booking (startCheckout), the webhook events
 * that move a booking and its Payment along (handleStripeEvent); refunds are payments/refunds.server.ts.
 *
 * Stripe is the truth about money; we learn it only from signed webhook events. Every event id is recorded once in
 * PaymentEvent (its primary key), in the same transaction as the change it makes, so a redelivered event changes
 * nothing. Events may come in any order, so each handler moves records only forward (a paid booking is never
 * expired by a late checkout.session.expired; refunded amounts only grow) and none assumes another came first.
 * Network calls (Stripe, e-mail) happen before or after a transaction, never inside one.
 */

/** Where Checkout sends the mentee back: their booking, just booked (paid), or the guide's profile (left without paying). */
export const checkoutSuccessPath = (bookingId: number) => bookingLink("user", bookingId, { justBooked: true });
export const checkoutCancelPath = (guideId: number) => `/mentor/${guideId}?checkout=cancelled`;

const MIN_SESSION_MS = 31 * 60_000; // Stripe: a Checkout Session lasts at least 30 minutes…
const MAX_SESSION_MS = 23 * 60 * 60_000; // …and at most 24 hours.

/**
 * Starts (or resumes) the payment of a held booking: a Checkout Session for Booking.rateCents in dollars, a pending
 * Payment, and the booking's paymentStatus pending. Returns the URL to send the mentee to (in test mode the local
 * checkout page's path, on whatever host they are on). The caller has checked that the booking is the signed-in mentee's.
 */
export async function startCheckout(bookingId: number, now = new Date()): Promise<{ url: string }> {
  const booking = await prisma.booking.findUnique({
    where: { id: bookingId },
    select: {
      id: true, userId: true, guideId: true, status: true, paymentStatus: true, rateCents: true, topic: true, durationMinutes: true, holdExpiresAt: true,
      user: { select: { email: true } },
      guide: { select: { name: true } },
      // The mentee's own Checkouts (a sponsor's covered part is a payment of the booking too, never through Checkout).
      payments: { where: { source: "card" }, select: { id: true, status: true, stripeCheckoutSessionId: true }, orderBy: { id: "desc" } },
    },
  });
  if (!booking) throw notFound("Booking not found");
  // A sponsored booking's Checkout charges only the pastor's share, and says who pays the rest.
  const cover = await coverOf(booking.id);
  const dueCents = booking.rateCents - (cover?.coveredCents ?? 0);
  if (booking.status !== "held" || dueCents <= 0 || booking.payments.some((payment) => payment.status === "succeeded")) {
    throw new HttpError(409, PAYMENT_MESSAGES.notAwaiting);
  }
  if (booking.holdExpiresAt && booking.holdExpiresAt <= now) throw new HttpError(409, PAYMENT_MESSAGES.holdEnded);

  // A Checkout already under way is resumed rather than doubled (a second tab, a back button).
  const pending = booking.payments.find((payment) => payment.status === "pending" && payment.stripeCheckoutSessionId);
  if (pending?.stripeCheckoutSessionId) {
    const session = await stripe().checkout.sessions.retrieve(pending.stripeCheckoutSessionId).catch(() => null);
    if (session?.status === "open" && session.url) return { url: session.url };
  }

  const hold = booking.holdExpiresAt?.getTime() ?? now.getTime();
  // Whole minutes, so two requests in the same minute send the same parameters under the same idempotency key.
  const expiresAt = Math.floor(Math.min(Math.max(hold, now.getTime() + MIN_SESSION_MS), now.getTime() + MAX_SESSION_MS) / 60_000) * 60;
  const session = await stripe().checkout.sessions.create(
    {
      mode: "payment",
      client_reference_id: String(booking.id),
      customer_email: booking.user.email,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: dueCents,
            product_data: {
              name: `${booking.durationMinutes}-minute mentoring session with ${booking.guide.name}${cover ? ` (${SPONSOR_MESSAGES.covers(cover.organisation, cover.coveredCents, dueCents)})` : ""}`,
              description: booking.topic.slice(0, 200),
            },
          },
        },
      ],
      metadata: { bookingId: String(booking.id) },
      // The PaymentIntent and its charge carry the booking too, so a refund event finds it whatever came first.
      payment_intent_data: { metadata: { bookingId: String(booking.id) } },
      success_url: siteUrl(checkoutSuccessPath(booking.id)),
      cancel_url: siteUrl(checkoutCancelPath(booking.guideId)),
      expires_at: expiresAt,
    },
    // Two requests at once for the same attempt get the same session (Stripe refuses a key reused with other parameters).
    { idempotencyKey: `checkout:${booking.id}:${booking.payments.length}:${expiresAt}` },
  );
  if (!session.url) throw new Error(`Checkout Session ${session.id} has no URL`);
  try {
    await transaction(async (tx) => {
      await tx.payment.create({
        data: { bookingId: booking.id, userId: booking.userId, guideId: booking.guideId, amountCents: dueCents, currency: "usd", status: "pending", stripeCheckoutSessionId: session.id },
      });
      await tx.booking.updateMany({ where: { id: booking.id, status: "held" }, data: { paymentStatus: "pending" } });
    });
  } catch (error) {
    // The other of two simultaneous requests recorded this very session already.
    if (!isUniqueViolation(error)) throw error;
  }
  return { url: session.url };
}

/**
 * A held booking of `actor`'s, as the "Complete your payment" page shows it (a link from the bell or the bookings
 * screen resumes an unpaid Checkout). Anyone else's booking is a 404; null when it no longer waits for payment.
 */
export async function heldBookingOf(bookingId: number, actor: SessionUser, now = new Date()) {
  const booking = await prisma.booking.findUnique({
    where: { id: bookingId },
    select: { id: true, userId: true, status: true, rateCents: true, topic: true, startsAt: true, durationMinutes: true, holdExpiresAt: true, guide: { select: { id: true, name: true } } },
  });
  if (!booking || booking.userId !== actor.id) throw notFound("Booking not found");
  if (booking.status !== "held" || (booking.holdExpiresAt && booking.holdExpiresAt <= now)) return null;
  return {
    id: booking.id,
    topic: booking.topic,
    // What is left to pay: a sponsor's covered part is not the mentee's.
    rateCents: booking.rateCents - (await coveredCentsOf(prisma, booking.id)),
    startsAt: booking.startsAt?.toISOString() ?? null,
    durationMinutes: booking.durationMinutes,
    holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    guide: booking.guide,
  };
}

// ─── The local test-mode checkout page (no Stripe keys) ───

export type TestCheckout = {
  sessionId: string;
  status: "open" | "complete" | "expired";
  amountCents: number;
  currency: string;
  description: string;
  booking: { id: number; topic: string; startsAt: string | null; durationMinutes: number };
  guide: { id: number; name: string; title: string | null };
  /** Where Pay and Decline lead: the path and query of the session's success and cancel URLs, on this host. */
  successUrl: string;
  cancelUrl: string;
};

/**
 * The path and query of a Checkout return URL. The test page sends the mentee back on the host they are on, so the
 * demo works on any port or address even when APP_URL (which Stripe's real return URLs come from) names another.
 */
function pathOf(url: string | null, fallback: string) {
  if (!url) return fallback;
  const { pathname, search, hash } = new URL(url);
  return pathname + search + hash;
}

/**
 * A test-mode Checkout Session as its page shows it, for the booking's mentee only: anyone else, an unknown
 * session, and every session when real Stripe keys are set, is a 404. A session past its expiry is ended now
 * (Stripe would have ended it and sent checkout.session.expired).
 */
export async function getTestCheckout(sessionId: string, actor: SessionUser): Promise<TestCheckout> {
  const missing = () => notFound("This checkout could not be found.");
  if (!isStripeTestMode() || !/^cs_test_\w+$/.test(sessionId)) throw missing();
  let session = await stripe().checkout.sessions.retrieve(sessionId).catch((error) => {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
    throw error;
  });
  const bookingId = Number(session?.metadata?.bookingId);
  const booking = session && bookingId
    ? await prisma.booking.findUnique({
        where: { id: bookingId },
        select: { id: true, userId: true, topic: true, startsAt: true, durationMinutes: true, guide: { select: { id: true, name: true, title: true } } },
      })
    : null;
  if (!session || !booking || booking.userId !== actor.id) throw missing();
  if (session.status === "open" && session.expires_at * 1000 <= Date.now()) {
    await expireStripeCheckout(session.id);
    session = await stripe().checkout.sessions.retrieve(sessionId);
  }
  // What the line item says (Stripe shows it on its page; the API returns it only through a separate list call).
  const stored = await stripeTestObject("checkout.session", session.id);
  const first = (stored?._line_items as Array<{ price_data?: { product_data?: { name?: string } } }> | undefined)?.[0];
  return {
    sessionId: session.id,
    status: session.status === "complete" ? "complete" : session.status === "open" ? "open" : "expired",
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? "usd",
    description: first?.price_data?.product_data?.name ?? `Mentoring session with ${booking.guide.name}`,
    booking: { id: booking.id, topic: booking.topic, startsAt: booking.startsAt?.toISOString() ?? null, durationMinutes: booking.durationMinutes },
    guide: booking.guide,
    successUrl: pathOf(session.success_url, checkoutSuccessPath(booking.id)),
    cancelUrl: pathOf(session.cancel_url, checkoutCancelPath(booking.guide.id)),
  };
}

/**
 * The mentee pays or declines on the test checkout page. Pay: the session is paid and checkout.session.completed
 * goes, signed, to our webhook; Decline: the session ends and checkout.session.expired goes. Either way the event
 * is applied before this returns, so the page the mentee lands on already shows it. `checkout` comes from
 * getTestCheckout (which checked it is the mentee's). Returns what happened.
 */
export async function finishTestCheckout(checkout: TestCheckout, choice: "pay" | "decline") {
  if (checkout.status !== "open") return checkout.status === "complete" ? ("already-paid" as const) : ("ended" as const);
  const result = choice === "pay" ? await completeStripeCheckout(checkout.sessionId) : await expireStripeCheckout(checkout.sessionId);
  // Someone (another tab) finished it first: say what it became.
  if (choice === "pay" && result?.status === "complete") return "paid" as const;
  if (choice === "decline" && result?.status === "expired") return "declined" as const;
  return result?.status === "complete" ? ("already-paid" as const) : ("ended" as const);
}

// ─── Webhook events ───

const PAID_EVENTS = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);
const FAILED_SESSION_EVENTS = new Set(["checkout.session.expired", "checkout.session.async_payment_failed"]);
const REFUND_EVENTS = new Set(["charge.refunded", "refund.created", "refund.updated"]);

const TRANSFER_EVENTS = new Set(["transfer.created", "transfer.reversed", "transfer.updated"]);

/** Every event type the endpoint should be subscribed to in Stripe's dashboard (README); account.updated comes from connected accounts. */
export const HANDLED_EVENT_TYPES = [...PAID_EVENTS, ...FAILED_SESSION_EVENTS, "payment_intent.payment_failed", ...REFUND_EVENTS, ...TRANSFER_EVENTS, "account.updated"];

/** Applies one verified event, once. Returns what became of it. */
export async function handleStripeEvent(event: Stripe.Event): Promise<{ outcome: EventOutcome; detail?: string }> {
  if (await prisma.paymentEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return { outcome: "duplicate" };
  const object = event.data.object as unknown as Record<string, unknown>;
  // A sponsor's funding of its balance, not a booking's payment.
  if (isFundingEvent(event)) return applyFundingEvent(event);
  if (PAID_EVENTS.has(event.type)) return paid(event, object as unknown as Stripe.Checkout.Session);
  if (FAILED_SESSION_EVENTS.has(event.type)) return failed(event, { sessionId: String(object.id) });
  if (event.type === "payment_intent.payment_failed") return failed(event, { intentId: String(object.id), metadata: object.metadata });
  if (REFUND_EVENTS.has(event.type)) return refunded(event, object);
  if (TRANSFER_EVENTS.has(event.type)) return applyTransferEvent(event);
  if (event.type === "account.updated") return applyAccountUpdated(event);
  return record(event, {}, { outcome: "ignored", detail: "Not an event this app acts on" });
}

// The test-mode stand-in hands its events to our webhook handler in-process, as Stripe would over the network.
deliverTestEventsTo((request) => receiveStripeWebhook(request, handleStripeEvent));

const paymentSelect = {
  id: true, bookingId: true, userId: true, guideId: true, amountCents: true, currency: true, status: true, refundedCents: true, refundedAt: true, stripePaymentIntentId: true, createdAt: true,
} as const;

type PaymentRow = Prisma.PaymentGetPayload<{ select: typeof paymentSelect }>;

const idOf = (value: unknown) => (typeof value === "string" ? value : value && typeof value === "object" && "id" in value ? String((value as { id: unknown }).id) : null);

/** checkout.session.completed (paid) and async_payment_succeeded: the booking is paid for and gets its time for good. */
async function paid(event: Stripe.Event, session: Stripe.Checkout.Session) {
  const payment = await prisma.payment.findUnique({ where: { stripeCheckoutSessionId: session.id }, select: paymentSelect });
  if (!payment?.bookingId) return record(event, {}, { outcome: "ignored", detail: `No booking is paying through Checkout Session ${session.id}` });
  const ids = { bookingId: payment.bookingId, paymentId: payment.id };
  if (session.payment_status !== "paid") return record(event, ids, { outcome: "ignored", detail: `Payment status ${session.payment_status}: waiting for the payment to clear` });

  const found = await prisma.booking.findUnique({ where: { id: payment.bookingId }, select: { rateCents: true } });
  // What the mentee owes: the price less what their sponsor covers.
  const booking = found && { rateCents: found.rateCents - (await coveredCentsOf(prisma, payment.bookingId)) };
  const problems = [
    session.metadata?.bookingId !== String(payment.bookingId) && `metadata.bookingId ${session.metadata?.bookingId ?? "missing"} is not booking #${payment.bookingId}`,
    session.amount_total !== payment.amountCents && `amount ${session.amount_total} does not match the expected ${payment.amountCents}`,
    booking && booking.rateCents !== payment.amountCents && `the booking's rate ${booking.rateCents} does not match the payment's ${payment.amountCents}`,
    session.currency?.toLowerCase() !== payment.currency && `currency ${session.currency} is not ${payment.currency}`,
  ].filter(Boolean);
  if (problems.length) return refuse(event, ids, `${problems.join("; ")}. The booking was not fulfilled.`);

  const intentId = idOf(session.payment_intent);
  const now = new Date();
  const settings = await getPlatformSettings();
  return record(event, ids, async (tx) => {
    const current = await tx.payment.findUniqueOrThrow({ where: { id: payment.id }, select: paymentSelect });
    if (current.status === "succeeded") return { outcome: "ignored", detail: "Already paid" };
    await tx.payment.update({
      where: { id: payment.id },
      data: { status: "succeeded", paidAt: now, ...(intentId && !current.stripePaymentIntentId ? { stripePaymentIntentId: intentId } : {}) },
    });
    // A sponsored booking is paid for now: the sponsor's covered part succeeds with the pastor's share.
    await succeedSponsorPayment(tx, payment.bookingId!, now);
    const applied = await bookPaidSession(tx, current, settings, now);
    // Last, so the month's row is held only while this commits (stats/month-totals.server.ts).
    await countPaymentChange(tx, current, { ...current, status: "succeeded" });
    return { ...applied, after: [countPayment(current), ...(applied.after ?? [])] };
  });
}

/** A payment that just succeeded: its booking gets (or gives back) its time, and its payout opens. */
async function bookPaidSession(tx: Transaction, current: PaymentRow, settings: PlatformSettings, now: Date): Promise<Applied> {
  const booking = await tx.booking.findUniqueOrThrow({
    where: { id: current.bookingId! },
    select: {
      id: true, status: true, userId: true, guideId: true, startsAt: true, durationMinutes: true, topic: true, completedAt: true, endedAt: true, cancelledById: true,
      guide: { select: { name: true, guideProfile: { select: { reviewsRequests: true, bufferMinutes: true, noticeHours: true } } } },
    },
  });
  // The session's money is held from now until the session is over (a booking that lost its time gets it back).
  const keepsTime = booking.status === "held" || booking.status === "expired" || (ACTIVE_BOOKING_STATUSES as readonly string[]).includes(booking.status);
  await openPayout(tx, { ...current, bookingId: booking.id }, settings.platformFeePercent, { status: keepsTime || booking.status === "completed" || booking.status === "no_show" ? "held" : "cancelled" });
  if (booking.status === "completed" || booking.status === "no_show") await releaseAfterWindow(tx, booking.id, booking.completedAt ?? now);
  // A refund may have come first (events have no order): the booking shows it either way.
  const paymentStatus = current.refundedCents >= current.amountCents ? "refunded" : "paid";
  const money = formatMoney(current.amountCents);
  const bookingHref = bookingLink("user", booking.id);
  const receipt: Effect = () => sendPaymentReceipt(current.id);
  const common: Effect[] = [receipt, () => cancelHoldExpiry(booking.id), () => refreshNextFreeAt([booking.guideId], now)];

  if (booking.status === "held" || booking.status === "expired") {
    const kept = await claimTime(tx, booking, booking.guide.guideProfile?.bufferMinutes ?? 0, now);
    if (kept) {
      const status = booking.guide.guideProfile?.reviewsRequests ? "requested" : "confirmed";
      const answerBy = status === "requested" ? answerDeadline(booking.startsAt!, booking.guide.guideProfile?.noticeHours ?? 0, settings.requestExpiryHours, now) : null;
      await tx.booking.update({ where: { id: booking.id }, data: { status, paymentStatus, holdExpiresAt: null, answerBy, endedAt: null } });
      if (status === "confirmed") await recordBookingEvent(tx, "booking.confirmed", booking.id, now);
      // An expired booking lives again: its end no longer counts (stats/health-totals.server.ts).
      if (booking.status === "expired" && booking.endedAt) await addToHours(tx, [endChange({ ...booking, endedAt: booking.endedAt }, -1)]);
      return {
        outcome: "applied",
        detail: `Paid ${money}; booking ${status}${booking.status === "expired" ? " (after its hold had run out, the time was still free)" : ""}`,
        after: [
          ...common,
          () =>
            notify(booking.userId, {
              kind: "payment",
              title: `Payment received: ${money}`,
              body: status === "confirmed" ? `Your session with ${booking.guide.name} is booked.` : `${booking.guide.name} will accept or decline your request soon.`,
              href: bookingHref,
            }),
          status === "confirmed"
            ? () => bookingConfirmed(booking.id)
            : () => requestAwaitsAnswer(booking.id),
        ],
      };
    }
  }
  if (booking.status === "held" || booking.status === "expired" || booking.status === "cancelled" || booking.status === "declined") {
    // The money arrived for a time the booking no longer has: it is given back in full, at once.
    const lostTime = booking.status === "held" || booking.status === "expired";
    const reason = !lostTime ? PAYMENT_MESSAGES.cancelledBeforePayment : hasBegun(booking, now) ? PAYMENT_MESSAGES.timePassed : PAYMENT_MESSAGES.timeTaken;
    await tx.booking.update({
      where: { id: booking.id },
      data: {
        paymentStatus,
        holdExpiresAt: null,
        ...(booking.status === "held" || booking.status === "expired" ? { status: "cancelled", cancelledAt: now, cancelReason: reason } : {}),
        // A hold ends now; an expired one ended when it expired, and stays the system's end.
        ...(booking.status === "held" ? { endedAt: now } : {}),
      },
    });
    await tx.timeClaim.deleteMany({ where: { bookingId: booking.id } });
    await returnCover(tx, booking.id, 100, now);
    if (booking.status === "held" || booking.status === "expired") await recordBookingEvent(tx, "booking.cancelled", booking.id, now);
    if (booking.status === "held") await countBookingEnd(tx, { ...booking, status: "cancelled", endedAt: now, cancelledById: null });
    return {
      outcome: "applied",
      detail: `Paid ${money}, but ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
      after: [
        ...common,
        () => refundBooking(booking.id, { reason }),
        () => notify(booking.userId, { kind: "payment", title: "Your payment is being refunded", body: reason, href: bookingHref }),
      ],
    };
  }
  // Already requested, confirmed or past: only the money is recorded.
  await tx.booking.update({ where: { id: booking.id }, data: { paymentStatus } });
  return { outcome: "applied", detail: `Paid ${money}`, after: [receipt] };
}

/** A session whose time has come can no longer be booked by a payment that arrives late. */
const hasBegun = (booking: { startsAt: Date | null }, now: Date) => booking.startsAt !== null && booking.startsAt <= now;

/**
 * Keeps (or takes back) a paid booking's time: the session's own blocks must be free of anyone else's live claim;
 * the buffer after it is kept where it is still free. Claims of holds that ran out are cleared; the booking's
 * claims no longer expire. False when someone else has the session's time, or it has begun (past claims are pruned,
 * so they could not say).
 */
async function claimTime(tx: Transaction, booking: { id: number; guideId: number; startsAt: Date | null; durationMinutes: number }, bufferMinutes: number, now: Date) {
  if (!booking.startsAt || hasBegun(booking, now)) return false;
  const session = blocksFor(booking.startsAt, booking.durationMinutes, 0);
  const all = blocksFor(booking.startsAt, booking.durationMinutes, bufferMinutes);
  const others = await tx.timeClaim.findMany({
    where: { guideId: booking.guideId, blockStart: { in: all }, bookingId: { not: booking.id } },
    select: { blockStart: true, expiresAt: true },
  });
  const live = (claim: { expiresAt: Date | null }) => claim.expiresAt === null || claim.expiresAt > now;
  const sessionTimes = new Set(session.map((block) => block.getTime()));
  if (others.some((claim) => live(claim) && sessionTimes.has(claim.blockStart.getTime()))) return false;
  const stale = others.filter((claim) => !live(claim)).map((claim) => claim.blockStart);
  if (stale.length) await tx.timeClaim.deleteMany({ where: { guideId: booking.guideId, blockStart: { in: stale }, bookingId: { not: booking.id } } });
  const taken = new Set(others.filter(live).map((claim) => claim.blockStart.getTime()));
  const mine = new Set((await tx.timeClaim.findMany({ where: { bookingId: booking.id }, select: { blockStart: true } })).map((claim) => claim.blockStart.getTime()));
  const missing = all.filter((block) => !mine.has(block.getTime()) && !taken.has(block.getTime()));
  if (missing.length) await tx.timeClaim.createMany({ data: missing.map((blockStart) => ({ guideId: booking.guideId, blockStart, bookingId: booking.id, expiresAt: null })) });
  await tx.timeClaim.updateMany({ where: { bookingId: booking.id }, data: { expiresAt: null } });
  return true;
}

/**
 * checkout.session.expired / async_payment_failed / payment_intent.payment_failed: the Payment failed; a booking
 * still held for it expires and frees its time. A payment that succeeded stays succeeded (a late expiry changes
 * nothing), and a booking with another Checkout under way keeps waiting for that one.
 */
async function failed(event: Stripe.Event, where: { sessionId?: string; intentId?: string; metadata?: unknown }) {
  const bookingId = Number((where.metadata as Record<string, string> | undefined)?.bookingId) || null;
  const payment =
    (where.sessionId && (await prisma.payment.findUnique({ where: { stripeCheckoutSessionId: where.sessionId }, select: paymentSelect }))) ||
    (where.intentId && (await prisma.payment.findUnique({ where: { stripePaymentIntentId: where.intentId }, select: paymentSelect }))) ||
    (bookingId && (await prisma.payment.findFirst({ where: { bookingId, source: "card", status: "pending" }, orderBy: { id: "desc" }, select: paymentSelect }))) ||
    null;
  if (!payment?.bookingId) return record(event, {}, { outcome: "ignored", detail: "No booking is paying through this Checkout" });
  const now = new Date();
  return record(event, { bookingId: payment.bookingId, paymentId: payment.id }, async (tx) => {
    const current = await tx.payment.findUniqueOrThrow({ where: { id: payment.id }, select: paymentSelect });
    if (current.status !== "pending") return { outcome: "ignored", detail: current.status === "succeeded" ? "Already paid: the payment stands" : "Already failed" };
    await tx.payment.update({ where: { id: payment.id }, data: { status: "failed" } });
    const others = await tx.payment.count({ where: { bookingId: payment.bookingId, source: "card", id: { not: payment.id }, status: { in: ["pending", "succeeded"] } } });
    if (others) return { outcome: "applied", detail: "Payment failed; another Checkout of this booking is under way" };
    const booking = await tx.booking.findUniqueOrThrow({ where: { id: payment.bookingId! }, select: { id: true, status: true, userId: true, guideId: true } });
    if (booking.status !== "held") {
      await tx.booking.updateMany({ where: { id: booking.id, paymentStatus: "pending" }, data: { paymentStatus: "failed" } });
      return { outcome: "applied", detail: `Payment failed; the booking was already ${booking.status}` };
    }
    await tx.booking.update({ where: { id: booking.id }, data: { status: "expired", paymentStatus: "failed", endedAt: now } });
    await tx.timeClaim.deleteMany({ where: { bookingId: booking.id } });
    await returnCover(tx, booking.id, 100, now);
    await countBookingEnd(tx, { ...booking, status: "expired", endedAt: now, cancelledById: null });
    return {
      outcome: "applied",
      detail: "Payment not completed; the booking expired and its time was released",
      after: [
        () => cancelHoldExpiry(booking.id),
        () => refreshNextFreeAt([booking.guideId], now),
        () =>
          notify(booking.userId, {
            kind: "payment",
            title: "Your payment was not completed",
            body: "The session was not booked and the time you held was released. You can book again from the mentor's profile.",
            href: `/mentor/${booking.guideId}`,
          }),
      ],
    };
  });
}

/**
 * charge.refunded (the charge's refunded total) and refund.created/updated (one refund, once it succeeded): the
 * Payment's refundedCents, which only grows, so the events may come in any order, before the payment itself too.
 */
async function refunded(event: Stripe.Event, object: Record<string, unknown>) {
  const intentId = idOf(object.payment_intent);
  const bookingId = Number((object.metadata as Record<string, string> | undefined)?.bookingId) || null;
  const payment =
    (intentId && (await prisma.payment.findUnique({ where: { stripePaymentIntentId: intentId }, select: paymentSelect }))) ||
    (bookingId && (await prisma.payment.findFirst({ where: { bookingId, source: "card", status: { in: ["pending", "succeeded"] }, stripePaymentIntentId: null }, orderBy: { id: "desc" }, select: paymentSelect }))) ||
    null;
  if (!payment) return record(event, {}, { outcome: "ignored", detail: `No payment with PaymentIntent ${intentId ?? "(none)"}` });
  const ids = { bookingId: payment.bookingId, paymentId: payment.id };
  if (String(object.currency ?? "").toLowerCase() !== payment.currency) return refuse(event, ids, `Refund currency ${String(object.currency)} is not ${payment.currency}`);
  const isCharge = event.type === "charge.refunded";
  if (!isCharge && object.status !== "succeeded") return record(event, ids, { outcome: "ignored", detail: `Refund ${String(object.status)}` });
  const refundId = isCharge ? null : String(object.id);
  const amount = Number(isCharge ? object.amount_refunded : object.amount);
  if (!Number.isInteger(amount) || amount < 0) return refuse(event, ids, `Unreadable refund amount ${String(amount)}`);

  const now = new Date();
  return record(event, ids, async (tx) => {
    const current = await tx.payment.findUniqueOrThrow({ where: { id: payment.id }, select: paymentSelect });
    let total = amount;
    if (refundId) {
      // One refund: added to what earlier refund events counted, unless this refund was counted already.
      const counted = await tx.paymentEvent.findMany({ where: { paymentId: payment.id, type: { startsWith: "refund." }, outcome: "applied", detail: { startsWith: "Refund re" } }, select: { detail: true } });
      const seen = new Map(counted.map((row) => /^Refund (\S+): (\d+)/.exec(row.detail ?? "")).filter((match) => match !== null).map((match) => [match[1], Number(match[2])]));
      seen.set(refundId, amount);
      total = [...seen.values()].reduce((sum, each) => sum + each, 0);
    }
    const refundedCents = Math.min(current.amountCents, Math.max(current.refundedCents, total));
    const detail = refundId ? `Refund ${refundId}: ${amount} cents` : `Refunded ${formatMoney(refundedCents)} of ${formatMoney(current.amountCents)}`;
    if (refundedCents === current.refundedCents && !refundId) return { outcome: "ignored", detail: `${detail} (already recorded)` };
    await tx.payment.update({
      where: { id: payment.id },
      data: { refundedCents, refundedAt: now, ...(intentId && !current.stripePaymentIntentId ? { stripePaymentIntentId: intentId } : {}) },
    });
    if (refundedCents >= current.amountCents && payment.bookingId) await tx.booking.update({ where: { id: payment.bookingId }, data: { paymentStatus: "refunded" } });
    // The guide's payout carries less, or, already sent, gives back the guide's share of the refund.
    const reverse = current.status === "succeeded" && payment.bookingId ? await applyRefundToPayout(tx, payment.bookingId) : null;
    const added = refundedCents - current.refundedCents;
    // Last, so the hour's and the month's rows are held only while this commits (stats/health-totals.server.ts).
    await addToHours(tx, refundChanges(current, { refundedCents, refundedAt: now }));
    await countPaymentChange(tx, current, { ...current, refundedCents });
    return {
      outcome: "applied",
      detail,
      after: [
        ...(added > 0 ? [countRefund(current, added)] : []),
        ...(reverse ? [() => reverseForRefunds(reverse)] : []),
        ...(added > 0 && payment.bookingId
          ? [
              () => notify(payment.userId, { kind: "payment", title: `Refund issued: ${formatMoney(added)}`, body: "It reaches your card within 5–10 business days.", href: bookingLink("user", payment.bookingId!) }),
              () => sendRefundNotice(payment.id, added),
            ]
          : []),
      ],
    };
  });
}
