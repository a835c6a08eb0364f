// npm run bench:live — live updates at scale: one production server, 2,000 open live streams (/events) of many
// signed-in people, messages sent through the app, over HTTP.
//
// Builds (once) a scale database of SEED_SCALE=2000 (2,000 mentees, 100 guides: data/bench-live.db, or on PostgreSQL
// the database bench_live_2000), builds the app into .builds/bench-live, starts the server (scripts/bench/live-server.mjs:
// server/index.mjs answering this script over IPC with its count of database statements), makes a browser session for
// each person with the app's session code, opens every stream over a raw socket, and measures:
//   - the database statements per second of the server at rest, with every stream open and no scheduled work
//     (JOB_WORKER=off): target one poll a second on SQLite, none on PostgreSQL, and one session check every 30 s;
//   - the console's user list (GET /admin/dashboard/user-management/user as the admin), p50/p95, before the streams
//     open and while they are open;
//   - delivery: the admin sends messages (and so notifications) to people with open streams, one every --gap ms; the
//     time from the send to its arrival on each of the person's streams, p50/p95 (target p95 ≤ 1 s).
// Prints the figures and writes .bench/live-<engine>.json.
//
//   npm run bench:live                      SQLite
//   npm run bench:live -- --postgres        PostgreSQL (the local server of scripts/postgres.mjs, or DATABASE_URL's)
//   npm run bench:live -- --streams 200     fewer streams
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { adminCodes, buildApp, describeTarget, ensureDatabase, signInBrowser, startServer, targetUrl, type Server, type Target } from "./bench/setup.ts";

const { values: args } = parseArgs({
  options: {
    postgres: { type: "boolean", default: false },
    streams: { type: "string", default: "2000" },
    messages: { type: "string", default: "100" },
    gap: { type: "string", default: "200" },
    rest: { type: "string", default: "30" },
    scale: { type: "string", default: "2000" },
    "build-dir": { type: "string", default: ".builds/bench-live" },
    "no-build": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

if (args.help) {
  console.log(`npm run bench:live -- [--postgres] [--streams 2000] [--messages 100] [--gap 200 (ms between sends)]
  [--rest 30 (seconds measured at rest)] [--scale 2000 (SEED_SCALE of the database)] [--build-dir .builds/bench-live] [--no-build]`);
  process.exit(0);
}

const streamCount = Number(args.streams);
const messageCount = Number(args.messages);
const gapMs = Number(args.gap);
const restSeconds = Number(args.rest);
const scale = Number(args.scale);
const postgres = args.postgres || /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? "");
const target: Target = postgres
  ? {
      engine: "postgres",
      server: /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? "")
        ? process.env.DATABASE_URL!
        : execFileSync(process.execPath, ["scripts/postgres.mjs", "start"], { encoding: "utf8" }).trim(),
      name: `bench_live_${scale}`,
    }
  : { engine: "sqlite", file: path.resolve(`data/bench-live${scale === 2000 ? "" : `-${scale}`}.db`) };
const buildDir = path.resolve(args["build-dir"]);
const outDir = path.resolve(".bench");
const admin = { email: process.env.BENCH_ADMIN_EMAIL || "admin@example.com", password: process.env.BENCH_ADMIN_PASSWORD || "Passw0rd!" };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

type Stats = { statements: number; eventLoopP99Ms: number; rssMb: number };
function serverStats(server: Server): Promise<Stats> {
  return new Promise((resolve) => {
    server.child.once("message", (message) => resolve(message as Stats));
    server.child.send("stats");
  });
}

/** GET `path` `n` times one after another as the admin: each answer's time in ms. */
async function timeList(origin: string, cookie: string, listPath: string, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const response = await fetch(`${origin}${listPath}`, { headers: { Cookie: cookie }, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${listPath} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), requests: n };
}

/** A live stream over a raw socket, as a browser's EventSource holds it: notes when each awaited body arrives. */
type Stream = { personId: number; socket: net.Socket; ready: Promise<void>; buffer: string; arrivals: Map<string, number> };

function openStream(origin: string, personId: number, cookie: string, expected: Set<string>): Stream {
  const { hostname, port } = new URL(origin);
  const socket = net.connect(Number(port), hostname);
  socket.setNoDelay(true);
  const stream: Stream = { personId, socket, ready: Promise.resolve(), buffer: "", arrivals: new Map() };
  stream.ready = new Promise((resolve, reject) => {
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`stream of person ${personId} closed: ${stream.buffer.slice(0, 200)}`)));
    socket.on("data", (chunk) => {
      const at = performance.now();
      stream.buffer += chunk.toString("utf8");
      if (stream.buffer.includes("event: ready")) resolve();
      // Keep the tail only: a body split across chunks is matched once whole.
      for (const match of stream.buffer.matchAll(/"body":"(bench-[\w-]+)"/g)) {
        if (expected.has(match[1]) && !stream.arrivals.has(match[1])) stream.arrivals.set(match[1], at);
      }
      if (stream.buffer.length > 4096) stream.buffer = stream.buffer.slice(-512);
    });
  });
  socket.write(`GET /events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\nAccept: text/event-stream\r\n\r\n`);
  return stream;
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  await ensureDatabase(target, scale, false);
  const databaseUrl = targetUrl(target);
  if (!args["no-build"] || !existsSync(path.join(buildDir, "server/index.js"))) buildApp(buildDir);
  const sessionSecret = randomBytes(32).toString("base64url");

  // The app's own session code, on the bench database and the server's secret (read as these modules load).
  process.env.DATABASE_URL = databaseUrl;
  process.env.SESSION_SECRET = sessionSecret;
  const { prisma } = await import("#app/lib/db.server.ts");
  const { commitSession, createSession } = await import("#app/lib/session.server.ts");

  const logFile = path.join(outDir, `live-server-${target.engine}.log`);
  console.log(`Starting the server on ${describeTarget(target)} (log: ${path.relative(process.cwd(), logFile)})…`);
  // Without scheduled work (JOB_WORKER=off: its sweeps would write and read at random moments), so at rest means at rest.
  process.env.JOB_WORKER = "off";
  const totpKey = randomBytes(32).toString("base64url");
  const code = await adminCodes(target, admin.email, totpKey);
  const server = await startServer({ buildDir, databaseUrl, logFile, entry: "scripts/bench/live-server.mjs", sessionSecret, totpKey });
  const streams: Stream[] = [];
  try {
    const adminCookie = await signInBrowser(server.origin, admin, "/admin/login", code);
    const listPath = "/admin/dashboard/user-management/user";
    await timeList(server.origin, adminCookie, listPath, 5);
    const listBefore = await timeList(server.origin, adminCookie, listPath, 40);
    console.log(`Console list ${listPath} with no stream open: p50 ${listBefore.p50} ms, p95 ${listBefore.p95} ms`);

    // People with streams: the active mentees and guides, as many as there are streams (each one stream, or more when fewer).
    const people = await prisma.user.findMany({
      where: { role: { in: ["user", "guide"] }, isDeleted: false, status: "active" },
      orderBy: { id: "asc" },
      take: streamCount,
      select: { id: true },
    });
    console.log(`Signing in ${people.length} people…`);
    const cookies = new Map<number, string>();
    for (let i = 0; i < people.length; i += 50) {
      await Promise.all(
        people.slice(i, i + 50).map(async ({ id }) => cookies.set(id, (await commitSession(await createSession(id, "web"))).split(";")[0])),
      );
    }

    const bodies = Array.from({ length: messageCount }, (_, i) => `bench-${Date.now().toString(36)}-${i}`);
    const expected = new Set(bodies);
    console.log(`Opening ${streamCount} live streams…`);
    const opening = performance.now();
    const beforeOpening = await serverStats(server);
    for (let i = 0; i < streamCount; i += 100) {
      const batch = Array.from({ length: Math.min(100, streamCount - i) }, (_, k) => {
        const person = people[(i + k) % people.length].id;
        return openStream(server.origin, person, cookies.get(person)!, expected);
      });
      streams.push(...batch);
      await Promise.all(batch.map((stream) => stream.ready));
    }
    const openSeconds = round((performance.now() - opening) / 1000);
    // What opening a stream asks of the database (its session, the cursor): what each stream's reopening costs.
    const perOpening = round(((await serverStats(server)).statements - beforeOpening.statements) / streams.length, 2);
    console.log(`${streams.length} streams open in ${openSeconds} s, ${perOpening} database statements each.`);

    // At rest: every stream open, nothing happening.
    await pause(3000);
    const restStart = await serverStats(server);
    await pause(restSeconds * 1000);
    const restEnd = await serverStats(server);
    const restPerSecond = round((restEnd.statements - restStart.statements) / restSeconds, 2);
    console.log(`At rest: ${restPerSecond} database statements a second (${restEnd.statements - restStart.statements} in ${restSeconds} s), event loop p99 ${round(restEnd.eventLoopP99Ms)} ms, ${restEnd.rssMb} MB`);

    const listDuring = await timeList(server.origin, adminCookie, listPath, 40);
    console.log(`Console list with ${streams.length} streams open: p50 ${listDuring.p50} ms, p95 ${listDuring.p95} ms`);

    // Delivery: the admin writes to people with streams (each message also rings their bell), one every gapMs.
    const byPerson = new Map<number, Stream[]>();
    for (const stream of streams) byPerson.set(stream.personId, [...(byPerson.get(stream.personId) ?? []), stream]);
    const recipients = [...byPerson.keys()];
    const sentAt = new Map<string, number>();
    const recipientOf = new Map<string, number>();
    const sendStart = await serverStats(server);
    console.log(`Sending ${messageCount} messages, one every ${gapMs} ms…`);
    const posts: Array<Promise<void>> = [];
    const answers: number[] = [];
    for (let i = 0; i < messageCount; i++) {
      const body = bodies[i];
      const recipient = recipients[Math.floor(Math.random() * recipients.length)];
      recipientOf.set(body, recipient);
      sentAt.set(body, performance.now());
      posts.push(
        fetch(`${server.origin}/admin/dashboard/messaging?with=${recipient}`, {
          method: "POST",
          redirect: "manual",
          headers: { Cookie: adminCookie, "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
          body: new URLSearchParams({ recipientId: String(recipient), body }),
        }).then(async (response) => {
          await response.arrayBuffer();
          answers.push(performance.now() - sentAt.get(body)!);
          if (response.status !== 302) throw new Error(`sending a message answered ${response.status}`);
        }),
      );
      await pause(gapMs);
    }
    await Promise.all(posts);
    // Whatever has not arrived within 5 s of the last send is counted as lost.
    await pause(5000);
    const sendEnd = await serverStats(server);
    const latencies: number[] = [];
    let missing = 0;
    for (const body of bodies) {
      for (const stream of byPerson.get(recipientOf.get(body)!)!) {
        const at = stream.arrivals.get(body);
        if (at === undefined) missing++;
        else latencies.push(at - sentAt.get(body)!);
      }
    }
    const delivery = {
      deliveries: latencies.length,
      missing,
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      max: round(Math.max(...latencies)),
      sendAnswered: { p50: round(percentile(answers, 50)), p95: round(percentile(answers, 95)) },
    };
    const perMessage = round((sendEnd.statements - sendStart.statements) / messageCount, 1);
    console.log(`Delivery: ${delivery.deliveries} arrivals, ${missing} missing; p50 ${delivery.p50} ms, p95 ${delivery.p95} ms, max ${delivery.max} ms (the send itself answered at p50 ${delivery.sendAnswered.p50} ms, p95 ${delivery.sendAnswered.p95} ms)`);
    console.log(`Statements while sending: ${perMessage} a message (its write, notification, unread mail job, and its streams' reads)`);

    const report = {
      engine: target.engine,
      database: describeTarget(target),
      at: new Date().toISOString(),
      loadAverage: os.loadavg().map((n) => round(n, 1)),
      streams: streams.length,
      people: byPerson.size,
      openSeconds,
      statementsPerStreamOpened: perOpening,
      rest: { seconds: restSeconds, statementsPerSecond: restPerSecond, eventLoopP99Ms: round(restEnd.eventLoopP99Ms), rssMb: restEnd.rssMb },
      consoleList: { path: listPath, before: listBefore, whileStreamsOpen: listDuring },
      delivery: { messages: messageCount, gapMs, ...delivery, statementsPerMessage: perMessage },
      targets: {
        deliveryP95: delivery.p95 <= 1000 && missing === 0 ? "PASS" : "FAIL",
        // One poll a second (SQLite), and one statement for every stream's session each LIVE_SESSION_CHECK_MS (30 s).
        restStatements: restPerSecond <= 1 + 1 / 30 + 0.01 ? "PASS" : "FAIL",
      },
    };
    writeFileSync(path.join(outDir, `live-${target.engine}.json`), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Targets: delivery p95 ≤ 1 s ${report.targets.deliveryP95}; at rest about 1 statement/s (a poll a second, the sessions every 30 s) ${report.targets.restStatements}. Written .bench/live-${target.engine}.json`);
    for (let i = 0; i < people.length; i += 500) await prisma.session.deleteMany({ where: { userId: { in: people.slice(i, i + 500).map(({ id }) => id) } } });
  } finally {
    for (const stream of streams) stream.socket.destroy();
    await server.stop();
    await prisma.$disconnect();
  }
}

await main();
