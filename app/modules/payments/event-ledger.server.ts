import type Stripe from "stripe";
import { isUniqueViolation, prisma, transaction, type Transaction } from "#app/lib/db.server.ts";
import { logError, logger } from "#app/lib/logger.server.ts";

/**
 * The ledger of Stripe's webhook events: each verified event's id is recorded once (PaymentEvent's primary key) in
 * the same transaction as the change it makes, so a redelivered event changes nothing, and the effects that must not
 * run inside a transaction (mail, notifications, Stripe calls) run after the commit.
 */

export type EventOutcome = "applied" | "ignored" | "refused" | "duplicate";
export type Effect = () => Promise<unknown>;
export type Applied = { outcome: Exclude<EventOutcome, "duplicate">; detail?: string; after?: Effect[] };
export type Ids = { bookingId?: number | null; paymentId?: number | null };

/**
 * Records the event id and applies `work` in one transaction. The id goes in first, so of two deliveries of one
 * event running at once the second waits on the key and then finds it taken: a duplicate, nothing applied twice.
 * The effects `work` returns (mail, notifications, Stripe calls) run after the commit.
 */
export async function recordStripeEvent(event: Stripe.Event, ids: Ids, work: Applied | ((tx: Transaction) => Promise<Applied>)) {
  let applied: Applied;
  try {
    applied = await transaction(async (tx) => {
      await tx.paymentEvent.create({ data: { id: event.id, type: event.type, outcome: "applied", bookingId: ids.bookingId ?? null, paymentId: ids.paymentId ?? null } });
      const result = typeof work === "function" ? await work(tx) : work;
      if (result.outcome !== "applied" || result.detail) {
        await tx.paymentEvent.update({ where: { id: event.id }, data: { outcome: result.outcome, detail: result.detail?.slice(0, 1000) ?? null } });
      }
      return result;
    });
  } catch (error) {
    if (isUniqueViolation(error) && (await prisma.paymentEvent.findUnique({ where: { id: event.id }, select: { id: true } }))) return { outcome: "duplicate" as const };
    throw error;
  }
  for (const effect of applied.after ?? []) {
    // The change is committed and the event recorded: a failing side effect is logged, not retried by Stripe.
    await effect().catch((error) => logError(error, {}, `stripe ${event.type} ${event.id}: a follow-up failed: ${error instanceof Error ? error.message : String(error)}`));
  }
  return { outcome: applied.outcome, detail: applied.detail };
}

/** Records an event that was refused (an amount that does not match, say), and logs why. */
export function refuseStripeEvent(event: Stripe.Event, ids: Ids, detail: string) {
  logger.error({ eventId: event.id, bookingId: ids.bookingId ?? null }, `stripe webhook: refused ${event.type} ${event.id}${ids.bookingId ? ` for booking #${ids.bookingId}` : ""}: ${detail}`);
  return recordStripeEvent(event, ids, { outcome: "refused", detail });
}
