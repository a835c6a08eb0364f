// Vitest setup file: no request leaves the test process. msw answers Stripe (tests/mocks/stripe.ts);
// anything unhandled fails: msw logs it through console.error (which fails the test, see console.ts)
// and the request itself errors.
import { afterAll, afterEach, beforeAll } from "vitest";
import { server } from "../mocks/server.ts";
import { resetStripe } from "../mocks/stripe.ts";

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  resetStripe();
});
afterAll(() => server.close());
