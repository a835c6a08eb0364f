import type Stripe from "stripe";
import { jsonError } from "#app/lib/http.server.ts";
import { stripe, stripeWebhookSecrets } from "./stripe.server.ts";
import type { EventOutcome } from "./event-ledger.server.ts";
import { logError } from "#app/lib/logger.server.ts";

/** Applies one verified event, once (bookings' handleStripeEvent: payments cannot import bookings, so it is passed in). */
export type StripeEventHandler = (event: Stripe.Event) => Promise<{ outcome: EventOutcome }>;

/**
 * POST /api/webhooks/stripe: Stripe's events (the platform's and, from a Connect endpoint, its connected accounts'),
 * and the local test-mode stand-in's (which signs them the same way).
 * The signature is checked over the raw body exactly as it arrived (parsing and re-serialising would change the
 * bytes); a missing or wrong one is a 400 {message}. A verified event is handed to `handle`, which
 * applies it once (the event id is recorded) and answers 200 also for a redelivery, so Stripe stops retrying.
 * An error while applying is a 500: nothing was recorded, and Stripe retries later.
 */
export async function receiveStripeWebhook(request: Request, handle: StripeEventHandler): Promise<Response> {
  const signature = request.headers.get("stripe-signature");
  const raw = Buffer.from(await request.arrayBuffer());
  if (!signature) return jsonError(400, "Missing Stripe-Signature header");
  let event: Stripe.Event | undefined;
  let failure = "";
  for (const secret of stripeWebhookSecrets()) {
    try {
      event = stripe().webhooks.constructEvent(raw, signature, secret);
      break;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
  }
  if (!event) return jsonError(400, `Webhook signature verification failed: ${failure}`);
  try {
    const { outcome } = await handle(event);
    return Response.json({ received: true, outcome });
  } catch (error) {
    logError(error, {}, `stripe webhook: ${event.type} ${event.id} failed`);
    return jsonError(500, "The event could not be applied; it will be retried.");
  }
}
