import Stripe from "stripe";
import { env } from "#app/lib/env.server.ts";
import { LOCAL_SECRET_KEY, localWebhookSecret, stripeTestModeFetch } from "./stripe-test-mode.server.ts";

/**
 * The one Stripe client. With STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set it talks to Stripe. Without them
 * (the demo, the tests) the same SDK calls go to the local test-mode stand-in: the SDK gets an HTTP client whose
 * fetch hands each request to the stand-in's msw handlers in this process (stripe-test-mode.server.ts), and the
 * stand-in keeps its objects in the database, so every app server behind the proxy sees the same sessions.
 *
 * Why in process rather than pointing the SDK's host at our own origin: the server does not always know an origin
 * it can reach itself at (APP_URL is the proxy's public https address; behind a load balancer the app port may
 * not be reachable from inside), an HTTP round trip to ourselves would hold a second request slot per Stripe
 * call, and in Vitest there is no listening server at all. A custom HTTP client is a documented SDK option, it
 * patches nothing globally, and Vitest's own msw server (which does patch the network) never sees these calls.
 */
let client: Stripe | undefined;

/** True when no Stripe keys are configured: payments go through the local test-mode stand-in. */
export const isStripeTestMode = () => !env().STRIPE_SECRET_KEY;

export function stripe(): Stripe {
  if (!client) {
    const testMode = isStripeTestMode();
    client = new Stripe(env().STRIPE_SECRET_KEY ?? LOCAL_SECRET_KEY, {
      // Stripe's own retries (with the SDK's idempotency keys) for network hiccups; the stand-in never has those.
      maxNetworkRetries: testMode ? 0 : 2,
      timeout: 20_000,
      appInfo: { name: "Ministry Mentors" },
      ...(testMode ? { httpClient: Stripe.createFetchHttpClient(stripeTestModeFetch) } : {}),
    });
  }
  return client;
}

/**
 * The secrets webhook signatures are checked with: the endpoint's (whsec_…) and, when set, that of the endpoint for
 * connected accounts (Stripe signs Connect events, such as a guide's account.updated, with its own); in test mode the
 * stand-in's, made at random by this process, so only the stand-in's own in-process deliveries verify.
 */
export function stripeWebhookSecrets(): string[] {
  const { STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET } = env();
  if (!STRIPE_WEBHOOK_SECRET) return [localWebhookSecret()];
  return STRIPE_CONNECT_WEBHOOK_SECRET ? [STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET] : [STRIPE_WEBHOOK_SECRET];
}
