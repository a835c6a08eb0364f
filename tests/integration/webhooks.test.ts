/**
 * Signed outgoing webhooks: endpoints registered in Settings or /api/v1/webhooks behind the SSRF guard; events recorded
 * in the transaction of the change and sent by the jobs table after the commit, signed Standard Webhooks' way (checked
 * with the `standardwebhooks` package); retries with backoff for a day, every attempt kept and listed. A receiver
 * started here on 127.0.0.1, let through by WEBHOOK_ALLOW_HOSTS (tests/setup/worker-db.ts). Real Requests through the built app.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { http, passthrough } from "msw";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { prisma, transaction } from "#app/lib/db.server.ts";
import { runDueJobs } from "#app/lib/jobs.server.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { createBooking } from "#app/modules/bookings/booking-flow.server.ts";
import { cancelBooking, expireHold } from "#app/modules/bookings/lifecycle.server.ts";
import { acceptInvite, createInvite, foundSponsor, saveRules } from "#app/modules/sponsorship/sponsorship.server.ts";
import { sendMessage } from "#app/modules/messages/messages.server.ts";
import { createAccessToken } from "#app/modules/access-tokens/access-tokens.server.ts";
import { checkEndpointUrl, isPublicAddress } from "#app/modules/webhooks/address-guard.server.ts";
import { WEBHOOK_MESSAGES } from "#app/modules/webhooks/events.ts";
import { createWebhookEndpoint, recordBookingEvent, sponsorWebhookEndpointsOf, WEBHOOK_JOB, webhookEndpointOf, webhookEndpointsOf } from "#app/modules/webhooks/webhooks.server.ts";
import { actorOf, createPerson, postForm, send } from "#tests/app.ts";
import { createBookableGuide, freeStart } from "#tests/support/bookable-guide.ts";
import { server as mswServer } from "#tests/mocks/server.ts";
import { turnOnTwoFactor } from "#tests/two-factor.ts";

type Person = Awaited<ReturnType<typeof createPerson>>;
type Received = { headers: IncomingHttpHeaders; body: string };
const cookieOf = async (person: Person) => (await commitSession(await createSession(person.id, "web"))).split(";")[0];
const decode = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
const HOUR = 3_600_000;

/** A receiver on 127.0.0.1 that answers each POST with the next status of `statuses` (the last one repeats). */
let receiver: Server;
let received: Received[] = [];
let statuses: number[] = [200];
let origin = "";

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0];
      response.writeHead(status, { "Content-Type": "text/plain" }).end(status < 300 ? "thanks" : "receiver is down");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
beforeEach(() => {
  received = [];
  statuses = [200];
  // msw lets nothing leave the test process; the receiver here is the one exception.
  mswServer.use(http.all(`${origin}/*`, () => passthrough()));
});

/** Adds an endpoint through Settings as a person would, and reads the secret from the page the action answers. */
async function addEndpoint(cookie: string, url: string, events: string[], settings = "/mentor-dashboard/settings") {
  const body = new URLSearchParams({ intent: "new-webhook", url });
  for (const event of events) body.append("events", event);
  const response = await send(settings, { method: "POST", body, cookie, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" } });
  const html = decode(await response.text());
  return { response, html, secret: html.match(/id="webhook-secret-value"[^>]*value="(whsec_[^"]+)"/)?.[1] ?? html.match(/value="(whsec_[^"]+)"[^>]*id="webhook-secret-value"/)?.[1] };
}

const runWebhooks = (now = new Date()) => runDueJobs(now, 20, [WEBHOOK_JOB]);

/** A mentee books the guide through the booking dialog (a paid session: held until paid). */
async function book(guideId: number, menteeCookie: string, days = 3) {
  // A mentee may hold only a couple of unpaid sessions with one guide: the earlier ones are paid by now.
  await prisma.booking.updateMany({ where: { guideId, status: "held" }, data: { status: "confirmed", paymentStatus: "paid", holdExpiresAt: null } });
  const start = await freeStart(guideId, days);
  const response = await postForm(`/mentor/${guideId}/book`, { minutes: "60", startsAt: start.toISOString(), topic: "Leading a church board", notes: "" }, menteeCookie);
  expect(response.status).toBe(302);
  return prisma.booking.findFirstOrThrow({ where: { guideId, startsAt: start } });
}

describe("the address check (SSRF guard)", () => {
  test("public addresses pass; loopback, private, link-local, CGNAT, multicast, unspecified and mapped forms do not", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111"]) expect(isPublicAddress(address)).toBe(true);
    for (const address of ["127.0.0.1", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "224.0.0.1", "0.0.0.0", "::", "::1", "fc00::1", "fd12::1", "fe80::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:8.8.8.8", "::ffff:7f00:1"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  test("a name that resolves to loopback is refused after resolving it, unless the allow list names it", async () => {
    await expect(checkEndpointUrl("https://localhost/hooks", [])).rejects.toThrow(WEBHOOK_MESSAGES.notPublic);
    await expect(checkEndpointUrl("http://localhost/hooks", [])).rejects.toThrow(WEBHOOK_MESSAGES.https);
    await expect(checkEndpointUrl("https://[::ffff:127.0.0.1]/hooks", [])).rejects.toThrow(WEBHOOK_MESSAGES.notPublic);
    await expect(checkEndpointUrl("https://nothing-here.invalid/hooks", [])).rejects.toThrow(WEBHOOK_MESSAGES.unresolved);
    expect((await checkEndpointUrl("http://localhost/hooks", ["localhost"])).address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  test("Settings refuses http, private, metadata and mapped addresses beside the URL field, keeping what was typed", async () => {
    const guide = await createPerson("guide");
    const cookie = await cookieOf(guide);
    const cases: Array<[string, string]> = [
      ["http://example.org/hooks", WEBHOOK_MESSAGES.https],
      ["https://10.0.0.1/hooks", WEBHOOK_MESSAGES.notPublic],
      ["https://169.254.169.254/latest/meta-data", WEBHOOK_MESSAGES.notPublic],
      ["https://[::ffff:127.0.0.1]/hooks", WEBHOOK_MESSAGES.notPublic],
      ["https://user:pw@example.org/hooks", WEBHOOK_MESSAGES.credentials],
      ["ftp://example.org/", WEBHOOK_MESSAGES.url],
    ];
    for (const [url, message] of cases) {
      const { response, html, secret } = await addEndpoint(cookie, url, ["booking.created"]);
      expect(response.status, url).toBe(400);
      expect(secret).toBeUndefined();
      expect(html, url).toContain(message);
    }
    const noEvents = await addEndpoint(cookie, `${origin}/hooks`, []);
    expect(noEvents.html).toContain(WEBHOOK_MESSAGES.events);
    expect(noEvents.html).toContain(`value="${origin}/hooks"`);
    expect(await prisma.webhookEndpoint.count({ where: { userId: guide.id } })).toBe(0);
  });
});

describe("deliveries", () => {
  let guide: Person;
  let guideCookie: string;
  let mentee: Person;
  let menteeCookie: string;
  let secret: string;
  let endpointId: number;

  beforeAll(async () => {
    guide = await createBookableGuide();
    guideCookie = await cookieOf(guide);
    mentee = await createPerson("user", { name: "Ruth Adeyemi" });
    menteeCookie = await cookieOf(mentee);
    const added = await addEndpoint(guideCookie, `${origin}/hooks`, ["booking.created", "booking.cancelled", "message.created"]);
    expect(added.response.status).toBe(200);
    expect(added.html).toContain("it is not shown again");
    secret = added.secret!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const row = await prisma.webhookEndpoint.findFirstOrThrow({ where: { userId: guide.id } });
    endpointId = row.id;
    // Kept sealed; the page lists the endpoint but never the secret again.
    expect(row.secret).not.toContain(secret.slice(6));
    const listed = decode(await (await send("/mentor-dashboard/settings", { cookie: guideCookie })).text());
    expect(listed).toContain(`${origin}/hooks`);
    expect(listed).not.toContain(secret);
  });

  test("a booking sends booking.created after the commit, signed so that standardwebhooks verifies it", async () => {
    const booking = await book(guide.id, menteeCookie);
    const delivery = await prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId, eventType: "booking.created" }, orderBy: { id: "desc" } });
    expect(delivery.status).toBe("pending");
    expect(await runWebhooks()).toBe(1);
    expect(received).toHaveLength(1);
    const [request] = received;
    const payload = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; data: { booking: Record<string, unknown> } };
    expect(request.headers["webhook-id"]).toBe(delivery.messageId);
    expect(request.headers["webhook-signature"]).toMatch(/^v1,/);
    expect(payload.type).toBe("booking.created");
    expect(payload.data.booking).toMatchObject({ id: booking.id, status: "held", topic: "Leading a church board", guide: { id: guide.id, name: guide.name }, mentee: { id: mentee.id, name: "Ruth Adeyemi" } });
    expect(JSON.stringify(payload)).not.toMatch(/rateCents|email|notes/);
    // A signature made with another secret is refused.
    expect(() => new Webhook(`whsec_${Buffer.from("another secret entirely").toString("base64")}`).verify(request.body, request.headers as Record<string, string>)).toThrow();
    expect((await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe("delivered");
    // Run again: nothing more is sent.
    expect(await runWebhooks()).toBe(0);
    expect(received).toHaveLength(1);
  });

  test("a 500 is tried again later with the same id, and delivered; every attempt is kept", async () => {
    statuses = [500, 200];
    await book(guide.id, menteeCookie, 5);
    const delivery = await prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId, eventType: "booking.created" }, orderBy: { id: "desc" } });
    const now = new Date();
    await runWebhooks(now);
    expect(received).toHaveLength(1);
    expect((await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe("pending");
    // Not due again at once: the first retry waits 30 s.
    expect(await runWebhooks(new Date(now.getTime() + 10_000))).toBe(0);
    await runWebhooks(new Date(now.getTime() + 31_000));
    expect(received).toHaveLength(2);
    expect(received[1].headers["webhook-id"]).toBe(received[0].headers["webhook-id"]);
    const attempts = await prisma.webhookAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { id: "asc" } });
    expect(attempts.map((attempt) => [attempt.statusCode, attempt.delivered, attempt.excerpt])).toEqual([[500, false, "receiver is down"], [200, true, "thanks"]]);
    expect(attempts.every((attempt) => attempt.durationMs >= 0)).toBe(true);
    expect((await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe("delivered");
  });

  test("a receiver down for a day: tried with a growing delay, then failed", async () => {
    statuses = [503];
    await book(guide.id, menteeCookie, 7);
    const delivery = await prisma.webhookDelivery.findFirstOrThrow({ where: { endpointId, eventType: "booking.created" }, orderBy: { id: "desc" } });
    const start = delivery.createdAt.getTime();
    for (let at = start; at <= start + 25 * HOUR; at += HOUR / 4) await runWebhooks(new Date(Math.max(at, Date.now())));
    const after = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { attempts: { orderBy: { attemptedAt: "asc" } } } });
    expect(after.status).toBe("failed");
    expect(after.attempts.length).toBeGreaterThanOrEqual(6);
    expect(after.attempts.length).toBeLessThan(20);
    expect(after.attempts.at(-1)!.attemptedAt.getTime()).toBeGreaterThanOrEqual(start + 24 * HOUR);
    const gaps = after.attempts.slice(1).map((attempt, index) => attempt.attemptedAt.getTime() - after.attempts[index].attemptedAt.getTime());
    expect(gaps[1]).toBeGreaterThan(gaps[0]);
    // Nothing more once failed.
    const sent = received.length;
    await runWebhooks(new Date(start + 30 * HOUR));
    expect(received.length).toBe(sent);
  });

  test("Settings lists the endpoint's attempts, paged, filtered by outcome; another person's endpoint is a 404", async () => {
    const page = decode(await (await send(`/mentor-dashboard/settings/webhooks/${endpointId}`, { cookie: guideCookie })).text());
    expect(page).toContain("Webhook deliveries");
    expect(page).toContain("booking.created");
    expect(page).toContain("receiver is down");
    expect(page).toMatch(/200 · Delivered/);
    expect(page).toMatch(/503 · Failed/);
    const refused = decode(await (await send(`/mentor-dashboard/settings/webhooks/${endpointId}?outcome=refused&limit=50`, { cookie: guideCookie })).text());
    expect(refused).not.toMatch(/200 · Delivered/);
    expect((await send(`/user-dashboard/settings/webhooks/${endpointId}`, { cookie: menteeCookie })).status).toBe(404);
  });

  test("the attempts list sorts by answer (no answer lowest) and duration, filters by event and searches event types", async () => {
    const owner = await createPerson("guide");
    const endpoint = await prisma.webhookEndpoint.create({ data: { userId: owner.id, url: "https://hooks.example.org/in", events: "booking.created review.created", secret: "sealed" } });
    const at = Date.UTC(2026, 10, 1);
    const attempts = [
      { eventType: "booking.created", statusCode: 200, durationMs: 40, excerpt: "first ok" },
      { eventType: "review.created", statusCode: null, durationMs: 10_000, excerpt: "No answer within 10 seconds" },
      { eventType: "booking.created", statusCode: 503, durationMs: 25, excerpt: "upstream busy" },
      { eventType: "review.created", statusCode: 204, durationMs: 300, excerpt: "review ok" },
    ];
    for (const [n, attempt] of attempts.entries()) {
      const delivery = await prisma.webhookDelivery.create({ data: { endpointId: endpoint.id, messageId: `msg_list_${endpoint.id}_${n}`, eventType: attempt.eventType, body: "{}", status: "delivered" } });
      await prisma.webhookAttempt.create({ data: { endpointId: endpoint.id, deliveryId: delivery.id, attemptedAt: new Date(at + n * HOUR), delivered: attempt.statusCode !== null && attempt.statusCode < 300, ...attempt } });
    }
    const cookie = await cookieOf(owner);
    const listed = async (query: string) => {
      const html = decode(await (await send(`/mentor-dashboard/settings/webhooks/${endpoint.id}?${query}`, { cookie })).text());
      return attempts.map((attempt) => attempt.excerpt).filter((excerpt) => html.includes(excerpt)).sort((a, b) => html.indexOf(a) - html.indexOf(b));
    };
    expect(await listed("")).toEqual(["review ok", "upstream busy", "No answer within 10 seconds", "first ok"]);
    expect(await listed("sort=statusCode&order=asc")).toEqual(["No answer within 10 seconds", "first ok", "review ok", "upstream busy"]);
    expect(await listed("sort=statusCode&order=desc")).toEqual(["upstream busy", "review ok", "first ok", "No answer within 10 seconds"]);
    expect(await listed("sort=duration&order=asc")).toEqual(["upstream busy", "first ok", "review ok", "No answer within 10 seconds"]);
    expect(await listed("event=review.created")).toEqual(["review ok", "No answer within 10 seconds"]);
    expect(await listed("outcome=refused&event=booking.created")).toEqual(["upstream busy"]);
    expect(await listed("search=REVIEW")).toEqual(["review ok", "No answer within 10 seconds"]);
    expect(await listed("search=qxzjvq")).toEqual([]);
  });

  test("an event whose transaction rolls back is never recorded nor sent", async () => {
    const booking = await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id } });
    const before = await prisma.webhookDelivery.count({ where: { endpointId } });
    const jobsBefore = await prisma.job.count({ where: { kind: WEBHOOK_JOB } });
    await expect(
      transaction(async (tx) => {
        await recordBookingEvent(tx, "booking.cancelled", booking.id);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await prisma.webhookDelivery.count({ where: { endpointId } })).toBe(before);
    expect(await prisma.job.count({ where: { kind: WEBHOOK_JOB } })).toBe(jobsBefore);
    expect(await runWebhooks()).toBe(0);
    expect(received).toHaveLength(0);
  });

  test("a cancellation and a message reach the guide's endpoint; the message with its text, as it is the guide's own", async () => {
    const booking = await prisma.booking.findFirstOrThrow({ where: { guideId: guide.id, status: "held" }, orderBy: { id: "asc" } });
    await cancelBooking(actorOf(mentee), booking.id, null);
    await sendMessage(actorOf(mentee), { recipientId: guide.id, body: "Looking forward to it" });
    await runWebhooks();
    const types = received.map((request) => (JSON.parse(request.body) as { type: string }).type).sort();
    expect(types).toEqual(["booking.cancelled", "message.created"]);
    const message = received.map((request) => JSON.parse(request.body) as { type: string; data: { message?: { body?: string; sender: { id: number } } } }).find((event) => event.type === "message.created")!;
    expect(message.data.message).toMatchObject({ body: "Looking forward to it", sender: { id: mentee.id } });
  });

  test("a hold that runs out unpaid is told as booking.cancelled, its status expired", async () => {
    const booking = await book(guide.id, menteeCookie, 11);
    await runWebhooks();
    received = [];
    expect(await expireHold(booking.id, new Date(booking.holdExpiresAt!.getTime() + 1000))).toBe(true);
    await runWebhooks();
    expect(received.map((request) => JSON.parse(request.body) as { type: string; data: { booking: { id: number; status: string } } })).toMatchObject([
      { type: "booking.cancelled", data: { booking: { id: booking.id, status: "expired" } } },
    ]);
  });

  test("turned off, an endpoint gets nothing; deleted, it is gone with its deliveries", async () => {
    const off = await postForm("/mentor-dashboard/settings", { intent: "webhook", endpointId: String(endpointId), change: "disable" }, guideCookie);
    expect(off.status).toBe(302);
    await book(guide.id, menteeCookie, 9);
    await runWebhooks();
    expect(received).toHaveLength(0);
    const stranger = await postForm("/user-dashboard/settings", { intent: "webhook", endpointId: String(endpointId), change: "delete" }, menteeCookie);
    expect(stranger.status).toBe(302);
    expect(await prisma.webhookEndpoint.count({ where: { id: endpointId } })).toBe(1);
    await postForm("/mentor-dashboard/settings", { intent: "webhook", endpointId: String(endpointId), change: "delete" }, guideCookie);
    expect(await prisma.webhookEndpoint.count({ where: { id: endpointId } })).toBe(0);
    expect(await prisma.webhookDelivery.count({ where: { endpointId } })).toBe(0);
  });
});

describe("/api/v1/webhooks", () => {
  test("add, list, read, change, new secret, attempts and delete with a token of scope schedule", async () => {
    const guide = await createPerson("guide");
    const { token } = await createAccessToken(actorOf(guide), { name: "Ops", scopes: ["schedule"], lifetime: 30 });
    const { token: readOnly } = await createAccessToken(actorOf(guide), { name: "Reader", scopes: ["read"], lifetime: 30 });
    const json = (method: string, path: string, body?: unknown, bearer = token) =>
      send(path, { method, token: `Bearer ${bearer}`, headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

    expect((await json("GET", "/api/v1/webhooks", undefined, readOnly)).status).toBe(403);
    const refused = await json("POST", "/api/v1/webhooks", { url: "https://192.168.0.10/hooks", events: ["booking.created"] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: WEBHOOK_MESSAGES.notPublic, errors: { url: [WEBHOOK_MESSAGES.notPublic] } });
    expect((await json("POST", "/api/v1/webhooks", { url: `${origin}/hooks`, events: ["message.created"] })).status).toBe(403);

    const created = await json("POST", "/api/v1/webhooks", { url: `${origin}/hooks`, events: ["booking.confirmed", "booking.rescheduled"] });
    expect(created.status).toBe(201);
    const { endpoint, secret } = (await created.json()) as { endpoint: { id: number; events: string[]; enabled: boolean }; secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ events: ["booking.confirmed", "booking.rescheduled"], enabled: true, lastAttempt: null });

    const listed = (await (await json("GET", "/api/v1/webhooks")).json()) as { endpoints: Array<{ id: number }> };
    expect(listed.endpoints.map((row) => row.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(listed)).not.toContain("whsec_");

    const patched = await json("PATCH", `/api/v1/webhooks/${endpoint.id}`, { enabled: false, events: ["booking.completed"] });
    expect(await patched.json()).toMatchObject({ endpoint: { enabled: false, events: ["booking.completed"] } });
    const rotated = (await (await json("POST", `/api/v1/webhooks/${endpoint.id}/secret`)).json()) as { secret: string };
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);

    const attempts = await json("GET", `/api/v1/webhooks/${endpoint.id}/attempts?outcome=delivered`);
    expect(await attempts.json()).toEqual({ attempts: [], meta: { page: 1, limit: 10, total: 0, totalPages: 1 } });
    expect((await json("GET", `/api/v1/webhooks/${endpoint.id}/attempts?outcome=sideways`)).status).toBe(400);

    const other = await createPerson("user");
    const { token: othersToken } = await createAccessToken(actorOf(other), { name: "Mine", scopes: ["schedule"], lifetime: 30 });
    expect((await json("GET", `/api/v1/webhooks/${endpoint.id}`, undefined, othersToken)).status).toBe(404);
    expect((await json("DELETE", `/api/v1/webhooks/${endpoint.id}`, undefined, othersToken)).status).toBe(404);

    expect(await (await json("DELETE", `/api/v1/webhooks/${endpoint.id}`)).json()).toEqual({ message: "Webhook endpoint deleted", id: endpoint.id });
    expect((await json("GET", `/api/v1/webhooks/${endpoint.id}`)).status).toBe(404);
  });
});

describe("a sponsor's endpoint", () => {
  test("hears of the sessions it covers being booked and cancelled, with the pastor and the amounts only", async () => {
    const admin = await createPerson("user", { organisation: "" });
    const organisation = await foundSponsor(actorOf(admin), { name: `Grace Church ${admin.id}`, kind: "church", city: "Portland", country: "USA" });
    await saveRules(actorOf(admin), organisation.id, { budget: 30_000, budgetPeriod: "quarter", ceiling: null, copayPercent: 20, categories: [], guideIds: [] });
    await prisma.sponsorAccount.update({ where: { organisationId: organisation.id }, data: { balanceCents: 100_000 } });
    const pastor = await createPerson("user", { name: "Samuel Boateng" });
    const { link } = await createInvite(actorOf(admin), organisation.id, null);
    await acceptInvite(actorOf(pastor), link.split("/").pop()!, false);
    const guide = await createBookableGuide();

    // Only the sessions' booking and cancellation, and only its sponsor admins run it.
    await expect(createWebhookEndpoint(actorOf(admin), { url: `${origin}/sponsor`, events: ["message.created"] }, organisation.id)).rejects.toMatchObject({ status: 400, errors: { events: [WEBHOOK_MESSAGES.sponsorEvents] } });
    await expect(createWebhookEndpoint(actorOf(guide), { url: `${origin}/sponsor`, events: ["booking.created"] }, organisation.id)).rejects.toMatchObject({ status: 404 });
    const { endpoint, secret } = await createWebhookEndpoint(actorOf(admin), { url: `${origin}/sponsor`, events: ["booking.created", "booking.cancelled"] }, organisation.id);
    expect((await sponsorWebhookEndpointsOf(actorOf(admin), organisation.id)).map((row) => row.id)).toEqual([endpoint.id]);
    // Not among the admin's own endpoints, and nobody else's to open.
    expect(await webhookEndpointsOf(actorOf(admin))).toEqual([]);
    await expect(webhookEndpointOf(actorOf(pastor), endpoint.id)).rejects.toMatchObject({ status: 404 });
    await expect(webhookEndpointOf({ ...actorOf(admin), door: "api" }, endpoint.id)).rejects.toMatchObject({ status: 404 });

    const start = await freeStart(guide.id, 4);
    const booking = await createBooking(pastor.id, { guideId: guide.id, minutes: 60, startsAt: start, topic: "Burnout and the board", notes: "Private notes about the elders", intro: false, sponsorship: "use" });
    await runWebhooks();
    await cancelBooking(actorOf(pastor), booking.id, "Family matters");
    await runWebhooks();
    const events = received.filter((request) => request.headers["webhook-id"] && request.body.includes('"cover"'));
    expect(events).toHaveLength(2);
    const [created, cancelled] = events.map((request) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; data: { cover: Record<string, unknown> } });
    expect(created.type).toBe("booking.created");
    expect(created.data.cover).toMatchObject({ pastor: { id: pastor.id, name: "Samuel Boateng" }, coveredCents: 4000, returnedCents: 0 });
    expect(cancelled.type).toBe("booking.cancelled");
    expect(cancelled.data.cover).toMatchObject({ coveredCents: 4000, returnedCents: 4000 });
    for (const request of events) {
      expect(request.body).not.toContain("Burnout");
      expect(request.body).not.toContain("Private notes");
      expect(request.body).not.toContain(guide.name);
      expect(request.body).not.toContain(start.toISOString());
    }
    expect(Object.keys(created.data).sort()).toEqual(["cover"]);
    expect(Object.keys(created.data.cover).sort()).toEqual(["coverId", "coveredCents", "pastor", "period", "returnedCents"]);
  });
});

describe("the sponsor's Webhooks page", () => {
  test("its admins add an endpoint for the covered sessions' events only, see the secret once and open its deliveries", async () => {
    const admin = await createPerson("user", { organisation: "" });
    await turnOnTwoFactor(admin.id);
    const organisation = await foundSponsor(actorOf(admin), { name: `Hope Chapel ${admin.id}`, kind: "church", city: "Austin", country: "USA" });
    const cookie = await cookieOf(admin);
    const page = decode(await (await send("/sponsor/webhooks", { cookie })).text());
    expect(page).toContain("You have no webhook endpoints.");
    expect(page).toContain("booking.cancelled");
    expect(page).not.toContain("message.created");

    const refused = await addEndpoint(cookie, `${origin}/hooks`, ["message.created"], "/sponsor/webhooks");
    expect(refused.response.status).toBe(400);
    const added = await addEndpoint(cookie, `${origin}/hooks`, ["booking.created", "booking.cancelled"], "/sponsor/webhooks");
    expect(added.response.status).toBe(200);
    expect(added.secret).toMatch(/^whsec_/);
    const endpoint = await prisma.webhookEndpoint.findFirstOrThrow({ where: { organisationId: organisation.id } });
    expect((await send(`/sponsor/webhooks/${endpoint.id}`, { cookie })).status).toBe(200);
    expect(decode(await (await send("/sponsor/webhooks", { cookie })).text())).not.toContain(added.secret!);

    // Another sponsor's admin, and the admin's own Settings route, do not open it.
    const other = await createPerson("user", { organisation: "" });
    await turnOnTwoFactor(other.id);
    await foundSponsor(actorOf(other), { name: `Other Church ${other.id}`, kind: "church", city: "Austin", country: "USA" });
    expect((await send(`/sponsor/webhooks/${endpoint.id}`, { cookie: await cookieOf(other) })).status).toBe(404);
    const stranger = await postForm("/sponsor/webhooks", { intent: "webhook", endpointId: String(endpoint.id), change: "delete" }, await cookieOf(other));
    expect(stranger.status).toBe(302);
    expect(await prisma.webhookEndpoint.count({ where: { id: endpoint.id } })).toBe(1);
    await postForm("/sponsor/webhooks", { intent: "webhook", endpointId: String(endpoint.id), change: "delete" }, cookie);
    expect(await prisma.webhookEndpoint.count({ where: { id: endpoint.id } })).toBe(0);
  });
});
