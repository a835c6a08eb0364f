// `PORT=4000 npm start` takes a payment: the production server on a port of its own, with no APP_URL and no Stripe
// keys, reached over real HTTP (cookies and all) at an address other than APP_URL's default. A mentee signs in,
// books a paid session, follows Checkout's URL to the test-mode page, pays and lands on their bookings, paid. And the
// work a sign-up or reset queues to follow its answer is done by the server itself, at once. The server shares this
// worker's database (SQLite or PostgreSQL), which the test fills.
import { randomBytes } from "node:crypto";
import { http, passthrough } from "msw";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { createPerson, TEST_PASSWORD } from "#tests/app.ts";
import { server as mswServer } from "#tests/mocks/server.ts";
import { stripeEvent } from "#tests/mocks/stripe.ts";
import { createBookableGuide } from "#tests/support/bookable-guide.ts";
import { startProductionServer, type ProductionServer } from "#tests/support/production-server.ts";


let port: number;
let origin: string;
let server: ProductionServer | undefined;

beforeAll(async () => {
  server = await startProductionServer({ SESSION_SECRET: randomBytes(24).toString("base64url"), APP_URL: undefined, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, TRUST_PROXY: undefined });
  port = server.port;
  // Not the address APP_URL would default to (localhost): the mentee's browser is wherever they opened the app.
  origin = server.origin;
}, 30_000);

afterAll(() => {
  server?.child.kill();
});

/** A browser without JavaScript: real requests to the server, its cookies kept, redirects seen rather than followed. */
function browser() {
  const cookies = new Map<string, string>();
  return async (target: string, form?: Record<string, string>) => {
    const headers = new Headers({ Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") });
    if (form) {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      headers.set("Origin", origin);
    }
    const response = await fetch(new URL(target, origin), { method: form ? "POST" : "GET", headers, body: form ? new URLSearchParams(form) : undefined, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
    return response;
  };
}

/** Where a redirect leads, resolved as a browser resolves it against the page it came from. */
const destination = (response: Response) => new URL(response.headers.get("Location") ?? "", origin);
const unescape = (html: string) => html.replaceAll("&amp;", "&").replaceAll("<!-- -->", "");

describe("the production server on any port, without APP_URL", () => {
  test("a mentee books a paid session, pays on the test checkout and lands on their bookings, paid, on the same host", async () => {
    // Everything this test sends goes to the real server.
    mswServer.use(http.all(`${origin}/*`, () => passthrough()));
    const guide = await createBookableGuide();
    const mentee = await createPerson("user");
    const go = browser();

    const signedIn = await go("/login", { email: mentee.email, password: TEST_PASSWORD });
    expect(signedIn.status, await signedIn.clone().text()).toBe(302);

    // The dialog offers free times; choosing one shows what to confirm.
    const dialog = unescape(await (await go(`/mentor/${guide.id}/book?minutes=60`)).text());
    const time = /href="([^"]*[?&]start=[^"]+)"/.exec(dialog)?.[1];
    expect(time, "a free time in the dialog").toBeTruthy();
    const confirm = unescape(await (await go(time!)).text());
    expect(confirm).toContain("Confirm and pay");
    const startsAt = /name="startsAt" value="([^"]+)"/.exec(confirm)![1];

    const booked = await go(`/mentor/${guide.id}/book`, { minutes: "60", startsAt, topic: "Leading a church plant" });
    expect(booked.status).toBe(302);
    const checkout = destination(booked);
    expect(checkout.origin).toBe(origin);
    expect(checkout.pathname).toMatch(/^\/checkout\/test\/cs_test_\w+$/);
    const booking = await prisma.booking.findFirstOrThrow({ where: { userId: mentee.id, guideId: guide.id } });
    expect(booking).toMatchObject({ status: "held", paymentStatus: "pending" });
    // Stripe's own return URLs come from APP_URL, whose default follows PORT.
    const session = await prisma.stripeTestObject.findUniqueOrThrow({ where: { id: checkout.pathname.split("/").pop()! } });
    expect(JSON.parse(session.data)).toMatchObject({ success_url: `http://localhost:${port}/user-dashboard/bookings?booking=${booking.id}&booked=1` });

    const page = await go(checkout.href);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Test mode");

    const paid = await go(checkout.href, { intent: "pay" });
    expect(paid.status).toBe(302);
    const landing = destination(paid);
    expect(landing.origin).toBe(origin);
    expect(landing.pathname + landing.search).toBe(`/user-dashboard/bookings?booking=${booking.id}&booked=1`);
    const bookings = await go(landing.href);
    expect(bookings.status).toBe(200);
    const html = unescape(await bookings.text());
    expect(html).toContain("Payment received");
    expect(html).toContain("Leading a church plant");
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: booking.id }, include: { payments: true } })).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      payments: [{ status: "succeeded", amountCents: 5000 }],
    });

    // From outside, no one can sign an event this keyless server accepts: not with the stand-in's old public secret.
    const forged = JSON.stringify(
      stripeEvent("charge.refunded", { id: "ch_test_forged", object: "charge", amount: 5000, amount_refunded: 5000, currency: "usd", metadata: { bookingId: String(booking.id) }, refunded: true }),
    );
    const signature = new Stripe("sk_test_local_stand_in").webhooks.generateTestHeaderString({ payload: forged, secret: "whsec_local_test_mode_ministry_mentors" });
    const refused = await fetch(`${origin}/api/webhooks/stripe`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body: forged });
    expect(refused.status).toBe(400);
    expect(await prisma.booking.findUniqueOrThrow({ where: { id: booking.id } })).toMatchObject({ paymentStatus: "paid" });
    expect(await prisma.paymentEvent.count({ where: { type: "charge.refunded", bookingId: booking.id } })).toBe(0);
  });

  test("the mail a sign-up or reset leaves to follow its answer goes out a moment later, from the server itself", async () => {
    mswServer.use(http.all(`${origin}/*`, () => passthrough()));
    const person = await createPerson("user");
    const email = `new.${randomBytes(5).toString("hex")}@test.example`;
    const go = browser();
    expect((await go("/reset-password", { intent: "request", email: person.email })).status).toBe(302);
    expect((await go("/signup", { name: "Lydia Purple", email, password: "Tr1nity-Chapel!", confirmPassword: "Tr1nity-Chapel!", title: "Pastor", organisation: "Thyatira Fellowship", terms: "on" })).status).toBe(302);
    // Read straight from the database: nothing in this process runs the queued work (the outbox helpers would).
    const subjects = async () => (await prisma.outboxMail.findMany({ where: { to: { in: [person.email, email] } }, orderBy: { id: "asc" } })).map((mail) => `${mail.to}: ${mail.subject}`);
    const started = Date.now();
    while ((await subjects()).length < 2 && Date.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await subjects()).toEqual([`${person.email}: Reset your Ministry Mentors password`, `${email}: Your Ministry Mentors verification code`]);
    // Well before the worker's next 15-second poll.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await prisma.user.count({ where: { email, emailVerifiedAt: null } })).toBe(1);
  });
});
