// npm run api:demo: a program of a church's own, written against the OpenAPI document alone. Every API call goes
// through openapi-fetch with the types openapi-typescript made from /api/openapi.json (schema.d.ts, `npm run
// api:types`). As the mentee (a personal token with read and book) it finds the mentor whose token it also holds, books
// their soonest free time and pays for it in test mode; then as that guide (read and schedule) it lists its bookings
// and confirms this one; last it reads the guide's private calendar feed, as a calendar app would, and finds the
// session there. With WEBHOOK_URL the guide first registers that address for booking.created (the secret is printed
// once). tests/integration/api-client.test.ts runs it against a real server, with a receiver of its own.
//
//   MENTORS_URL=http://localhost:3000 MENTEE_TOKEN=mmp_… GUIDE_TOKEN=mmp_… GUIDE_FEED_URL=webcal://…/calendar/….ics \
//   MENTEE_EMAIL=user@example.com MENTEE_PASSWORD=Passw0rd! COVENANT_VERSION=1 [WEBHOOK_URL=https://…] npm run api:demo
//
// Paying is the one step outside the API: Stripe Checkout is a page a person opens. In test mode (no Stripe keys) it
// is the app's stand-in at /checkout/test/…, which only the booking's mentee, signed in, may open: the script signs in
// with the mentee's e-mail and password and presses Pay by the two HTTP requests the page makes.
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import ICAL from "ical.js";
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./schema";

type Api = Client<paths>;
type Booking = paths["/api/v1/bookings"]["get"]["responses"][200]["content"]["application/json"]["bookings"][number];

export type DemoOptions = {
  /** The app's address, e.g. http://localhost:3000. */
  baseUrl: string;
  /** A mentee's personal access token with the read and book scopes. */
  menteeToken: string;
  /** A guide's personal access token with the read and schedule scopes: the script books this guide. */
  guideToken: string;
  /** The guide's calendar feed (Settings → Calendar feed), webcal:// or https://. */
  guideFeedUrl: string;
  /** The mentee's sign-in, for the test-mode checkout page. */
  mentee: { email: string; password: string };
  /**
   * The version of the confidentiality covenant in force, when an administrator has published one: the mentee and the
   * guide have read it (the booking dialog shows it) and accept it, she with the booking and he with his acceptance.
   */
  covenantVersion?: number;
  /** An https address (or one WEBHOOK_ALLOW_HOSTS lets through) to register as the guide's endpoint for booking.created. */
  webhookUrl?: string;
  topic?: string;
  log?: (line: string) => void;
};

export type DemoOutcome = {
  mentor: { id: number; name: string };
  booking: { id: number; startsAt: string; minutes: number };
  /** What the guide did: accepted the request, or found it confirmed already (a guide who takes bookings at once). */
  guideAction: "accepted" | "already-confirmed";
  /** The session's event in the guide's feed. */
  feedEvent: { uid: string; summary: string; start: Date; end: Date };
  /** The guide's webhook endpoint, when one was registered, and its signing secret (shown this once). */
  webhook?: { endpointId: number; secret: string };
};

/** An openapi-fetch answer's data, or an Error naming the call and the API's `{message}`. */
function must<T>(what: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data !== undefined) return result.data;
  const message = (result.error as { message?: string } | undefined)?.message ?? result.response.statusText;
  throw new Error(`${what}: ${result.response.status} ${message}`);
}

export const apiClient = (baseUrl: string, token: string): Api => createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

/** Who each token acts as (a mentee and a guide). */
export async function whoIsWho(mentee: Api, guide: Api) {
  const me = must("GET /api/v1/me (mentee)", await mentee.GET("/api/v1/me"));
  const them = must("GET /api/v1/me (guide)", await guide.GET("/api/v1/me"));
  if (me.role !== "user") throw new Error(`MENTEE_TOKEN acts as a ${me.role}: make it as a mentee`);
  if (them.role !== "guide") throw new Error(`GUIDE_TOKEN acts as a ${them.role}: make it as a guide`);
  return { me, guide: them };
}

/**
 * Find a Mentor by the guide's name, soonest free first; then their free times for a paid length (the
 * shortest they offer), this week or the next weeks of their booking window: the first one.
 */
export async function findMentor(mentee: Api, guide: { id: number; name: string }) {
  const found = must("GET /api/v1/mentors", await mentee.GET("/api/v1/mentors", { params: { query: { q: guide.name, sort: "next-free" } } }));
  const card = found.mentors.find((mentor) => mentor.id === guide.id);
  if (!card) throw new Error(`Searching for "${guide.name}" did not find them: is the guide approved and active?`);
  const path = { id: String(card.id) };
  let free = must("GET /api/v1/mentors/{id}/times", await mentee.GET("/api/v1/mentors/{id}/times", { params: { path, query: { intro: "0" } } }));
  const paid = free.lengths.find((length) => !length.intro);
  if (!paid) throw new Error(`${card.name} offers no paid session`);
  const query = { intro: "0" as const, minutes: String(paid.minutes) };
  for (let weeks = 0; weeks < 8; weeks++) {
    free = must("GET /api/v1/mentors/{id}/times", await mentee.GET("/api/v1/mentors/{id}/times", { params: { path, query: weeks ? { ...query, week: free.week.next ?? "" } : query } }));
    const startsAt = free.days.flatMap((day) => day.times)[0];
    if (startsAt) return { card, startsAt, minutes: free.minutes };
    if (!free.week.next) break;
  }
  throw new Error(`${card.name} has no free time in their booking window`);
}

/** As the guide: register a webhook endpoint for booking.created; the answer shows its signing secret once. */
export async function registerWebhook(guide: Api, url: string) {
  const created = must("POST /api/v1/webhooks", await guide.POST("/api/v1/webhooks", { body: { url, events: ["booking.created"] }, headers: { "Idempotency-Key": randomUUID() } }));
  return { endpointId: created.endpoint.id, secret: created.secret };
}

/** Book the time. A paid session is held until paid and answers the Checkout page's URL. */
export async function book(mentee: Api, request: { guideId: number; startsAt: string; minutes: number; topic: string; covenantVersion?: number }) {
  // The same key on a retry (a lost answer) gets the first answer instead of a second booking.
  const headers = { "Idempotency-Key": randomUUID() };
  const result = await mentee.POST("/api/v1/bookings", { body: request, headers });
  if (result.error?.errors?.covenantVersion) {
    throw new Error(`${result.error.message} It is in the booking dialog on the mentor's profile (/mentor/${request.guideId}): once read, run again with COVENANT_VERSION set to the version it names.`);
  }
  return must("POST /api/v1/bookings", result);
}

/**
 * Pay on the test-mode Checkout page, as the mentee in a browser: sign in, open the page, press Pay. Each is
 * the request the page itself sends (a form post with the site's Origin); the answer leads back to the bookings.
 */
export async function payInTestMode(baseUrl: string, checkoutUrl: string, mentee: { email: string; password: string }) {
  const origin = new URL(baseUrl).origin;
  const checkout = new URL(checkoutUrl, baseUrl);
  if (checkout.origin !== origin || !checkout.pathname.startsWith("/checkout/test/")) {
    throw new Error(`Checkout is Stripe's own page here (live keys): open ${checkout.href} in a browser to pay`);
  }
  const cookies = new Map<string, string>();
  const go = async (target: URL | string, form?: Record<string, string>) => {
    const headers = new Headers({ Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") });
    if (form) headers.set("Origin", origin);
    const response = await fetch(new URL(target, baseUrl), { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form) : undefined, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      if (pair.slice(at + 1)) cookies.set(pair.slice(0, at), pair.slice(at + 1));
      else cookies.delete(pair.slice(0, at));
    }
    return response;
  };
  const signedIn = await go("/login", { email: mentee.email, password: mentee.password });
  if (signedIn.status !== 302 || !cookies.size) throw new Error(`Signing in as ${mentee.email} failed (${signedIn.status}): check MENTEE_EMAIL and MENTEE_PASSWORD`);
  const page = await go(checkout);
  if (page.status !== 200) throw new Error(`The checkout page answered ${page.status}`);
  const paid = await go(checkout, { intent: "pay" });
  if (paid.status !== 302) throw new Error(`Paying answered ${paid.status}`);
  return new URL(paid.headers.get("Location") ?? "/", baseUrl).href;
}

/** One of the holder's bookings by id, from a tab of their list (every page of it). */
async function bookingIn(api: Api, tab: "upcoming" | "requests", id: number): Promise<Booking | undefined> {
  for (let page = 1; ; page++) {
    const { bookings, meta } = must(`GET /api/v1/bookings?tab=${tab}`, await api.GET("/api/v1/bookings", { params: { query: { tab, page, limit: 100 } } }));
    const found = bookings.find((booking) => booking.id === id);
    if (found || page >= meta.totalPages) return found;
  }
}

/**
 * As the guide, find the booking in their list and confirm it: a paid request waits among their requests
 * until they accept it; a guide who takes bookings at once has it confirmed already, in their upcoming sessions.
 */
export async function confirmAsGuide(guide: Api, bookingId: number, covenantVersion?: number) {
  const request = await bookingIn(guide, "requests", bookingId);
  if (request?.changes.includes("accept")) {
    const accepted = must(
      `POST /api/v1/bookings/${bookingId}/accept`,
      await guide.POST("/api/v1/bookings/{id}/{change}", { params: { path: { id: String(bookingId), change: "accept" } }, body: { covenantVersion }, headers: { "Idempotency-Key": randomUUID() } }),
    );
    if (accepted.status !== "confirmed") throw new Error(`Accepting left the booking ${accepted.status}`);
    return "accepted" as const;
  }
  const upcoming = await bookingIn(guide, "upcoming", bookingId);
  if (upcoming?.status !== "confirmed") throw new Error(`Booking ${bookingId} is neither a request to accept nor confirmed in the guide's list`);
  return "already-confirmed" as const;
}

/** The guide's calendar feed, read and parsed as a calendar app does; the session's event in it. */
export async function sessionInFeed(feedUrl: string, baseUrl: string, bookingId: number) {
  // webcal:// is the address calendar apps subscribe to; it is read over the site's own protocol.
  const url = feedUrl.replace(/^webcal:/, new URL(baseUrl).protocol);
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`The calendar feed answered ${response.status}`);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  const uid = `booking-${bookingId}@ministry-mentors`;
  const component = calendar.getAllSubcomponents("vevent").find((event) => event.getFirstPropertyValue("uid") === uid);
  if (!component) throw new Error(`The guide's calendar feed has no event for booking ${bookingId}`);
  const event = new ICAL.Event(component);
  return { uid, summary: event.summary, start: event.startDate.toJSDate(), end: event.endDate.toJSDate() };
}

export async function runDemo(options: DemoOptions): Promise<DemoOutcome> {
  const log = options.log ?? ((line: string) => console.log(line));
  const mentee = apiClient(options.baseUrl, options.menteeToken);
  const guide = apiClient(options.baseUrl, options.guideToken);

  let step = 0;
  const say = (line: string) => log(`${++step}. ${line}`);

  const { me, guide: guideAccount } = await whoIsWho(mentee, guide);
  say(`The mentee token acts as ${me.name}; the guide token as ${guideAccount.name}`);

  const { card, startsAt, minutes } = await findMentor(mentee, guideAccount);
  say(`Found ${card.name} (${card.price}), free at ${startsAt}`);

  const webhook = options.webhookUrl ? await registerWebhook(guide, options.webhookUrl) : undefined;
  if (webhook) say(`As the guide: ${options.webhookUrl} will be told of each booking.created (endpoint ${webhook.endpointId}, signing secret ${webhook.secret})`);

  const created = await book(mentee, { guideId: card.id, startsAt, minutes, topic: options.topic ?? "Leading a church through change", covenantVersion: options.covenantVersion });
  say(`Booked ${minutes} minutes at ${startsAt}: booking ${created.booking.id}, ${created.booking.status}`);

  if (created.checkoutUrl) {
    const landing = await payInTestMode(options.baseUrl, created.checkoutUrl, options.mentee);
    say(`Paid on the test-mode Checkout page; it sent the mentee back to ${landing}`);
  } else say("Nothing to pay: the session is free");

  const paid = await bookingIn(mentee, "upcoming", created.booking.id);
  if (!paid || (created.checkoutUrl && paid.paymentStatus !== "paid")) throw new Error(`Booking ${created.booking.id} is not paid in the mentee's list`);

  const guideAction = await confirmAsGuide(guide, created.booking.id, options.covenantVersion);
  say(`As the guide: ${guideAction === "accepted" ? "accepted the request; the session is confirmed" : "the session was confirmed already"}`);

  const feedEvent = await sessionInFeed(options.guideFeedUrl, options.baseUrl, created.booking.id);
  say(`The guide's calendar feed has "${feedEvent.summary}" at ${feedEvent.start.toISOString()}`);

  return { mentor: { id: card.id, name: card.name }, booking: { id: created.booking.id, startsAt, minutes }, guideAction, feedEvent, webhook };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) {
      console.error(`Set ${name} (see the top of scripts/api-client/demo.ts)`);
      process.exit(2);
    }
    return value;
  };
  try {
    await runDemo({
      baseUrl: process.env.MENTORS_URL ?? "http://localhost:3000",
      menteeToken: need("MENTEE_TOKEN"),
      guideToken: need("GUIDE_TOKEN"),
      guideFeedUrl: need("GUIDE_FEED_URL"),
      mentee: { email: process.env.MENTEE_EMAIL ?? "user@example.com", password: process.env.MENTEE_PASSWORD ?? process.env.DEMO_PASSWORD ?? "Passw0rd!" },
      covenantVersion: process.env.COVENANT_VERSION ? Number(process.env.COVENANT_VERSION) : undefined,
      webhookUrl: process.env.WEBHOOK_URL || undefined,
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
