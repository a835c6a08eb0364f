// Stripe in the tests: the app's own local test-mode stand-in (app/modules/payments/stripe-test-mode.server.ts),
// msw handlers that answer the `stripe` SDK (v23, https://api.stripe.com) the way Stripe's test mode does, with
// their objects in the StripeTestObject table. The app reaches them in process (no STRIPE_SECRET_KEY in tests);
// tests/mocks/server.ts also serves them to the network, so a bare `new Stripe(key)` in a test reaches them too.
// tests/setup/msw.ts points the app's Stripe client at that server's handler list, so server.use(...) overrides
// (a refund Stripe refuses, say) apply to the app's calls as well, for one test.
import Stripe from "stripe";
import {
  deliverTestEventsTo,
  localWebhookSecret,
  resetStripeTestMode,
  signedWebhookRequest,
  stripeTestModeHandlers,
  stripeTestObject,
  stripeTestObjects,
  stripeTestRequests,
  type StripeObject,
} from "#app/modules/payments/stripe-test-mode.server.ts";
import { receiveStripeWebhook } from "#app/modules/payments/webhook.server.ts";

// The stand-in delivers its events to our webhook's handler, which bookings' checkout hands it when it loads (a test's
// own imports, or the built app at its first request). Until then this one loads checkout at the first event: a test
// that reaches Stripe without loading any booking code still has its events delivered, and the test files that never
// reach Stripe (most of them) no longer load every booking module at setup.
deliverTestEventsTo(async (request) => {
  const { handleStripeEvent } = await import("#app/modules/bookings/checkout.server.ts");
  return receiveStripeWebhook(request, handleStripeEvent);
});

export {
  completeStripeCheckout,
  emitStripeEvent,
  expireStripeCheckout,
  localWebhookSecret,
  parseStripeForm,
  STRIPE_API,
} from "#app/modules/payments/stripe-test-mode.server.ts";

export const stripeHandlers = stripeTestModeHandlers;

/** Every request the stand-in answered, newest last: method, path and the decoded body. */
export const stripeRequests = stripeTestRequests;

/** Forgets every stand-in object and request (the setup file does it after each test). */
export const resetStripe = resetStripeTestMode;

/** The objects the stand-in holds, for assertions (e.g. the refund a cancellation made). */
export const stripeStore = {
  get: (kind: Parameters<typeof stripeTestObject>[0], id: string) => stripeTestObject(kind, id),
  all: (kind: Parameters<typeof stripeTestObjects>[0]) => stripeTestObjects(kind),
};

let events = 0;

/** An event as Stripe sends it, with an id of its own unless given. */
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${Date.now()}_${++events}`): StripeObject {
  return { id, object: "event", api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type };
}

/**
 * POSTs an event to /api/webhooks/stripe through the built app, signed with `secret` (by default the stand-in's
 * secret of this process, which the built app shares; pass another to get a bad signature), exactly as Stripe's
 * delivery would arrive.
 */
export async function postStripeEvent(event: StripeObject, { secret = localWebhookSecret(), signature }: { secret?: string; signature?: string | null } = {}) {
  const signed = signedWebhookRequest(JSON.stringify(event), secret);
  const headers = new Headers(signed.headers);
  if (signature === null) headers.delete("Stripe-Signature");
  else if (signature !== undefined) headers.set("Stripe-Signature", signature);
  // Imported here: this file is loaded by every test's setup, most of which never send a request.
  const { send } = await import("#tests/app.ts");
  return send("/api/webhooks/stripe", { method: "POST", headers, body: await signed.text() });
}
