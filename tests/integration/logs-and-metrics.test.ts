// What operators read: one JSON line per request (lib/logger.server.ts, written by the edge) and GET /metrics in
// Prometheus' format (lib/metrics.server.ts). The log is read in-process through a stream the test hands the logger;
// /metrics's door (METRICS_TOKEN, METRICS_ALLOW against the socket's address) through real servers over raw sockets.
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { defineJob, enqueue, runDueJobs } from "#app/lib/jobs.server.ts";
import { logTo } from "#app/lib/logger.server.ts";
import { registry } from "#app/lib/metrics.server.ts";
import { startCheckout } from "#app/modules/bookings/checkout.server.ts";
import { refundBooking } from "#app/modules/payments/refunds.server.ts";
import { blocksFor } from "#app/modules/schedule/blocks.ts";
import { createPerson, postForm, send, signIn } from "#tests/app.ts";
import { expectConsoleError } from "#tests/setup/console.ts";
import { startProductionServer, type ProductionServer } from "#tests/support/production-server.ts";

type Line = Record<string, unknown> & { requestId?: string; msg?: string; level?: string };
let stopCapture: (() => void) | undefined;

/** The logger's lines from now until the test ends, at `info`. */
function captureLog() {
  const lines: Line[] = [];
  stopCapture = logTo({ write: (line: string) => lines.push(JSON.parse(line) as Line) }, "info");
  return lines;
}
afterEach(() => {
  stopCapture?.();
  stopCapture = undefined;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A page's text without React's text separators (`<!-- -->`). */
const textOf = (html: string) => html.replaceAll("<!-- -->", "");

/** A sample's value in the registry /metrics answers with (0 when it has none yet). */
async function sample(name: string) {
  const text = await registry.metrics();
  const line = text.split("\n").find((each) => each.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

describe("one JSON line per request", () => {
  test("the id comes back as X-Request-Id; the line has it, the method, the route's id, status, duration and person, and nothing they typed", async () => {
    const admin = await signIn("admin");
    const log = captureLog();
    const response = await send(`/admin/dashboard/user-management/user?search=${encodeURIComponent(admin.person.email)}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const id = response.headers.get("X-Request-Id");
    expect(id).toMatch(UUID);
    expect(log).toHaveLength(1);
    expect(log[0]).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pid: process.pid,
      msg: "request",
      requestId: id,
      method: "GET",
      // React Router's id of the route, not the URL: lines of one screen group whatever its parameters.
      route: "admin/users",
      status: 200,
      durationMs: expect.any(Number),
      personId: admin.person.id,
    });
    expect(log[0].durationMs).toBeGreaterThan(0);
    const written = JSON.stringify(log);
    expect(written).not.toContain(admin.person.email.split("@")[0]);
    expect(written).not.toContain("search");
    expect(written).not.toContain(admin.cookie.split("=")[1]);
  });

  test("an API call is named by its route and its token's person; a signed-out visitor by null", async () => {
    const admin = await signIn("admin");
    const log = captureLog();
    const api = await send("/api/admin/get-user-list?page=1", { token: admin.token });
    const page = await send("/login");
    expect([api.status, page.status]).toEqual([200, 200]);
    expect(log).toMatchObject([
      { requestId: api.headers.get("X-Request-Id"), method: "GET", route: "routes/api/admin/user-list", status: 200, personId: admin.person.id },
      { requestId: page.headers.get("X-Request-Id"), method: "GET", route: "auth/login", status: 200, personId: null },
    ]);
    expect(JSON.stringify(log)).not.toContain(admin.token);
  });

  test("a sane incoming X-Request-Id is kept; anything else is replaced by a new one", async () => {
    const log = captureLog();
    const kept = await send("/login", { headers: { "X-Request-Id": "lb-4f3a2c1d9e8b7a60" } });
    expect(kept.headers.get("X-Request-Id")).toBe("lb-4f3a2c1d9e8b7a60");
    const replaced: string[] = [];
    for (const insane of ["<script>alert(1)</script>", "a b c d e f g h", "short", "x".repeat(200), "ünïcode-request-id"]) {
      const response = await send("/login", { headers: { "X-Request-Id": insane } });
      replaced.push(response.headers.get("X-Request-Id")!);
    }
    for (const id of replaced) expect(id).toMatch(UUID);
    // The lines carry the ids the responses did.
    expect(log.map((line) => line.requestId)).toEqual(["lb-4f3a2c1d9e8b7a60", ...replaced]);
  });

  test("/healthz and /readyz write no line (they are polled); they still carry an id", async () => {
    const log = captureLog();
    for (const probe of ["/healthz", "/readyz"]) {
      const response = await send(probe);
      expect(response.status).toBe(200);
      expect(response.headers.get("X-Request-Id")).toMatch(UUID);
    }
    expect(log).toEqual([]);
  });

  test("an error page (a mentor who does not exist) shows the reference of its request", async () => {
    const log = captureLog();
    const response = await send("/mentor/987654321");
    expect(response.status).toBe(404);
    const id = response.headers.get("X-Request-Id")!;
    const html = textOf(await response.text());
    expect(html).toContain("Page not found");
    expect(html).toContain(`Reference: ${id}`);
    // A route's id, the same for every mentor.
    expect(log).toMatchObject([{ requestId: id, route: "routes/public/mentor-profile", status: 404 }]);
  });

  test("an error that reaches the error boundary is logged once, with the request's id and its stack, which the page quotes", async () => {
    // A real failure of the database: the FAQ page's table is gone for a moment.
    await prisma.$executeRawUnsafe(`ALTER TABLE "Faq" RENAME TO "FaqAway"`);
    let response: Response;
    const log = captureLog();
    try {
      response = await send("/faq");
    } finally {
      await prisma.$executeRawUnsafe(`ALTER TABLE "FaqAway" RENAME TO "Faq"`);
    }
    expect(response.status).toBe(500);
    const id = response.headers.get("X-Request-Id")!;
    expect(textOf(await response.text())).toContain(`Reference: ${id}`);
    const errors = log.filter((line) => line.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ requestId: id, err: { type: expect.any(String), stack: expect.stringContaining("\n    at ") } });
    expect(log.filter((line) => line.msg === "request")).toMatchObject([{ requestId: id, route: "routes/public/faq", status: 500 }]);
    // The page works again once the table is back.
    expect((await send("/faq")).status).toBe(200);
  });
});

describe("metrics", () => {
  test("with neither METRICS_TOKEN nor METRICS_ALLOW, /metrics answers nobody: a bare 404", async () => {
    for (const init of [{}, { token: "Bearer anything" }, { clientAddress: "127.0.0.1" }]) {
      const response = await send("/metrics", init);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not Found");
    }
  });

  test("requests are counted by route id, method and status; database queries and the process are measured", async () => {
    const admin = await signIn("admin");
    await prisma.user.findMany({ where: { id: admin.person.id } });
    const name = 'http_request_duration_seconds_count{route="admin/users",method="GET",status="200"}';
    const before = await sample(name);
    await send("/admin/dashboard/user-management/user", { cookie: admin.cookie });
    expect(await sample(name)).toBe(before + 1);
    const text = await registry.metrics();
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.05",route="admin\/users",method="GET",status="200"\} \d+$/m);
    expect(text).toMatch(/^db_query_duration_seconds_count\{model="User",operation="findMany"\} [1-9]/m);
    expect(text).toMatch(/^db_query_duration_seconds_count\{model="raw",operation="\$queryRaw(Unsafe)?"\} [1-9]/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  test("each payment and each refund counts once, with its amount", async () => {
    const guide = await createPerson("guide");
    await prisma.guideProfile.create({ data: { userId: guide.id, experienceYears: 5, category: "Senior Pastors" } });
    const mentee = await signIn("user");
    const startsAt = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 96 * 3_600_000);
    const holdExpiresAt = new Date(Date.now() + 15 * 60_000);
    const booking = await prisma.booking.create({
      data: { userId: mentee.person.id, guideId: guide.id, startsAt, topic: "Preaching", rateCents: 7500, status: "held", paymentStatus: "pending", durationMinutes: 60, holdExpiresAt },
    });
    await prisma.timeClaim.createMany({ data: blocksFor(startsAt, 60, 0).map((blockStart) => ({ guideId: guide.id, blockStart, bookingId: booking.id, expiresAt: holdExpiresAt })) });
    const before = {
      payments: await sample('payments_total{currency="usd"}'),
      paid: await sample('payments_amount_cents_total{currency="usd"}'),
      refunds: await sample('refunds_total{currency="usd"}'),
      refunded: await sample('refunds_amount_cents_total{currency="usd"}'),
    };
    const { url } = await startCheckout(booking.id);
    expect((await postForm(url, { intent: "pay" }, mentee.cookie)).status).toBe(302);
    // Paying again (the page, a redelivery) moves no money and counts nothing.
    await postForm(url, { intent: "pay" }, mentee.cookie);
    expect(await sample('payments_total{currency="usd"}')).toBe(before.payments + 1);
    expect(await sample('payments_amount_cents_total{currency="usd"}')).toBe(before.paid + 7500);
    await refundBooking(booking.id, { amountCents: 2500, reason: "Started late" });
    expect(await sample('refunds_total{currency="usd"}')).toBe(before.refunds + 1);
    expect(await sample('refunds_amount_cents_total{currency="usd"}')).toBe(before.refunded + 2500);
    expect(await sample('payments_total{currency="usd"}')).toBe(before.payments + 1);
  });

  test("the job queue's depth (due and scheduled) and each failed attempt", async () => {
    defineJob("metrics-test.failing", async () => {
      throw new Error("the mail server said no");
    });
    const due = await sample('job_queue_depth{state="due"}');
    const scheduled = await sample('job_queue_depth{state="scheduled"}');
    await enqueue("metrics-test.failing", {});
    await enqueue("metrics-test.later", {}, { runAt: new Date(Date.now() + 60 * 60_000) });
    expect(await sample('job_queue_depth{state="due"}')).toBe(due + 1);
    expect(await sample('job_queue_depth{state="scheduled"}')).toBe(scheduled + 1);

    // The failure is logged (at error: the test harness sees it on the console) and counted.
    expectConsoleError(/"kind":"metrics-test\.failing".*job metrics-test\.failing #\d+ failed: the mail server said no/);
    await runDueJobs(new Date(), 20, ["metrics-test.failing"]);
    expect(await sample('jobs_failed_total{kind="metrics-test.failing"}')).toBe(1);
    // Retried later: no longer due now.
    expect(await sample('job_queue_depth{state="due"}')).toBe(due);
  });

  test("open live streams", async () => {
    const mentee = await signIn("user");
    const before = await sample("live_streams_open");
    const closing = new AbortController();
    const response = await send("/events", { cookie: mentee.cookie, signal: closing.signal });
    expect(response.headers.get("Content-Type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    let received = "";
    while (!received.includes("event: ready")) received += new TextDecoder().decode((await reader.read()).value);
    expect(await sample("live_streams_open")).toBe(before + 1);
    closing.abort();
    await expect.poll(() => sample("live_streams_open")).toBe(before);
  });
});

// ---- Real servers: stdout, and who may read /metrics (the socket's address, never X-Forwarded-For) ----

const servers: ProductionServer[] = [];

async function startServer(env: Record<string, string | undefined>) {
  const server = await startProductionServer({ SESSION_SECRET: "a-secret-for-the-metrics-test", JOB_WORKER: "off", METRICS_TOKEN: undefined, METRICS_ALLOW: undefined, TRUST_PROXY: undefined, ...env });
  servers.push(server);
  return server;
}

/** One HTTP/1.1 exchange over a raw socket (the tests' fetch is intercepted): status, headers and body. */
function raw(port: number, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; head: string; body: string }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let response = "";
    socket.on("connect", () => {
      const lines = [`GET ${pathname} HTTP/1.1`, "Host: localhost", "Connection: close", ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    });
    socket.on("data", (data) => (response += data.toString("utf8")));
    socket.on("end", () => {
      const [head, ...rest] = response.split("\r\n\r\n");
      let body = rest.join("\r\n\r\n");
      if (/^Transfer-Encoding: chunked/im.test(head)) {
        let chunks = "";
        for (let at = 0, size = 1; size > 0; ) {
          const end = body.indexOf("\r\n", at);
          size = parseInt(body.slice(at, end), 16);
          chunks += body.slice(end + 2, end + 2 + size);
          at = end + 2 + size + 2;
        }
        body = chunks;
      }
      resolve({ status: Number(head.split(" ")[1]), head, body });
    });
    socket.on("error", reject);
  });
}

describe("a real server", () => {
  let tokenServer: ProductionServer;
  let allowServer: ProductionServer;
  beforeAll(async () => {
    [tokenServer, allowServer] = await Promise.all([
      // Behind a proxy it trusts, allowing 10.0.0.0/8: a client that writes X-Forwarded-For: 10.… still reads nothing.
      startServer({ LOG_LEVEL: "info", METRICS_TOKEN: "scrape-me-0123456789", METRICS_ALLOW: "10.0.0.0/8", TRUST_PROXY: "1" }),
      startServer({ LOG_LEVEL: "warn", METRICS_ALLOW: "127.0.0.1" }),
    ]);
  }, 60_000);
  afterAll(() => {
    for (const server of servers) server.child.kill();
  });

  test("writes its request lines as JSON on stdout, and none for /healthz", async () => {
    await raw(tokenServer.port, "/healthz", { "X-Request-Id": "probe-000000000001" });
    const page = await raw(tokenServer.port, "/login", { "X-Request-Id": "trace-1234567890abcdef" });
    expect(page.status).toBe(200);
    expect(page.head).toMatch(/^X-Request-Id: trace-1234567890abcdef$/im);
    await expect.poll(() => tokenServer.output()).toContain("trace-1234567890abcdef");
    const lines = tokenServer.output().split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Line);
    expect(lines.find((line) => line.requestId === "trace-1234567890abcdef")).toMatchObject({ level: "info", msg: "request", method: "GET", route: "auth/login", status: 200, personId: null });
    expect(tokenServer.output()).not.toContain("probe-000000000001");
  });

  test("/metrics: 404 without the token, whatever X-Forwarded-For claims; the scrape with it, counting the routes", async () => {
    await raw(tokenServer.port, "/login");
    const refused = [
      await raw(tokenServer.port, "/metrics"),
      await raw(tokenServer.port, "/metrics", { "X-Forwarded-For": "10.1.2.3" }),
      await raw(tokenServer.port, "/metrics", { Authorization: "Bearer not-the-token" }),
    ];
    expect(refused.map((response) => response.status)).toEqual([404, 404, 404]);
    for (const response of refused) expect(response.body).toBe("Not Found");
    const scrape = await raw(tokenServer.port, "/metrics", { Authorization: "Bearer scrape-me-0123456789" });
    expect(scrape.status).toBe(200);
    expect(scrape.head).toMatch(/^Content-Type: text\/plain; version=0\.0\.4/im);
    expect(scrape.body).toMatch(/^http_request_duration_seconds_count\{route="auth\/login",method="GET",status="200"\} [1-9]/m);
    expect(scrape.body).toMatch(/^job_queue_depth\{state="due"\} \d+$/m);
    expect(scrape.body).toMatch(/^live_streams_open 0$/m);
  });

  test("/metrics: a socket address METRICS_ALLOW lists reads it without a token", async () => {
    const scrape = await raw(allowServer.port, "/metrics");
    expect(scrape.status).toBe(200);
    expect(scrape.body).toMatch(/^process_resident_memory_bytes \d+/m);
  });
});
