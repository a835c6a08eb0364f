// Vitest setup file: no request leaves the test process. msw answers Stripe (tests/mocks/stripe.ts);
// anything unhandled fails: msw logs it through console.error (which fails the test, see console.ts)
// and the request itself errors.
import type { RequestHandler } from "msw";
import { afterAll, afterEach, beforeAll } from "vitest";
import { useStripeHandlerSource } from "#app/modules/payments/stripe-test-mode.server.ts";
import { server } from "../mocks/server.ts";
import { resetStripe } from "../mocks/stripe.ts";

beforeAll(() => {
  server.listen({ onUnhandledRequest: "error" });
  // The app's Stripe client (test mode, in process) answers from this server's handlers, overrides included.
  useStripeHandlerSource(() => server.listHandlers() as RequestHandler[]);
});
afterEach(async () => {
  server.resetHandlers();
  await resetStripe();
});
afterAll(() => {
  useStripeHandlerSource(undefined);
  server.close();
});
