import Stripe from "stripe";
import { http, HttpResponse } from "msw";
import { describe, expect, onTestFinished, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { server } from "./server.ts";
import { completeStripeCheckout, STRIPE_API, stripeRequests, stripeStore } from "./stripe.ts";

// A test key and the SDK's default host: msw answers in the process, nothing reaches api.stripe.com.
const stripe = new Stripe("sk_test_mock_0000000000000000", { maxNetworkRetries: 0 });

describe("the Stripe SDK against the msw handlers", () => {
  test("Checkout Session: create, retrieve, pay, refund", async () => {
    const customer = await stripe.customers.create({ email: "sarah@test.example", name: "Sarah Johnson", metadata: { userId: "7" } });
    expect(customer).toMatchObject({ object: "customer", email: "sarah@test.example", metadata: { userId: "7" }, livemode: false });
    expect(customer.id).toMatch(/^cus_test_/);
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ id: customer.id, name: "Sarah Johnson" });

    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      customer: customer.id,
      client_reference_id: "booking-42",
      success_url: "http://localhost/bookings/42?paid=1",
      cancel_url: "http://localhost/bookings/42",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 7500, product_data: { name: "One hour with David Mitchell" } } }],
      metadata: { bookingId: "42" },
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({ object: "checkout.session", status: "open", payment_status: "unpaid", amount_total: 7500, currency: "usd", metadata: { bookingId: "42" } });
    // Test mode's hosted page is the app's own local checkout, as a path: it opens on whatever host the app is on.
    expect(session.url).toBe(`/checkout/test/${session.id}`);
    // What the SDK sent, decoded from its form encoding.
    expect(stripeRequests.at(-1)).toMatchObject({ method: "POST", path: "/v1/checkout/sessions", body: { line_items: [{ price_data: { unit_amount: "7500" } }] } });

    // Paid without delivering the event (no booking is behind this session).
    await completeStripeCheckout(session.id, { deliver: false });
    const paid = await stripe.checkout.sessions.retrieve(session.id);
    expect(paid).toMatchObject({ status: "complete", payment_status: "paid" });
    expect(paid.payment_intent).toMatch(/^pi_test_/);

    const refund = await stripe.refunds.create({ payment_intent: paid.payment_intent as string, reason: "requested_by_customer" });
    expect(refund).toMatchObject({ object: "refund", amount: 7500, status: "succeeded", payment_intent: paid.payment_intent });
    expect(await stripeStore.get("refund", refund.id)).toMatchObject({ amount: 7500 });
    // Stripe then tells the webhook; no payment here has that PaymentIntent, so the event is recorded as ignored.
    expect(await prisma.paymentEvent.findFirst({ where: { type: "charge.refunded" } })).toMatchObject({ outcome: "ignored" });
  });

  test("Stripe's errors come back as the SDK's error classes", async () => {
    const failure = stripe.checkout.sessions.retrieve("cs_test_unknown");
    await expect(failure).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(failure).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  test("the store is emptied after each test", async () => {
    expect(await stripeStore.all("checkout.session")).toEqual([]);
    expect(stripeRequests).toEqual([]);
  });

  test("server.use() overrides a handler for one test", async () => {
    server.use(http.post(`${STRIPE_API}/v1/refunds`, () => HttpResponse.json({ error: { type: "card_error", message: "Charge already refunded", code: "charge_already_refunded" } }, { status: 400 })));
    await expect(stripe.refunds.create({ payment_intent: "pi_test_x" })).rejects.toMatchObject({ code: "charge_already_refunded" });
  });
});

// Never retried (CI retries a failed test once): its first test fails on purpose.
describe("a request no handler answers fails the test", { retry: 0 }, () => {
  let failure = "";
  // Even when the code under test swallows the network error, msw's console.error fails the test.
  test.fails("an unhandled request, its error swallowed", async () => {
    onTestFinished(({ task }) => {
      failure = (task.result?.errors ?? []).map((error) => error.message).join("\n");
    });
    await fetch("https://api.example.com/v1/things").catch(() => undefined);
  });

  test("…for that reason, and the request itself errors", async () => {
    expect(failure).toMatch(/console\.error was called:\n.*intercepted a request without a matching request handler/s);
    // Had it not been swallowed: the request rejects (nothing is sent).
    const { expectConsoleError } = await import("../setup/console.ts");
    expectConsoleError(/without a matching request handler/);
    await expect(fetch("https://api.example.com/v1/things")).rejects.toThrow();
  });
});
