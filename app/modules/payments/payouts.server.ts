import Stripe from "stripe";
import type { Prisma } from "#app/generated/prisma/client.ts";
import { prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { defineRecurringJob, enqueue, runJobsSoon } from "#app/lib/jobs.server.ts";
import { stripe } from "./stripe.server.ts";
import { earningOf } from "#app/modules/billing/money.ts";
import { getPlatformSettings } from "#app/modules/settings/settings.server.ts";
import { recordStripeEvent } from "./event-ledger.server.ts";
import { releaseAtOf, type PayoutStatus } from "./payout-status.ts";
import { logError } from "#app/lib/logger.server.ts";

/**
 * A paid session's money on its way to the guide (one Payout per paid booking; see payout-status.ts for its states).
 * It carries the whole session: every succeeded payment of the booking (the mentee's card payment and, for a
 * sponsored booking, the sponsor's covered part: a Payment whose source is "sponsor"), less their refunds (and the
 * cover returned), less the platform's fee.
 *
 * The payout is opened, held, released, put on hold and settled by the same transactions that move its booking and
 * payment (the functions taking `tx` below), so the two never disagree. Money moves only in `transferPayout`: one
 * Stripe transfer per booking, claimed first by a conditional update (so two servers, or a job and a webhook, cannot
 * both send it) and sent with an idempotency key per booking (so a retry after an unknown outcome is the same
 * transfer). A refund after the transfer takes the guide's share of it back (`reverseForRefunds`). The update that
 * records the transfer (whichever of the API's answer and its event comes first) also queues the guide's notice of it
 * (PAYOUT_PAID_JOB, in the same transaction), so it goes once.
 */

const HOUR = 3_600_000;
/** A transfer still "paying" after this long lost its server mid-way: it is sent again, with the same key. */
const STUCK_MS = 10 * 60_000;
const RELEASE_BATCH = 50;

type PaymentMoney = { amountCents: number; refundedCents: number };
const netOf = (payment: PaymentMoney, feePercent: number) => earningOf(payment.amountCents, payment.refundedCents, feePercent).netCents;

/** What a booking's succeeded payments (card and sponsor) took, and what of it was refunded, with `moreRefundCents` on its way back. */
async function moneyOf(db: Pick<Transaction, "payment">, bookingId: number, moreRefundCents = 0): Promise<PaymentMoney> {
  const sums = await db.payment.aggregate({ where: { bookingId, status: "succeeded" }, _sum: { amountCents: true, refundedCents: true } });
  return { amountCents: sums._sum.amountCents ?? 0, refundedCents: (sums._sum.refundedCents ?? 0) + moreRefundCents };
}

/**
 * In the transaction that records a payment as succeeded (the mentee's, or a sponsor's that covers the session in
 * full): the booking's payout, held until the session is over, for all its succeeded payments. A payment that
 * arrives for a session already over (or ended) starts where that session is. One payout per booking: a booking
 * that has one keeps it.
 */
export async function openPayout(
  tx: Transaction,
  payment: { id: number; bookingId: number; guideId: number },
  feePercent: number,
  stage: { status: "held" | "cancelled" } = { status: "held" },
) {
  const amountCents = netOf(await moneyOf(tx, payment.bookingId), feePercent);
  await tx.payout.upsert({
    where: { bookingId: payment.bookingId },
    create: { bookingId: payment.bookingId, paymentId: payment.id, guideId: payment.guideId, feePercent, amountCents, status: amountCents > 0 ? stage.status : "cancelled" },
    update: {},
  });
}

/** The session is over (completed, or the mentee missed it): its payout releases when the dispute window has passed. */
export async function releaseAfterWindow(tx: Transaction, bookingId: number, over: Date) {
  await tx.payout.updateMany({ where: { bookingId, status: "held" }, data: { status: "releasing", overAt: over } });
}

/**
 * The booking ended before its session (cancelled or declined) and `refundCents` of it is being refunded: what the
 * guide keeps (a late cancellation's share) releases after the dispute window; with nothing kept, nothing is paid.
 */
export async function settleEndedBooking(tx: Transaction, bookingId: number, refundCents: number, now: Date) {
  const payout = await tx.payout.findUnique({ where: { bookingId }, select: { id: true, status: true, feePercent: true } });
  if (!payout || payout.status !== "held") return;
  const amountCents = netOf(await moneyOf(tx, bookingId, refundCents), payout.feePercent);
  await tx.payout.update({
    where: { id: payout.id },
    data: amountCents > 0 ? { status: "releasing", amountCents, overAt: now } : { status: "cancelled", amountCents: 0 },
  });
}

/** A problem was reported: nothing is released until it is settled (a transfer already made stays made). */
export async function holdPayout(tx: Transaction, bookingId: number) {
  await tx.payout.updateMany({ where: { bookingId, status: { in: ["held", "releasing", "failed"] } }, data: { status: "on_hold", retryAt: null } });
}

/**
 * The problem was settled, refunding `refundCents` of the mentee's card payment (0 for none; a sponsor's covered part
 * is returned before, in the same transaction): what is left for the guide releases once the dispute window after
 * `over` (the session's end) has passed, at once when it has; or nothing is paid.
 */
export async function resumePayout(tx: Transaction, bookingId: number, refundCents: number, over: Date) {
  const payout = await tx.payout.findUnique({ where: { bookingId }, select: { id: true, status: true, feePercent: true } });
  if (!payout || payout.status !== "on_hold") return;
  const amountCents = netOf(await moneyOf(tx, bookingId, refundCents), payout.feePercent);
  await tx.payout.update({ where: { id: payout.id }, data: amountCents > 0 ? { status: "releasing", amountCents, overAt: over } : { status: "cancelled", amountCents: 0 } });
}

/**
 * In the transaction that records a refund of one of the booking's payments (the card's, or the sponsor's cover
 * returned), after its refunded total was written: a payout not yet sent now carries less (nothing, when refunded in
 * full); one already sent is to be partly taken back. Returns the payout to reverse after the commit, if any.
 */
export async function applyRefundToPayout(tx: Transaction, bookingId: number): Promise<number | null> {
  const payout = await tx.payout.findUnique({ where: { bookingId }, select: { id: true, status: true, feePercent: true } });
  if (!payout) return null;
  if (payout.status === "paid" || payout.status === "paying") return payout.id;
  if (payout.status === "cancelled") return null;
  const amountCents = netOf(await moneyOf(tx, bookingId), payout.feePercent);
  // A problem being settled decides for itself when it is resolved.
  const nothingLeft = amountCents <= 0 && payout.status !== "on_hold";
  await tx.payout.update({ where: { id: payout.id }, data: nothingLeft ? { status: "cancelled", amountCents: 0 } : { amountCents: Math.max(0, amountCents) } });
  return null;
}

/**
 * The payouts that may be sent at `now`: releasing (or failed, once its retry time has come) whose session was over
 * at least the dispute window ago, and any stuck while paying; always to a guide whose account can receive them.
 */
const dueNow = (now: Date, disputeWindowHours: number) =>
  ({
    OR: [
      { status: "releasing", overAt: { lte: new Date(now.getTime() - disputeWindowHours * HOUR) } },
      { status: "failed", overAt: { lte: new Date(now.getTime() - disputeWindowHours * HOUR) }, retryAt: { lte: now } },
      { status: "paying", updatedAt: { lt: new Date(now.getTime() - STUCK_MS) } },
    ],
    guide: { payoutAccount: { status: "active" } },
  }) satisfies Prisma.PayoutWhereInput;

/** Stripe said no for good (a 4xx other than a conflict or a rate limit): a retry needs a new idempotency key. */
const isRefusal = (error: unknown) =>
  error instanceof Stripe.errors.StripeError && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 && ![409, 429].includes(error.statusCode);

/** After a refusal the next try waits longer each time, at most a day. */
const retryDelay = (failures: number) => Math.min(24, 2 ** Math.max(0, failures - 1)) * HOUR;

/**
 * Sends one payout: claims it (only a releasing or failed payout that is due, or one stuck while paying), works out
 * the amount from what the session was paid (mentee and sponsor) less refunds and the fee, and makes the transfer to the guide's connected
 * account. Returns what became of it.
 */
export async function transferPayout(payoutId: number, now = new Date()): Promise<"paid" | "failed" | "cancelled" | "retry" | "skipped"> {
  const { disputeWindowHours } = await getPlatformSettings();
  const claimed = await prisma.payout.updateMany({ where: { id: payoutId, ...dueNow(now, disputeWindowHours) }, data: { status: "paying", updatedAt: now } });
  if (claimed.count !== 1) return "skipped";
  const payout = await prisma.payout.findUniqueOrThrow({
    where: { id: payoutId },
    select: {
      id: true, bookingId: true, feePercent: true, failures: true,
      payment: { select: { currency: true } },
      guide: { select: { name: true, payoutAccount: { select: { stripeAccountId: true } } } },
      booking: { select: { topic: true } },
    },
  });
  const amountCents = netOf(await moneyOf(prisma, payout.bookingId), payout.feePercent);
  if (amountCents <= 0) {
    await prisma.payout.update({ where: { id: payout.id }, data: { status: "cancelled", amountCents: 0 } });
    return "cancelled";
  }
  try {
    const transfer = await stripe().transfers.create(
      {
        amount: amountCents,
        currency: payout.payment.currency,
        destination: payout.guide.payoutAccount!.stripeAccountId,
        transfer_group: `booking_${payout.bookingId}`,
        description: `Mentoring session #${payout.bookingId}: ${payout.booking.topic}`.slice(0, 350),
        metadata: { bookingId: String(payout.bookingId), payoutId: String(payout.id) },
      },
      // One key per booking and refused attempt: a retry after an unknown outcome is the same transfer.
      { idempotencyKey: `payout-booking-${payout.bookingId}-${payout.failures}` },
    );
    await recordTransfer(payout.id, transfer.id, transfer.amount, now);
    return "paid";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const refused = isRefusal(error);
    await prisma.payout.updateMany({
      where: { id: payout.id, status: "paying" },
      data: refused
        ? { status: "failed", failures: { increment: 1 }, lastError: message.slice(0, 500), retryAt: new Date(now.getTime() + retryDelay(payout.failures + 1)) }
        : { status: "releasing", lastError: message.slice(0, 500) },
    });
    logError(error, {}, `payout #${payout.id} (booking #${payout.bookingId}): transfer ${refused ? "refused" : "not confirmed"}: ${message}`);
    return refused ? "failed" : "retry";
  }
}

/**
 * The kind of job that tells the guide a payout was sent (payload: payoutId); its handler is the bookings module's
 * (receipts.server.ts), which names the session.
 */
export const PAYOUT_PAID_JOB = "payouts.paid-notice";

/**
 * In the transaction of the conditional update that marked a payout paid (and only when it changed the row): queues
 * the guide's notice, sent once this commits.
 */
async function queuePaidNotice(tx: Transaction, payoutId: number) {
  await enqueue(PAYOUT_PAID_JOB, { payoutId }, { within: tx });
  runJobsSoon(250);
}

/** A transfer was made (its API answer; its transfer.created event records it in applyTransferEvent when this did not). */
async function recordTransfer(payoutId: number, transferId: string, amountCents: number, now: Date) {
  const recorded = await transaction(async (tx) => {
    const changed = await tx.payout.updateMany({
      where: { id: payoutId, stripeTransferId: null },
      data: { status: "paid", stripeTransferId: transferId, amountCents, paidAt: now, lastError: null },
    });
    if (changed.count === 1) await queuePaidNotice(tx, payoutId);
    return changed.count === 1;
  });
  // A refund recorded while the transfer was on its way is taken back from it now.
  if (recorded) await reverseForRefunds(payoutId);
}

/**
 * Takes back from a sent transfer the guide's share of what was refunded after it: the guide should now have what
 * they would have earned of the amount left (fee in proportion), so the reversal is what they got beyond that. The
 * new total is claimed first, so two refunds at once never take back the same share twice.
 */
export async function reverseForRefunds(payoutId: number) {
  const payout = await prisma.payout.findUnique({
    where: { id: payoutId },
    select: { id: true, bookingId: true, status: true, stripeTransferId: true, amountCents: true, reversedCents: true, feePercent: true },
  });
  if (!payout || payout.status !== "paid" || !payout.stripeTransferId) return null;
  const money = await moneyOf(prisma, payout.bookingId);
  const target = Math.min(payout.amountCents, Math.max(0, payout.amountCents - netOf(money, payout.feePercent)));
  const amount = target - payout.reversedCents;
  if (amount <= 0) return null;
  const claimed = await prisma.payout.updateMany({ where: { id: payout.id, reversedCents: payout.reversedCents }, data: { reversedCents: target } });
  if (claimed.count !== 1) return null;
  try {
    return await stripe().transfers.createReversal(
      payout.stripeTransferId,
      { amount, metadata: { payoutId: String(payout.id) } },
      { idempotencyKey: `payout-reversal-${payout.id}-${payout.reversedCents}-${target}` },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await prisma.payout.updateMany({ where: { id: payout.id, reversedCents: target }, data: { reversedCents: payout.reversedCents, lastError: `Reversal of ${amount} cents failed: ${message}`.slice(0, 500) } });
    logError(error, {}, `payout #${payout.id}: reversal of ${amount} cents failed: ${message}`);
    return null;
  }
}

/** Every payout due now whose guide can be paid (and any stuck while paying), oldest release first. */
export async function releaseDuePayouts(now = new Date(), { guideId, limit = RELEASE_BATCH }: { guideId?: number; limit?: number } = {}) {
  const { disputeWindowHours } = await getPlatformSettings();
  const due = await prisma.payout.findMany({
    where: { ...dueNow(now, disputeWindowHours), ...(guideId ? { guideId } : {}) },
    orderBy: [{ overAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true },
  });
  const outcomes: Record<string, number> = {};
  for (const { id } of due) {
    const outcome = await transferPayout(id, now);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return outcomes;
}

export const PAYOUT_RELEASE_JOB = "payouts.release";

// Every minute: the payouts whose dispute window has passed go to their guides.
defineRecurringJob(PAYOUT_RELEASE_JOB, 60_000, (now) => releaseDuePayouts(now));

/**
 * transfer.created / transfer.reversed / transfer.updated: the transfer a payout made. Usually the API's answer has
 * recorded it already; a server that lost the answer (it stopped mid-way) learns it here. A replay changes nothing.
 */
export async function applyTransferEvent(event: Stripe.Event) {
  const transfer = event.data.object as Stripe.Transfer;
  const payoutId = Number(transfer.metadata?.payoutId) || null;
  const payout = payoutId ? await prisma.payout.findUnique({ where: { id: payoutId }, select: { id: true, bookingId: true, paymentId: true, stripeTransferId: true } }) : null;
  if (!payout) return recordStripeEvent(event, {}, { outcome: "ignored", detail: `No payout made transfer ${transfer.id}` });
  const ids = { bookingId: payout.bookingId, paymentId: payout.paymentId };
  if (event.type !== "transfer.created" || payout.stripeTransferId === transfer.id) {
    return recordStripeEvent(event, ids, { outcome: "applied", detail: `Transfer ${transfer.id}: ${transfer.amount} cents, ${transfer.amount_reversed} reversed` });
  }
  return recordStripeEvent(event, ids, async (tx) => {
    const changed = await tx.payout.updateMany({
      where: { id: payout.id, stripeTransferId: null },
      data: { status: "paid", stripeTransferId: transfer.id, amountCents: transfer.amount, paidAt: new Date(transfer.created * 1000), lastError: null },
    });
    if (changed.count === 1) await queuePaidNotice(tx, payout.id);
    return changed.count === 1
      ? { outcome: "applied", detail: `Transfer ${transfer.id} recorded from its event`, after: [() => reverseForRefunds(payout.id)] }
      : { outcome: "ignored", detail: `Payout #${payout.id} has another transfer` };
  });
}

/** A booking's payout as the console's booking page shows it (null for a booking nobody paid for). */
export async function payoutOfBooking(bookingId: number) {
  const payout = await prisma.payout.findUnique({
    where: { bookingId },
    select: { id: true, status: true, feePercent: true, amountCents: true, reversedCents: true, overAt: true, retryAt: true, paidAt: true, stripeTransferId: true, failures: true, lastError: true, guide: { select: { payoutAccount: { select: { status: true } } } } },
  });
  if (!payout) return null;
  const { disputeWindowHours } = await getPlatformSettings();
  return {
    id: payout.id,
    status: payout.status as PayoutStatus,
    feePercent: payout.feePercent,
    amountCents: payout.amountCents,
    reversedCents: payout.reversedCents,
    releaseAt: releaseAtOf(payout, disputeWindowHours)?.toISOString() ?? null,
    paidAt: payout.paidAt?.toISOString() ?? null,
    transferId: payout.stripeTransferId,
    failures: payout.failures,
    lastError: payout.lastError,
    accountActive: payout.guide.payoutAccount?.status === "active",
  };
}

