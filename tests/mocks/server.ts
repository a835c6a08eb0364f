// The msw server for Vitest: every outgoing HTTP request (fetch, node:http, the stripe SDK) is answered
// by these handlers, and a request none of them handles is an error (tests/setup/msw.ts). Add handlers
// for one test with server.use(...); they are dropped after that test.
import { setupServer } from "msw/node";
import { stripeHandlers } from "./stripe.ts";

export const handlers = [...stripeHandlers];
export const server = setupServer(...handlers);
