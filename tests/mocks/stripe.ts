// msw handlers that answer the `stripe` SDK (v23, default host https://api.stripe.com) the way Stripe's
// test mode does, for what bookings need: Checkout Sessions, refunds and customers. Objects are kept in
// memory, so what a test creates it can retrieve (and assert on); resetStripe() empties the store and
// the setup file calls it after every test.
//
// The SDK sends v1 bodies form-encoded with bracketed keys (line_items[0][price_data][currency]=usd);
// parseStripeForm() turns them back into the nested object the SDK was given.
import { randomBytes } from "node:crypto";
import { http, HttpResponse } from "msw";

export const STRIPE_API = "https://api.stripe.com";

type StripeObject = Record<string, unknown> & { id: string; object: string };

const store = {
  checkoutSessions: new Map<string, StripeObject>(),
  customers: new Map<string, StripeObject>(),
  refunds: new Map<string, StripeObject>(),
  paymentIntents: new Map<string, StripeObject>(),
};

/** Every request the mock answered, newest last: method, path and the decoded body. */
export const stripeRequests: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];

export function resetStripe() {
  for (const map of Object.values(store)) map.clear();
  stripeRequests.length = 0;
}

/** The objects the mock holds, for assertions (e.g. the refund a booking cancellation made). */
export const stripeStore = store as Readonly<typeof store>;

const stripeId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Decodes Stripe's form encoding (`a[b][0][c]=1`) into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else container[part] ??= /^\d+$/.test(path[index + 1]) ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

async function body(request: Request) {
  const text = await request.text();
  return request.headers.get("content-type")?.includes("json") ? (text ? JSON.parse(text) : {}) : parseStripeForm(text);
}

/** Stripe's error envelope, as the SDK turns it into a StripeInvalidRequestError. */
function stripeError(status: number, message: string, param?: string, code = "resource_missing") {
  return HttpResponse.json({ error: { type: "invalid_request_error", code, message, param } }, { status });
}

const toInt = (value: unknown) => (value === undefined ? undefined : Number(value));
const metadata = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, string>) : {});

function record(request: Request, data: Record<string, unknown>) {
  stripeRequests.push({ method: request.method, path: new URL(request.url).pathname, body: data });
}

function createCustomer(data: Record<string, unknown>): StripeObject {
  const customer: StripeObject = {
    id: stripeId("cus"),
    object: "customer",
    address: null,
    balance: 0,
    created: now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: (data.description as string) ?? null,
    email: (data.email as string) ?? null,
    invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: metadata(data.metadata),
    name: (data.name as string) ?? null,
    phone: (data.phone as string) ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
  store.customers.set(customer.id, customer);
  return customer;
}

type LineItem = { quantity?: string; price?: string; price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string } } };

function createCheckoutSession(data: Record<string, unknown>): StripeObject | Response {
  const mode = (data.mode as string) ?? "payment";
  const lineItems = (data.line_items as LineItem[] | undefined) ?? [];
  if (!lineItems.length && mode === "payment") return stripeError(400, "You must provide at least one line item.", "line_items", "parameter_missing");
  if (!data.success_url && data.ui_mode !== "embedded") return stripeError(400, "Missing required param: success_url.", "success_url", "parameter_missing");
  const amount = lineItems.reduce((sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
  const currency = lineItems[0]?.price_data?.currency ?? "usd";
  const id = `cs_test_${randomBytes(24).toString("base64url").replace(/[-_]/g, "a")}`;
  const session: StripeObject = {
    id,
    object: "checkout.session",
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: (data.cancel_url as string) ?? null,
    client_reference_id: (data.client_reference_id as string) ?? null,
    created: now(),
    currency,
    customer: (data.customer as string) ?? null,
    customer_email: (data.customer_email as string) ?? null,
    expires_at: toInt(data.expires_at) ?? now() + 24 * 60 * 60,
    livemode: false,
    metadata: metadata(data.metadata),
    mode,
    payment_intent: null,
    payment_method_types: (data.payment_method_types as string[]) ?? ["card"],
    payment_status: "unpaid",
    status: "open",
    success_url: (data.success_url as string) ?? null,
    ui_mode: (data.ui_mode as string) ?? "hosted",
    url: `https://checkout.stripe.com/c/pay/${id}`,
    // Not part of Stripe's object: kept for completeStripeCheckout().
    _line_items: lineItems,
  };
  store.checkoutSessions.set(id, session);
  return session;
}

/** What Stripe returns: the stored object without the mock's own bookkeeping fields. */
const visible = (object: StripeObject) => Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith("_")));

/**
 * Marks a Checkout Session paid, as if the customer had paid on Stripe's page: it gets a
 * succeeded PaymentIntent, status "complete" and payment_status "paid". Returns the session.
 */
export function completeStripeCheckout(sessionId: string) {
  const session = store.checkoutSessions.get(sessionId);
  if (!session) throw new Error(`No mocked Checkout Session ${sessionId}`);
  const intent: StripeObject = {
    id: stripeId("pi"),
    object: "payment_intent",
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: session.currency,
    customer: session.customer,
    latest_charge: stripeId("ch"),
    livemode: false,
    metadata: session.metadata,
    status: "succeeded",
    created: now(),
  };
  store.paymentIntents.set(intent.id, intent);
  Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id });
  return visible(session);
}

export const stripeHandlers = [
  http.post(`${STRIPE_API}/v1/customers`, async ({ request }) => {
    const data = await body(request);
    record(request, data);
    return HttpResponse.json(createCustomer(data));
  }),
  http.get(`${STRIPE_API}/v1/customers/:id`, ({ params }) => {
    const customer = store.customers.get(String(params.id));
    return customer ? HttpResponse.json(customer) : stripeError(404, `No such customer: '${params.id}'`, "id");
  }),
  http.post(`${STRIPE_API}/v1/customers/:id`, async ({ request, params }) => {
    const data = await body(request);
    record(request, data);
    const customer = store.customers.get(String(params.id));
    if (!customer) return stripeError(404, `No such customer: '${params.id}'`, "id");
    Object.assign(customer, data, { metadata: { ...metadata(customer.metadata), ...metadata(data.metadata) } });
    return HttpResponse.json(customer);
  }),

  http.post(`${STRIPE_API}/v1/checkout/sessions`, async ({ request }) => {
    const data = await body(request);
    record(request, data);
    const session = createCheckoutSession(data);
    return session instanceof Response ? session : HttpResponse.json(visible(session));
  }),
  http.get(`${STRIPE_API}/v1/checkout/sessions/:id`, ({ params }) => {
    const session = store.checkoutSessions.get(String(params.id));
    return session ? HttpResponse.json(visible(session)) : stripeError(404, `No such checkout.session: '${params.id}'`, "session");
  }),
  http.post(`${STRIPE_API}/v1/checkout/sessions/:id/expire`, ({ params }) => {
    const session = store.checkoutSessions.get(String(params.id));
    if (!session) return stripeError(404, `No such checkout.session: '${params.id}'`, "session");
    if (session.status !== "open") return stripeError(400, "Only Checkout Sessions with a status of `open` can be expired.", undefined, "checkout_session_not_open");
    Object.assign(session, { status: "expired", url: null });
    return HttpResponse.json(visible(session));
  }),

  http.post(`${STRIPE_API}/v1/refunds`, async ({ request }) => {
    const data = await body(request);
    record(request, data);
    const intentId = data.payment_intent as string | undefined;
    const intent = intentId ? store.paymentIntents.get(intentId) : undefined;
    if (!intentId && !data.charge) return stripeError(400, "One of the following params should be provided for this request: payment_intent or charge.", "payment_intent", "parameter_missing");
    // A PaymentIntent the mock never saw is accepted as one made elsewhere (e.g. seeded data).
    const amount = toInt(data.amount) ?? (intent?.amount as number | undefined) ?? 0;
    const refund: StripeObject = {
      id: stripeId("re"),
      object: "refund",
      amount,
      balance_transaction: stripeId("txn"),
      charge: (data.charge as string) ?? (intent?.latest_charge as string | undefined) ?? stripeId("ch"),
      created: now(),
      currency: (intent?.currency as string | undefined) ?? "usd",
      destination_details: { card: { type: "refund" }, type: "card" },
      metadata: metadata(data.metadata),
      payment_intent: intentId ?? null,
      reason: (data.reason as string) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    };
    store.refunds.set(refund.id, refund);
    return HttpResponse.json(refund);
  }),
  http.get(`${STRIPE_API}/v1/refunds/:id`, ({ params }) => {
    const refund = store.refunds.get(String(params.id));
    return refund ? HttpResponse.json(refund) : stripeError(404, `No such refund: '${params.id}'`, "id");
  }),
];
