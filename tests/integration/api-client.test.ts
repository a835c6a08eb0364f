/**
 * The open platform's "done when": a program written against the OpenAPI document alone (scripts/api-client: types
 * made by openapi-typescript, calls by openapi-fetch) runs against the production server on a real port. A mentee and
 * a guide make their tokens and the guide their calendar address in Settings, as people do; the script finds the
 * guide in the search, books their soonest free time, pays on the test-mode Checkout page, confirms the request as the
 * guide and finds the session in the guide's feed (parsed by ical.js); a receiver the test starts, registered by the
 * script as the guide's webhook endpoint, gets booking.created with a valid Standard Webhooks signature. The server shares this worker's database
 * (SQLite or PostgreSQL), which the test fills and then reads.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import net from "node:net";
import { http, passthrough } from "msw";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { runDueJobs } from "#app/lib/jobs.server.ts";
import { WEBHOOK_JOB } from "#app/modules/webhooks/webhooks.server.ts";
import { refreshGuideSearchNow } from "#app/modules/guides/search-fields.server.ts";
import { refreshNextFreeAt } from "#app/modules/schedule/schedule.server.ts";
import { createPerson, TEST_PASSWORD } from "#tests/app.ts";
import { server as mswServer } from "#tests/mocks/server.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";
import { runDemo } from "../../scripts/api-client/demo.ts";
import { apiTypes, SCHEMA_FILE } from "../../scripts/api-client/generate-types.ts";
import { startProductionServer, type ProductionServer } from "#tests/support/production-server.ts";


let origin: string;
let server: ProductionServer | undefined;

beforeAll(async () => {
  const without = { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, TRUST_PROXY: undefined };
  // APP_URL is the address the feed's link is made from (as behind a real domain): this server's own.
  server = await startProductionServer((own) => ({ APP_URL: own, JOB_WORKER: "off", SESSION_SECRET: randomBytes(24).toString("base64url"), ...without }));
  origin = server.origin;
}, 30_000);

afterAll(() => {
  server?.child.kill();
});

const decode = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

/** A person at a browser without JavaScript: signs in with the form, then posts Settings' forms and reads its page. */
async function browserOf(email: string) {
  const cookies = new Map<string, string>();
  const go = async (target: string, form?: URLSearchParams) => {
    const headers = new Headers({ Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") });
    if (form) headers.set("Origin", origin);
    const response = await fetch(new URL(target, origin), { method: form ? "POST" : "GET", headers, body: form, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      if (pair.slice(at + 1)) cookies.set(pair.slice(0, at), pair.slice(at + 1));
      else cookies.delete(pair.slice(0, at));
    }
    return response;
  };
  expect((await go("/login", new URLSearchParams({ email, password: TEST_PASSWORD }))).status).toBe(302);
  return go;
}

/** Settings' "New token" form; the token is on the page it answers, once. */
async function makeToken(go: Awaited<ReturnType<typeof browserOf>>, settings: string, name: string, scopes: string[]) {
  const form = new URLSearchParams({ intent: "new-token", name, lifetime: "30" });
  for (const scope of scopes) form.append("scopes", scope);
  const response = await go(settings, form);
  expect(response.status).toBe(200);
  const token = decode(await response.text()).match(/id="new-token-value"[^>]*value="(mmp_[\w-]+)"/)?.[1];
  expect(token, "the new token on the page").toBeDefined();
  return token!;
}

describe("the API client generated from the OpenAPI document", () => {
  test("its committed types are those of the document as it is now", async () => {
    expect(await apiTypes(), "scripts/api-client/schema.d.ts is stale: run npm run api:types").toBe(await readFile(SCHEMA_FILE, "utf8"));
  });

  test("as the mentee it finds a mentor, books and pays in test mode; as the guide it confirms; a signed booking.created reaches the guide's receiver and the guide's feed has the session", { timeout: 60_000 }, async () => {
    mswServer.use(http.all(`${origin}/*`, () => passthrough()));
    const guide = await createBookableGuide({ reviewsRequests: true });
    await prisma.user.update({ where: { id: guide.id }, data: { name: "Barnabas Quillfeather" } });
    await refreshGuideSearchNow([guide.id]);
    await refreshNextFreeAt([guide.id]);
    const mentee = await createPerson("user", { name: "Priscilla Ashdown" });
    // As in the demo, an administrator has published a confidentiality covenant: each person accepts it with their step.
    const admin = await createPerson("admin");
    await prisma.covenantVersion.create({ data: { version: 1, text: "What is shared in a session stays there.", publishedById: admin.id } });

    const menteeAt = await browserOf(mentee.email);
    const menteeToken = await makeToken(menteeAt, "/user-dashboard/settings", "Church website", ["read", "book"]);
    const guideAt = await browserOf(guide.email);
    const guideToken = await makeToken(guideAt, "/mentor-dashboard/settings", "My schedule", ["read", "schedule"]);
    expect((await guideAt("/mentor-dashboard/settings", new URLSearchParams({ intent: "calendar-feed", change: "renew" }))).status).toBe(302);
    const guideFeedUrl = decode(await (await guideAt("/mentor-dashboard/settings")).text()).match(/id="calendar-feed-url"[^>]*value="(webcal:[^"]+)"/)?.[1];
    expect(guideFeedUrl, "the feed's address on Settings").toMatch(/^webcal:\/\/127\.0\.0\.1:\d+\/calendar\/[\w-]+\.ics$/);

    // A receiver of the guide's own (127.0.0.1, let through by WEBHOOK_ALLOW_HOSTS): the script registers it for
    // booking.created before booking.
    const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => (received.push({ headers: request.headers, body }), response.writeHead(204).end()));
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const webhookUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/ministry-mentors`;
    mswServer.use(http.all(`${webhookUrl}`, () => passthrough()));

    const { nextFreeAt } = await prisma.guideProfile.findUniqueOrThrow({ where: { userId: guide.id } });
    const options = { baseUrl: origin, menteeToken, guideToken, guideFeedUrl: guideFeedUrl!, mentee: { email: mentee.email, password: TEST_PASSWORD }, topic: "Leading a church through change" };
    // Without the covenant's version the API refuses the booking, and the script says what to do.
    await expect(runDemo({ ...options, log: () => {} })).rejects.toThrow(/covenant \(version 1\) to continue\. .* run again with COVENANT_VERSION/);
    expect(await prisma.booking.count({ where: { userId: mentee.id } })).toBe(0);

    const lines: string[] = [];
    const outcome = await runDemo({ ...options, covenantVersion: 1, webhookUrl, log: (line) => lines.push(line) });
    expect(lines.map((line) => line.slice(0, 2))).toEqual(["1.", "2.", "3.", "4.", "5.", "6.", "7."]);
    expect(outcome).toMatchObject({ mentor: { id: guide.id, name: "Barnabas Quillfeather" }, booking: { minutes: 60 }, guideAction: "accepted" });

    // The soonest free time the search named, booked, paid and confirmed.
    const startsAt = new Date(outcome.booking.startsAt);
    expect(startsAt).toEqual(nextFreeAt);
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: outcome.booking.id }, include: { payments: true } })).toMatchObject({
      userId: mentee.id,
      guideId: guide.id,
      topic: "Leading a church through change",
      startsAt,
      durationMinutes: 60,
      status: "confirmed",
      paymentStatus: "paid",
      payments: [{ status: "succeeded", amountCents: 5000 }],
    });

    const accepted = (personId: number, counterpartId: number) =>
      prisma.covenantAcceptance.count({ where: { personId, counterpartId, version: 1 } });
    expect([await accepted(mentee.id, guide.id), await accepted(guide.id, mentee.id)]).toEqual([1, 1]);

    // The guide's calendar, read by ical.js: the session at its time, named by the mentee, its topic hidden.
    expect(outcome.feedEvent).toEqual({
      uid: `booking-${outcome.booking.id}@ministry-mentors`,
      summary: "Mentoring session with Priscilla Ashdown",
      start: startsAt,
      end: new Date(startsAt.getTime() + 60 * 60_000),
    });

    // The jobs table sends what the booking recorded (this server runs no worker: the test runs the due jobs).
    await runDueJobs(new Date(Date.now() + 60_000), 20, [WEBHOOK_JOB]);
    receiver.close();
    const created = received.filter(({ body }) => JSON.parse(body).type === "booking.created");
    expect(created).toHaveLength(1);
    const { headers, body } = created[0];
    const verified = new Webhook(outcome.webhook!.secret).verify(body, {
      "webhook-id": String(headers["webhook-id"]),
      "webhook-timestamp": String(headers["webhook-timestamp"]),
      "webhook-signature": String(headers["webhook-signature"]),
    });
    expect(verified).toMatchObject({ type: "booking.created", data: { booking: { id: outcome.booking.id } } });
  });
});
