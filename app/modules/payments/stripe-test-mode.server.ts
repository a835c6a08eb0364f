// The local test-mode stand-in for Stripe: what answers the `stripe` SDK when no STRIPE_SECRET_KEY is set (the demo,
// the tests, a developer's machine without keys). It is a set of msw request handlers for Stripe's v1 API
// (https://api.stripe.com): Checkout Sessions, PaymentIntents, refunds, customers and events, and for Connect the
// guides' Express accounts, their onboarding links, transfers and their reversals and the accounts' bank payouts,
// answered the way Stripe's test mode answers them, and a signed webhook sent to our own endpoint whenever Stripe
// would send one.
//
// How the SDK reaches it (see stripe.server.ts beside it): the SDK is given an HTTP client whose fetch hands each
// request to msw's getResponse(handlers, request) in this process. Nothing is patched globally and nothing goes
// over a socket, so it works the same in the production server (one process or several behind the proxy), in
// `react-router dev` and in Vitest (whose own msw server, which patches the network, never sees these calls).
// The objects live in the StripeTestObject table, so every app server sees the same Checkout Sessions.
//
// Webhooks: Stripe POSTs events to /api/webhooks/stripe, signed with the endpoint's secret. The stand-in signs
// each event with a secret made at random when the process starts (the secret the app checks against when
// STRIPE_WEBHOOK_SECRET is unset) and hands the Request to the very function the webhook route runs, in process:
// the signature check, the event ledger and the state changes all run as they would for Stripe's own delivery.
// Nobody outside the process knows that secret, so an event posted from the network never verifies; each app
// server's stand-in delivers only to itself, so several servers need no shared secret.
import { randomBytes } from "node:crypto";
import { getResponse, http, HttpResponse, type RequestHandler } from "msw";
import Stripe from "stripe";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { siteUrl } from "#app/lib/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";

export const STRIPE_API = "https://api.stripe.com";
/** The API key the SDK is given in test mode (never sent anywhere, so it guards nothing). */
export const LOCAL_SECRET_KEY = "sk_test_local_stand_in";
/** The local checkout page a test-mode Checkout Session sends the mentee to. */
export const testCheckoutPath = (sessionId: string) => `/checkout/test/${sessionId}`;
/** The local onboarding page a test-mode account link sends the guide to (the app's own page: no absolute URL). */
export const testOnboardingPath = (accountId: string) => `/connect/test/${accountId}`;

export type StripeObject = Record<string, unknown> & { id: string; object: string };
type Kind =
  | "customer" | "checkout.session" | "payment_intent" | "refund" | "event" | "idempotency"
  | "account" | "account_link" | "transfer" | "transfer_reversal" | "payout";

// ─── State shared by every copy of this module in the process (the server build and the tests' sources) ───

type StandInState = {
  /** Every request the stand-in answered, newest last (at most 200): for tests' assertions. */
  requests: Array<{ method: string; path: string; body: Record<string, unknown> }>;
  /** Whether anything was written since the last reset (so resetting costs nothing when unused). */
  wrote: boolean;
  /** Where the handlers come from: the tests point this at their msw server, so server.use() overrides apply. */
  handlerSource?: () => readonly RequestHandler[];
  /** The secret the stand-in signs its webhook events with: random, made once per process, never written anywhere. */
  webhookSecret: string;
  /** Our webhook endpoint's handler, where events are delivered in-process (deliverTestEventsTo). */
  receive?: (request: Request) => Promise<Response>;
};
const shared = globalThis as unknown as { __stripeTestMode?: StandInState };
const state = (shared.__stripeTestMode ??= { requests: [], wrote: false, webhookSecret: `whsec_${randomBytes(32).toString("base64url")}` });

/** The webhook signing secret when STRIPE_WEBHOOK_SECRET is unset: this process's own (see the top of this file). */
export const localWebhookSecret = () => state.webhookSecret;

export const stripeTestRequests = state.requests;

/** Tests: take the handlers from `source` (their msw server's list, with per-test overrides) instead of the defaults. */
export function useStripeHandlerSource(source: (() => readonly RequestHandler[]) | undefined) {
  state.handlerSource = source;
}

/**
 * Where the stand-in delivers its events: our own webhook endpoint's handler, set by the module that applies them
 * (bookings/checkout.server.ts, at import), since payments cannot import bookings.
 */
export function deliverTestEventsTo(receive: (request: Request) => Promise<Response>) {
  state.receive = receive;
}

/** Tests: forget every stand-in object and request. Cheap when nothing was written. */
export async function resetStripeTestMode() {
  state.requests.length = 0;
  if (!state.wrote) return;
  state.wrote = false;
  await prisma.stripeTestObject.deleteMany();
}

// ─── Storage ───

async function load(kind: Kind, id: string): Promise<StripeObject | null> {
  const row = await prisma.stripeTestObject.findUnique({ where: { id } });
  return row && row.kind === kind ? (JSON.parse(row.data) as StripeObject) : null;
}

async function save(kind: Kind, object: StripeObject) {
  state.wrote = true;
  const data = JSON.stringify(object);
  await prisma.stripeTestObject.upsert({ where: { id: object.id }, create: { id: object.id, kind, data }, update: { data } });
  return object;
}

/** Reads, changes and writes one object in a transaction, so two servers changing it do not lose a change. */
async function change(kind: Kind, id: string, update: (object: StripeObject) => StripeObject | null) {
  state.wrote = true;
  return transaction(async (tx) => {
    const row = await tx.stripeTestObject.findUnique({ where: { id } });
    if (!row || row.kind !== kind) return null;
    const next = update(JSON.parse(row.data) as StripeObject);
    if (next) await tx.stripeTestObject.update({ where: { id }, data: { data: JSON.stringify(next) } });
    return next;
  });
}

/** Every stored object of a kind, oldest first (tests' assertions). */
export async function stripeTestObjects(kind: Kind): Promise<StripeObject[]> {
  const rows = await prisma.stripeTestObject.findMany({ where: { kind }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => JSON.parse(row.data) as StripeObject);
}

/** One stored object, or null. */
export const stripeTestObject = load;

// ─── Stripe's shapes ───

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
  state.requests.push({ method: request.method, path: new URL(request.url).pathname, body: data });
  if (state.requests.length > 200) state.requests.splice(0, state.requests.length - 200);
}

/** What Stripe returns: the stored object without the stand-in's own bookkeeping fields (`_…`). */
const visible = (object: StripeObject) => Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith("_")));

/**
 * Stripe's idempotency: a POST repeated with the same Idempotency-Key gets the first answer again and does
 * nothing twice (a double-clicked refund refunds once).
 */
async function idempotent(request: Request, kind: Kind, create: () => Promise<StripeObject | Response>) {
  const key = request.headers.get("idempotency-key");
  if (key) {
    const seen = await load("idempotency", `idem_${key}`);
    const earlier = seen ? await load(kind, String(seen.target)) : null;
    if (earlier) return HttpResponse.json(visible(earlier));
  }
  const created = await create();
  if (created instanceof Response) return created;
  if (key) await save("idempotency", { id: `idem_${key}`, object: "idempotency", target: created.id });
  return HttpResponse.json(visible(created));
}

function createCustomer(data: Record<string, unknown>): StripeObject {
  return {
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
}

type LineItem = { quantity?: string; price?: string; price_data?: { currency?: string; unit_amount?: string; product_data?: { name?: string; description?: string } } };

function createCheckoutSession(data: Record<string, unknown>): StripeObject | Response {
  const mode = (data.mode as string) ?? "payment";
  const lineItems = (data.line_items as LineItem[] | undefined) ?? [];
  if (!lineItems.length && mode === "payment") return stripeError(400, "You must provide at least one line item.", "line_items", "parameter_missing");
  if (!data.success_url && data.ui_mode !== "embedded") return stripeError(400, "Missing required param: success_url.", "success_url", "parameter_missing");
  const expiresAt = toInt(data.expires_at);
  if (expiresAt !== undefined && (expiresAt < now() + 30 * 60 - 60 || expiresAt > now() + 24 * 60 * 60 + 60)) {
    return stripeError(400, "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", "expires_at", "parameter_invalid_integer");
  }
  const amount = lineItems.reduce((sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
  const currency = lineItems[0]?.price_data?.currency ?? "usd";
  const id = `cs_test_${randomBytes(24).toString("base64url").replace(/[-_]/g, "a")}`;
  return {
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
    expires_at: expiresAt ?? now() + 24 * 60 * 60,
    livemode: false,
    metadata: metadata(data.metadata),
    mode,
    payment_intent: null,
    payment_method_types: (data.payment_method_types as string[]) ?? ["card"],
    payment_status: "unpaid",
    status: "open",
    success_url: (data.success_url as string) ?? null,
    ui_mode: (data.ui_mode as string) ?? "hosted",
    // A path of this site, not an absolute URL: the mentee stays on whatever host and port they opened the app on.
    url: testCheckoutPath(id),
    // Not part of Stripe's object: kept for paying it later.
    _line_items: lineItems,
    _payment_intent_metadata: metadata((data.payment_intent_data as Record<string, unknown> | undefined)?.metadata),
  };
}

/** A charge as Stripe shows it in charge.* events, from the stand-in's PaymentIntent. */
function chargeOf(intent: StripeObject): StripeObject {
  const amount = Number(intent.amount);
  const refunded = Number(intent._amount_refunded ?? 0);
  return {
    id: String(intent.latest_charge),
    object: "charge",
    amount,
    amount_captured: amount,
    amount_refunded: refunded,
    captured: true,
    created: Number(intent.created),
    currency: intent.currency,
    livemode: false,
    metadata: intent.metadata,
    paid: true,
    payment_intent: intent.id,
    refunded: refunded >= amount,
    status: "succeeded",
  };
}

// ─── Events and their delivery ───

/**
 * Makes an event as Stripe would (stored, so GET /v1/events/:id finds it) and delivers it to our webhook. An event
 * about a connected account (Connect) names it in `account`, as Stripe's Connect webhooks do.
 */
export async function emitStripeEvent(type: string, object: StripeObject, { account }: { account?: string } = {}) {
  const event = {
    id: stripeId("evt"),
    object: "event",
    ...(account ? { account } : {}),
    api_version: Stripe.API_VERSION,
    created: now(),
    data: { object: visible(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as StripeObject;
  await save("event", event);
  await deliverStripeEvent(event);
  return event;
}

let signer: Stripe | undefined;

/** The headers Stripe sends with an event: its signature over the exact body, with this process's local secret. */
export function signedWebhookRequest(payload: string, secret = state.webhookSecret) {
  signer ??= new Stripe(LOCAL_SECRET_KEY);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return new Request(siteUrl("/api/webhooks/stripe"), {
    method: "POST",
    headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature, "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
    body: payload,
  });
}

/**
 * Delivers an event to our own webhook endpoint's handler, signed. A delivery that is not acknowledged is logged
 * (Stripe would retry it; the stand-in's caller sees the failure in the log).
 */
export async function deliverStripeEvent(event: StripeObject) {
  if (!state.receive) throw new Error("stripe test mode: no webhook handler to deliver events to (bookings/checkout.server.ts sets it)");
  const response = await state.receive(signedWebhookRequest(JSON.stringify(event, null, 2)));
  if (!response.ok) logger.error({ eventId: event.id }, `stripe test mode: ${event.type} ${event.id} was not accepted (${response.status}): ${await response.text()}`);
  return response;
}

// ─── What the customer does on the test checkout page ───

/**
 * Pays an open Checkout Session, as a customer does on Stripe's page: a succeeded PaymentIntent (with its charge),
 * the session complete and paid. With `deliver` (the default), checkout.session.completed is sent to the webhook.
 */
export async function completeStripeCheckout(sessionId: string, { deliver = true } = {}) {
  const session = await load("checkout.session", sessionId);
  if (!session) throw new Error(`No test-mode Checkout Session ${sessionId}`);
  if (session.status !== "open") return visible(session);
  const intent: StripeObject = {
    id: stripeId("pi"),
    object: "payment_intent",
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: session.currency,
    customer: session.customer,
    latest_charge: stripeId("ch"),
    livemode: false,
    metadata: { ...metadata(session.metadata), ...metadata(session._payment_intent_metadata) },
    status: "succeeded",
    created: now(),
  };
  await save("payment_intent", intent);
  const paid = await change("checkout.session", sessionId, (current) =>
    current.status === "open" ? { ...current, status: "complete", payment_status: "paid", payment_intent: intent.id, url: null } : null,
  );
  if (!paid) return visible((await load("checkout.session", sessionId))!);
  if (deliver) await emitStripeEvent("checkout.session.completed", paid);
  return visible(paid);
}

/** Ends an open Checkout Session unpaid (the customer declined, or it ran out); delivers checkout.session.expired. */
export async function expireStripeCheckout(sessionId: string, { deliver = true } = {}) {
  const expired = await change("checkout.session", sessionId, (current) => (current.status === "open" ? { ...current, status: "expired", url: null } : null));
  if (expired && deliver) await emitStripeEvent("checkout.session.expired", expired);
  return expired ? visible(expired) : null;
}


// ─── Connect: Express accounts, onboarding links, transfers and their reversals, bank payouts ───

/** What Stripe asks of a new Express account before it may receive transfers. */
const ONBOARDING_REQUIREMENTS = ["business_profile.url", "external_account", "individual.dob.day", "individual.first_name", "individual.last_name", "tos_acceptance.date"];

function accountState(account: StripeObject, complete: boolean): StripeObject {
  const due = complete ? [] : ONBOARDING_REQUIREMENTS;
  return {
    ...account,
    capabilities: { transfers: complete ? "active" : "inactive" },
    charges_enabled: complete,
    payouts_enabled: complete,
    details_submitted: complete || Boolean(account.details_submitted),
    requirements: { currently_due: due, eventually_due: due, past_due: [], pending_verification: [], disabled_reason: complete ? null : "requirements.past_due" },
  };
}

function createAccount(data: Record<string, unknown>): StripeObject | Response {
  if (data.type && data.type !== "express") return stripeError(400, "The local test mode makes Express accounts only.", "type", "parameter_invalid");
  return accountState(
    {
      id: `acct_test_${randomBytes(8).toString("hex")}`,
      object: "account",
      type: "express",
      country: (data.country as string) ?? "US",
      email: (data.email as string) ?? null,
      business_type: (data.business_type as string) ?? null,
      created: now(),
      default_currency: "usd",
      details_submitted: false,
      metadata: metadata(data.metadata),
      settings: { payouts: { schedule: { interval: "daily", delay_days: 2 } } },
    },
    false,
  );
}

/**
 * A guide finishes (or leaves unfinished) onboarding on the local test page: the account is brought up to date and
 * account.updated goes, signed, to our webhook, as Stripe sends it after its own onboarding. `restricted` leaves the
 * details submitted but Stripe still asking for something (payouts paused).
 */
export async function finishTestOnboarding(accountId: string, outcome: "complete" | "later" | "restricted") {
  const updated = await change("account", accountId, (current) => {
    if (outcome === "complete") return accountState(current, true);
    if (outcome === "restricted") {
      const restricted = accountState({ ...current, details_submitted: true }, false);
      return { ...restricted, requirements: { ...(restricted.requirements as object), currently_due: ["individual.verification.document"], past_due: ["individual.verification.document"] } };
    }
    return current;
  });
  if (!updated) throw new Error(`No test-mode account ${accountId}`);
  await emitStripeEvent("account.updated", updated, { account: accountId });
  return visible(updated);
}

/** A seeded account (acct_seed_…), made before the stand-in kept anything: taken as a complete one, as seeded payments are. */
const isSeeded = (id: string) => id.startsWith("acct_seed_");

/** Money that reaches a connected account is paid out to its bank on Stripe's schedule: the stand-in pays it at once. */
async function payOut(accountId: string, amount: number, currency: string) {
  await save("payout", {
    id: stripeId("po"),
    object: "payout",
    amount,
    currency,
    arrival_date: now() + 2 * 24 * 60 * 60,
    created: now(),
    automatic: true,
    method: "standard",
    status: "paid",
    type: "bank_account",
    _account: accountId,
  });
}

const connectHandlers: RequestHandler[] = [
  http.post(`${STRIPE_API}/v1/accounts`, async ({ request }) => {
    const data = await body(request);
    record(request, data);
    return idempotent(request, "account", async () => {
      const account = createAccount(data);
      return account instanceof Response ? account : save("account", account);
    });
  }),
  http.get(`${STRIPE_API}/v1/accounts/:id`, async ({ params }) => {
    const account = await load("account", String(params.id));
    return account ? HttpResponse.json(visible(account)) : stripeError(404, `No such account: '${params.id}'`, "account");
  }),
  http.post(`${STRIPE_API}/v1/account_links`, async ({ request }) => {
    const data = await body(request);
    record(request, data);
    const account = await load("account", String(data.account ?? ""));
    if (!account) return stripeError(400, `No such account: '${String(data.account ?? "")}'`, "account");
    if (!data.return_url) return stripeError(400, "Missing required param: return_url.", "return_url", "parameter_missing");
    if (!data.refresh_url) return stripeError(400, "Missing required param: refresh_url.", "refresh_url", "parameter_missing");
    const id = stripeId("acctlink");
    const link: StripeObject = {
      id,
      object: "account_link",
      created: now(),
      expires_at: now() + 300,
      url: `${testOnboardingPath(account.id)}?link=${id}`,
      _account: account.id,
      _return_url: data.return_url,
      _refresh_url: data.refresh_url,
    };
    await save("account_link", link);
    return HttpResponse.json(visible(link));
  }),

  http.post(`${STRIPE_API}/v1/transfers`, async ({ request }) => {
    const data = await body(request);
    record(request, data);
    let made: StripeObject | null = null;
    const response = await idempotent(request, "transfer", async () => {
      const amount = toInt(data.amount);
      const destination = String(data.destination ?? "");
      if (!amount || amount < 1) return stripeError(400, "This value must be greater than or equal to 1.", "amount", "parameter_invalid_integer");
      const account = await load("account", destination);
      if (!account && !isSeeded(destination)) return stripeError(400, `No such destination: '${destination}'`, "destination");
      if (account && (account.capabilities as Record<string, string> | undefined)?.transfers !== "active") {
        return stripeError(400, "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments", "destination", "insufficient_capabilities_for_transfer");
      }
      const transfer: StripeObject = {
        id: stripeId("tr"),
        object: "transfer",
        amount,
        amount_reversed: 0,
        balance_transaction: stripeId("txn"),
        created: now(),
        currency: (data.currency as string) ?? "usd",
        description: (data.description as string) ?? null,
        destination,
        destination_payment: stripeId("py"),
        livemode: false,
        metadata: metadata(data.metadata),
        reversals: { object: "list", data: [], has_more: false, total_count: 0, url: "/v1/transfers/reversals" },
        reversed: false,
        source_transaction: (data.source_transaction as string) ?? null,
        source_type: "card",
        transfer_group: (data.transfer_group as string) ?? null,
      };
      made = await save("transfer", transfer);
      if (account) await payOut(destination, amount, transfer.currency as string);
      return transfer;
    });
    const transfer = made as StripeObject | null;
    if (transfer) await emitStripeEvent("transfer.created", transfer);
    return response;
  }),
  http.get(`${STRIPE_API}/v1/transfers/:id`, async ({ params }) => {
    const transfer = await load("transfer", String(params.id));
    return transfer ? HttpResponse.json(visible(transfer)) : stripeError(404, `No such transfer: '${params.id}'`, "id");
  }),
  http.get(`${STRIPE_API}/v1/transfers`, async ({ request }) => {
    const group = new URL(request.url).searchParams.get("transfer_group");
    const all = await stripeTestObjects("transfer");
    const data = all.filter((transfer) => !group || transfer.transfer_group === group).reverse().map(visible);
    return HttpResponse.json({ object: "list", data, has_more: false, url: "/v1/transfers" });
  }),
  http.post(`${STRIPE_API}/v1/transfers/:id/reversals`, async ({ request, params }) => {
    const data = await body(request);
    record(request, data);
    const transferId = String(params.id);
    let reversed: StripeObject | null = null;
    const response = await idempotent(request, "transfer_reversal", async () => {
      // A transfer the stand-in never saw is accepted as one made elsewhere (seeded payouts, tr_seed_…).
      const transfer = await load("transfer", transferId);
      if (!transfer && !transferId.startsWith("tr_seed_")) return stripeError(404, `No such transfer: '${transferId}'`, "id");
      const left = transfer ? Number(transfer.amount) - Number(transfer.amount_reversed) : Infinity;
      const amount = toInt(data.amount) ?? (Number.isFinite(left) ? left : 0);
      if (left <= 0) return stripeError(400, `Transfer ${transferId} has already been fully reversed.`, undefined, "transfer_already_reversed");
      if (amount < 1 || amount > left) return stripeError(400, `Amount must be no more than the transfer's unreversed amount.`, "amount", "parameter_invalid_integer");
      const reversal: StripeObject = {
        id: stripeId("trr"),
        object: "transfer_reversal",
        amount,
        balance_transaction: stripeId("txn"),
        created: now(),
        currency: (transfer?.currency as string | undefined) ?? "usd",
        destination_payment_refund: stripeId("pyr"),
        metadata: metadata(data.metadata),
        source_refund: null,
        transfer: transferId,
      };
      await save("transfer_reversal", reversal);
      if (transfer) {
        reversed = await change("transfer", transferId, (current) => {
          const total = Number(current.amount_reversed) + amount;
          return { ...current, amount_reversed: total, reversed: total >= Number(current.amount) };
        });
      }
      return reversal;
    });
    const afterReversal = reversed as StripeObject | null;
    if (afterReversal) await emitStripeEvent("transfer.reversed", afterReversal);
    return response;
  }),

  http.get(`${STRIPE_API}/v1/payouts`, async ({ request }) => {
    const account = request.headers.get("stripe-account");
    const limit = Number(new URL(request.url).searchParams.get("limit") ?? 10);
    const payouts = (await stripeTestObjects("payout")).filter((payout) => payout._account === account).reverse();
    return HttpResponse.json({ object: "list", data: payouts.slice(0, limit).map(visible), has_more: payouts.length > limit, url: "/v1/payouts" });
  }),
];

// ─── The handlers ───

export const stripeTestModeHandlers: RequestHandler[] = [
  ...connectHandlers,
  http.post(`${STRIPE_API}/v1/customers`, async ({ request }) => {
    const data = await body(request);
    record(request, data);
    return idempotent(request, "customer", () => save("customer", createCustomer(data)));
  }),
  http.get(`${STRIPE_API}/v1/customers/:id`, async ({ params }) => {
    const customer = await load("customer", String(params.id));
    return customer ? HttpResponse.json(customer) : stripeError(404, `No such customer: '${params.id}'`, "id");
  }),
  http.post(`${STRIPE_API}/v1/customers/:id`, async ({ request, params }) => {
    const data = await body(request);
    record(request, data);
    const customer = await change("customer", String(params.id), (current) => ({
      ...current,
      ...data,
      metadata: { ...metadata(current.metadata), ...metadata(data.metadata) },
    }));
    return customer ? HttpResponse.json(customer) : stripeError(404, `No such customer: '${params.id}'`, "id");
  }),

  http.post(`${STRIPE_API}/v1/checkout/sessions`, async ({ request }) => {
    const data = await body(request);
    record(request, data);
    return idempotent(request, "checkout.session", async () => {
      const session = createCheckoutSession(data);
      return session instanceof Response ? session : save("checkout.session", session);
    });
  }),
  http.get(`${STRIPE_API}/v1/checkout/sessions/:id`, async ({ params }) => {
    const session = await load("checkout.session", String(params.id));
    return session ? HttpResponse.json(visible(session)) : stripeError(404, `No such checkout.session: '${params.id}'`, "session");
  }),
  http.post(`${STRIPE_API}/v1/checkout/sessions/:id/expire`, async ({ request, params }) => {
    record(request, {});
    const session = await load("checkout.session", String(params.id));
    if (!session) return stripeError(404, `No such checkout.session: '${params.id}'`, "session");
    if (session.status !== "open") return stripeError(400, "Only Checkout Sessions with a status of `open` can be expired.", undefined, "checkout_session_not_open");
    return HttpResponse.json(await expireStripeCheckout(session.id));
  }),

  http.get(`${STRIPE_API}/v1/payment_intents/:id`, async ({ params }) => {
    const intent = await load("payment_intent", String(params.id));
    return intent ? HttpResponse.json(visible(intent)) : stripeError(404, `No such payment_intent: '${params.id}'`, "intent");
  }),
  http.get(`${STRIPE_API}/v1/events/:id`, async ({ params }) => {
    const event = await load("event", String(params.id));
    return event ? HttpResponse.json(event) : stripeError(404, `No such event: '${params.id}'`, "id");
  }),

  http.post(`${STRIPE_API}/v1/refunds`, async ({ request }) => {
    const data = await body(request);
    record(request, data);
    const intentId = data.payment_intent as string | undefined;
    if (!intentId && !data.charge) return stripeError(400, "One of the following params should be provided for this request: payment_intent or charge.", "payment_intent", "parameter_missing");
    let refunded: { refund: StripeObject; intent: StripeObject | null } | null = null;
    const response = await idempotent(request, "refund", async () => {
      const intent = intentId ? await load("payment_intent", intentId) : null;
      // A PaymentIntent the stand-in never saw is accepted as one made elsewhere (e.g. seeded data).
      const already = Number(intent?._amount_refunded ?? 0);
      const total = intent ? Number(intent.amount) : undefined;
      const amount = toInt(data.amount) ?? (total !== undefined ? total - already : 0);
      if (total !== undefined && already >= total) return stripeError(400, `Charge ${intent?.latest_charge} has already been refunded.`, undefined, "charge_already_refunded");
      if (total !== undefined && amount > total - already) {
        return stripeError(400, `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((total - already) / 100).toFixed(2)})`, "amount", "amount_too_large");
      }
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
      await save("refund", refund);
      const updated = intent ? await change("payment_intent", intent.id, (current) => ({ ...current, _amount_refunded: Number(current._amount_refunded ?? 0) + amount })) : null;
      refunded = { refund, intent: updated };
      return refund;
    });
    // Stripe tells the endpoint once the refund is made: charge.refunded with the charge's refunded total.
    const made = refunded as { refund: StripeObject; intent: StripeObject | null } | null;
    if (made) {
      const charge = made.intent
        ? chargeOf(made.intent)
        : { id: String(made.refund.charge), object: "charge", amount: made.refund.amount, amount_refunded: made.refund.amount, currency: made.refund.currency, payment_intent: intentId ?? null, metadata: made.refund.metadata, refunded: true, status: "succeeded" };
      await emitStripeEvent("charge.refunded", charge as StripeObject);
    }
    return response;
  }),
  http.get(`${STRIPE_API}/v1/refunds/:id`, async ({ params }) => {
    const refund = await load("refund", String(params.id));
    return refund ? HttpResponse.json(refund) : stripeError(404, `No such refund: '${params.id}'`, "id");
  }),
];

/**
 * The fetch the SDK uses in test mode: each request is answered by the handlers, in this process. A request no
 * handler knows gets Stripe's 404 for an unknown URL.
 */
export async function stripeTestModeFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const handlers = state.handlerSource?.() ?? stripeTestModeHandlers;
  const response = await getResponse([...handlers], request);
  if (response) return response;
  const { pathname } = new URL(request.url);
  return stripeError(404, `Unrecognized request URL (${request.method}: ${pathname}). The local test-mode stand-in does not answer it.`, undefined, "resource_missing");
}
