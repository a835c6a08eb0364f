import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { prisma } from "#app/lib/db.server.ts";
import { signInAttempts } from "#app/lib/rate-limit.server.ts";
import { send, signIn } from "#tests/app.ts";
import { startCluster } from "../../scripts/cluster.mjs";
import { siteConfig, startNginx } from "../../scripts/nginx.mjs";
import { freePort } from "#tests/support/free-port.ts";

/**
 * The local cluster's nginx (scripts/nginx.mjs, started by scripts/cluster.mjs): its config, in front of stand-in
 * app servers in this process; then the whole cluster, two real app servers and nginx on this worker's database,
 * one of them restarted under a stream of reads and writes. Requests go over raw sockets: nothing rewrites their
 * headers on the way, and the tests' request mocks are not involved.
 */

const stops: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

function listen(server: http.Server) {
  stops.push(() => new Promise((resolve) => server.close(resolve)));
  return new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
}

/** Resolves once something accepts connections on `port`. */
async function accepting(port: number) {
  for (let tries = 0; ; tries += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => resolve(true)).once("error", () => resolve(false));
      socket.once("close", () => socket.destroy());
      socket.once("connect", () => socket.destroy());
    });
    if (open) return;
    if (tries > 100) throw new Error(`nothing listens on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** nginx with the cluster's config in front of `upstreams` (ports in this process); what it logs is kept. */
async function startFront(upstreams: number[]) {
  const port = await freePort();
  const nginx = startNginx({ port, servers: upstreams.map((upstream) => `127.0.0.1:${upstream}`), stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  nginx.child.stderr!.on("data", (chunk) => (log += chunk));
  stops.push(nginx.stop);
  await accepting(port);
  return { port, log: () => log };
}

type Reply = { status: number; headers: Record<string, string[]>; body: Buffer; complete: boolean };
const header = (reply: Reply, name: string) => reply.headers[name.toLowerCase()]?.join(", ");

/** The body of a chunked message as far as its chunks have arrived. */
function dechunk(data: Buffer) {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) return { body: Buffer.concat(parts), complete: false };
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (size === 0) return { body: Buffer.concat(parts), complete: true };
    if (data.length < lineEnd + 2 + size) return { body: Buffer.concat(parts), complete: false };
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 4 + size;
  }
}

/** Status, headers (lower-case names, every value) and body of a raw HTTP/1.1 response, complete or not. */
function parse(data: Buffer): Reply | null {
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine, ...lines] = data.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string[]> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    (headers[line.slice(0, colon).trim().toLowerCase()] ??= []).push(line.slice(colon + 1).trim());
  }
  const status = Number(statusLine.split(" ")[1]);
  const rest = data.subarray(end + 4);
  if (status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0), complete: true };
  if (headers["transfer-encoding"]?.[0] === "chunked") return { status, headers, ...dechunk(rest) };
  const length = headers["content-length"] ? Number(headers["content-length"][0]) : undefined;
  return { status, headers, body: length === undefined ? rest : rest.subarray(0, length), complete: length !== undefined && rest.length >= length };
}

type Exchange = { method?: string; target?: string; headers?: Record<string, string>; body?: Buffer | string; until?: (reply: Reply) => boolean };

/**
 * One request over a raw socket (Connection: close): `reply` is the whole response; `early` resolves while the
 * response is still coming, with what has arrived, as soon as `until` says yes.
 */
function exchange(port: number, { method = "GET", target = "/", headers = {}, body, until }: Exchange) {
  const socket = net.connect(port, "127.0.0.1");
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${headers.Host ?? `127.0.0.1:${port}`}`, "Connection: close"];
  for (const [name, value] of Object.entries(headers)) if (name !== "Host") lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  if (body !== undefined) socket.write(body);
  let received = Buffer.alloc(0);
  let early: (reply: Reply) => void = () => undefined;
  const earlyReply = new Promise<Reply>((resolve) => (early = resolve));
  const reply = new Promise<Reply>((resolve, reject) => {
    socket.on("data", (data) => {
      received = Buffer.concat([received, data]);
      const sofar = until && parse(received);
      if (sofar && until(sofar)) early(sofar);
    });
    socket.on("end", () => {
      const whole = parse(received);
      if (whole) resolve(whole);
      else reject(new Error(`no response: ${received.toString("latin1")}`));
    });
    // nginx may refuse a body before it has all arrived and close while it is still going.
    socket.on("error", (error) => {
      const sofar = parse(received);
      if (sofar?.complete) resolve(sofar);
      else reject(error);
    });
  });
  return { socket, reply, early: earlyReply };
}

const request = (port: number, options: Exchange = {}) => exchange(port, options).reply;

type Echo = { name: string; method: string; url: string; headers: Record<string, string>; bodyLength: number; bodySha: string };

/** A stand-in app server: answers with what it received, as JSON, under its own name; `seen` counts its requests. */
function echoServer(name: string) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "Content-Type": "application/json", "X-Served-By": name });
      res.end(JSON.stringify({ name, method: req.method, url: req.url, headers: req.headers, bodyLength: body.length, bodySha: createHash("sha256").update(body).digest("hex") }));
    });
  });
  return { server, seen };
}

test("the README's nginx config is the one the cluster runs", () => {
  const readme = readFileSync("README.md", "utf8");
  const block = /```nginx\n([^]*?)```/.exec(readme)?.[1];
  expect(block).toBeDefined();
  // The README's is indented under its list item, names a site and leaves room for a certificate.
  const shown = block!
    .split("\n")
    .map((line) => line.replace(/^ {2}/, ""))
    .filter((line) => !/^\s*(server_name|# ssl_certificate)\b/.test(line))
    .join("\n");
  expect(shown).toBe(siteConfig({ servers: ["10.0.0.11:3000", "10.0.0.12:3000"], listen: "443 ssl" }));
});

describe("nginx in front of two app servers", () => {
  let front: number;
  const first = echoServer("first");
  const second = echoServer("second");

  beforeAll(async () => {
    front = (await startFront([await listen(first.server), await listen(second.server)])).port;
  });

  test("sends each request to the next app server in turn, whatever the cookies say (no sticky sessions)", async () => {
    const names: string[] = [];
    for (let i = 0; i < 6; i += 1) names.push(header(await request(front, { headers: { Cookie: "mm_session=the-same-session" } }), "x-served-by")!);
    expect(new Set(names)).toEqual(new Set(["first", "second"]));
    expect(names.every((name, i) => i === 0 || name !== names[i - 1])).toBe(true);
  });

  test("passes the host with its port, and appends the client's address as the last X-Forwarded-For hop", async () => {
    const body = "email=someone%40example.com&password=secret";
    const reply = await request(front, {
      method: "POST",
      target: "/login?redirectTo=%2Fadmin%2Fdashboard",
      headers: {
        Host: "mentors.example:8443",
        Origin: "http://mentors.example:8443",
        Cookie: "mm_session=abc; mm_toast=def",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": "203.0.113.9",
        "X-Forwarded-Host": "evil.example",
      },
      body,
    });
    expect(reply.status).toBe(200);
    const seen = JSON.parse(reply.body.toString()) as Echo;
    expect(seen).toMatchObject({ method: "POST", url: "/login?redirectTo=%2Fadmin%2Fdashboard", bodyLength: body.length, bodySha: createHash("sha256").update(body).digest("hex") });
    expect(seen.headers).toMatchObject({
      // The port stays: the app compares the Origin with this host, and a form posted to a non-default port passes.
      host: "mentors.example:8443",
      "x-forwarded-host": "mentors.example:8443",
      origin: "http://mentors.example:8443",
      cookie: "mm_session=abc; mm_toast=def",
      // The client's claim stays first; the address nginx saw is the last hop, the one a trusting app reads.
      "x-forwarded-for": "203.0.113.9, 127.0.0.1",
      "x-forwarded-proto": "http",
    });
    // Kept alive to the app server, whatever the client's connection does.
    expect(seen.headers.connection).toBeUndefined();
  });

  test("a body of 11 MB (a 10 MB file and its form) reaches the app server; a larger one is refused unread", async () => {
    const payload = randomBytes(11 * 1024 * 1024);
    const reply = await request(front, { method: "POST", target: "/upload", headers: { "Content-Type": "application/octet-stream" }, body: payload });
    expect(reply.status).toBe(200);
    const seen = JSON.parse(reply.body.toString()) as Echo;
    expect(seen.bodyLength).toBe(payload.length);
    expect(seen.bodySha).toBe(createHash("sha256").update(payload).digest("hex"));

    const before = first.seen.length + second.seen.length;
    const { socket, early } = exchange(front, {
      method: "POST",
      target: "/upload",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(11 * 1024 * 1024 + 1) },
      until: (sofar) => sofar.complete,
    });
    const refused = await early;
    socket.destroy();
    expect(refused.status).toBe(413);
    expect(first.seen.length + second.seen.length).toBe(before);
  });
});

describe("responses through nginx", () => {
  const css = `.mentor-card { display: grid; gap: 1rem; }\n`.repeat(100);
  let front: number;
  let release: () => void = () => undefined;

  beforeAll(async () => {
    const upstream = await listen(
      http.createServer((req, res) => {
        const url = new URL(req.url!, "http://upstream");
        const type = url.searchParams.get("type") ?? "text/css";
        let body: string | Buffer;
        switch (url.pathname) {
          case "/text":
            body = url.searchParams.get("encoded") ? zlib.gzipSync(css) : url.searchParams.get("small") ? "p { margin: 0 }" : css;
            res.writeHead(200, { "Content-Type": type, "Content-Length": Buffer.byteLength(body), ...(url.searchParams.get("encoded") ? { "Content-Encoding": "gzip" } : {}) });
            return res.end(body);
          case "/events":
          case "/later":
            // The first event at once, the rest only when the test says so.
            res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
            res.write("event: ready\ndata: {}\n\n");
            release = () => res.end("event: message\ndata: {}\n\n");
            return;
          default:
            res.writeHead(404).end();
        }
      }),
    );
    front = (await startFront([upstream])).port;
  });

  test("text is gzipped for a client that takes gzip, and says so", async () => {
    const reply = await request(front, { target: "/text", headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(reply.status).toBe(200);
    expect(header(reply, "content-encoding")).toBe("gzip");
    expect(header(reply, "vary")).toBe("Accept-Encoding");
    expect(zlib.gunzipSync(reply.body).toString()).toBe(css);
    expect(reply.body.length).toBeLessThan(css.length / 5);

    const plain = await request(front, { target: "/text" });
    expect(header(plain, "content-encoding")).toBeUndefined();
    expect(plain.body.toString()).toBe(css);
  });

  test.each([
    ["a picture", "?type=image%2Fpng"],
    ["a PDF download", "?type=application%2Fpdf"],
    ["a body the app server gzipped itself", "?encoded=1"],
    ["a body under 1 KB", "?small=1"],
  ])("%s is passed on as it is", async (_, query) => {
    const reply = await request(front, { target: `/text${query}`, headers: { "Accept-Encoding": "gzip" } });
    expect(reply.status).toBe(200);
    if (query === "?encoded=1") {
      expect(header(reply, "content-encoding")).toBe("gzip");
      expect(zlib.gunzipSync(reply.body).toString()).toBe(css);
    } else {
      expect(header(reply, "content-encoding")).toBeUndefined();
      expect(reply.body.toString()).toBe(query === "?small=1" ? "p { margin: 0 }" : css);
    }
  });

  test("the live stream (/events) reaches the browser event by event, uncompressed", async () => {
    const stream = exchange(front, { target: "/events", headers: { "Accept-Encoding": "gzip" }, until: (sofar) => sofar.body.includes("event: ready") });
    const early = await stream.early;
    expect(header(early, "content-encoding")).toBeUndefined();
    expect(early.body.toString()).not.toContain("event: message");
    release();
    const whole = await stream.reply;
    expect(whole.body.toString()).toBe("event: ready\ndata: {}\n\nevent: message\ndata: {}\n\n");
  });
});

describe("an app server that stops answering", () => {
  test("is skipped: every GET and POST is answered by the other", async () => {
    const living = echoServer("living");
    const front = await startFront([await freePort(), await listen(living.server)]);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await request(front.port, { target: `/read/${i}` })).status);
      statuses.push((await request(front.port, { method: "POST", target: `/write/${i}`, headers: { "Content-Type": "application/json" }, body: "{}" })).status);
    }
    expect(statuses).toEqual(Array(12).fill(200));
    // Each went to the living server once: a refused connection carried nothing, so even a POST goes on.
    expect(living.seen.toSorted()).toEqual(Array.from({ length: 6 }, (_, i) => [`GET /read/${i}`, `POST /write/${i}`]).flat().toSorted());
    expect(front.log()).toMatch(/connect\(\) failed \(111: Connection refused\)/);
  });

  /** A stand-in that breaks off: a GET to /busy… answers 503 (as a stopping server's /readyz does), anything else has its connection cut once read. */
  function brokenServer() {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        seen.push(`${req.method} ${req.url}`);
        if (req.method === "GET" && req.url!.startsWith("/busy")) res.writeHead(503, { "Content-Type": "text/plain" }).end("stopping");
        else req.socket.destroy();
      });
    });
    return { server, seen };
  }

  test("a GET it fails (a 503, or the connection cut) is answered by the other", async () => {
    const broken = brokenServer();
    const healthy = echoServer("healthy");
    const front = await startFront([await listen(broken.server), await listen(healthy.server)]);
    const targets = ["/busy/1", "/cut/1", "/busy/2", "/cut/2"];
    const replies: Reply[] = [];
    for (const target of targets) replies.push(await request(front.port, { target }));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
    expect(healthy.seen).toEqual(targets.map((target) => `GET ${target}`));
    expect(broken.seen.length).toBeGreaterThan(0);
  });

  test("a POST that reached it is never sent to the other: it answers 502 rather than risk a second write", async () => {
    const broken = brokenServer();
    const healthy = echoServer("healthy");
    const front = await startFront([await listen(broken.server), await listen(healthy.server)]);
    const sent = ["POST /pay/1", "POST /pay/2"];
    const replies: Reply[] = [];
    for (const line of sent) replies.push(await request(front.port, { method: "POST", target: line.slice(5), headers: { "Content-Type": "application/json" }, body: "{}" }));
    // Each reached one server once: the one that broke off answered 502, and nothing else was asked.
    for (const [i, reply] of replies.entries()) {
      const reachedBroken = broken.seen.includes(sent[i]);
      expect(reply.status).toBe(reachedBroken ? 502 : 200);
      expect(healthy.seen.filter((seen) => seen === sent[i])).toHaveLength(reachedBroken ? 0 : 1);
    }
    expect(replies.some((reply) => reply.status === 502)).toBe(true);
  });
});

describe("the cluster: two app servers on this worker's database behind nginx", () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let port: number;
  let output = "";
  const log = { write: (text: string) => (output += text) };

  beforeAll(async () => {
    port = await freePort();
    cluster = await startCluster({ port, appPort: await freePort(2), env: { ...process.env, JOB_WORKER: "off" }, stdout: log, stderr: log });
    stops.push(cluster.stop);
  }, 120_000);

  test("a form posted through nginx on a port of its own passes the cross-site check; one from another site does not", async () => {
    const { cookie } = await signIn("user");
    const signOut = (origin: string) =>
      request(port, { method: "POST", target: "/logout", headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, body: "" });
    expect((await signOut("http://evil.example")).status).toBe(403);
    const signedOut = await signOut(`http://127.0.0.1:${port}`);
    expect(signedOut.status).toBe(302);
    expect(header(signedOut, "location")).toBe("/");
    const after = await request(port, { target: "/user-dashboard", headers: { Cookie: cookie } });
    expect(after.status).toBe(302);
    expect(header(after, "location")).toBe("/login?redirectTo=%2Fuser-dashboard");
  });

  test(
    "restarting an app server under a stream of reads and writes: every read answered, every acknowledged write kept, none made twice",
    { timeout: 120_000 },
    async () => {
      const { token } = await signIn("admin");
      const run = randomBytes(4).toString("hex");
      type Phase = "before" | "restarting" | "after";
      let phase = "before" as Phase;
      let streaming = true;
      let count = 0;
      const reads: { status: number; server?: string; phase: Phase }[] = [];
      const writes: { question: string; status: number; server?: string; phase: Phase }[] = [];

      // Four clients, each reading a page and then adding an FAQ, again and again.
      async function client() {
        while (streaming) {
          const read = await request(port, { target: "/faq" });
          reads.push({ status: read.status, server: header(read, "x-served-by"), phase });
          const question = `Drill ${run} question ${(count += 1)}?`;
          const write = await request(port, {
            method: "POST",
            target: "/api/admin/faq/create",
            headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
            body: JSON.stringify({ type: "general", question, answer: "Answered in the drill.", is_active: false }),
          });
          writes.push({ question, status: write.status, server: header(write, "x-served-by"), phase });
        }
      }
      const clients = Array.from({ length: 4 }, client);
      try {
        await expect.poll(() => writes.filter((write) => write.server === "app-2").length, { timeout: 30_000 }).toBeGreaterThan(3);
        phase = "restarting";
        await cluster.restart("app-2");
        phase = "after";
        // nginx leaves a server that failed out for fail_timeout (5 s), then sends it requests again.
        await expect.poll(() => writes.filter((write) => write.phase === "after" && write.server === "app-2").length, { timeout: 30_000 }).toBeGreaterThan(3);
      } finally {
        streaming = false;
        await Promise.all(clients);
      }

      expect(output).toContain("[app-2] SIGTERM: finishing the requests under way, then stopping");
      expect(output).toContain("[cluster] app-2 is back");
      expect(reads.filter((read) => read.status !== 200)).toEqual([]);
      expect(writes.filter((write) => write.status !== 201)).toEqual([]);
      // app-1 carried the stream while app-2 was away.
      expect(new Set(reads.filter((read) => read.phase === "restarting").map((read) => read.server))).toContain("app-1");

      const rows = await prisma.faq.findMany({ where: { question: { startsWith: `Drill ${run} ` } }, select: { question: true } });
      const times = new Map<string, number>();
      for (const { question } of rows) times.set(question, (times.get(question) ?? 0) + 1);
      expect([...times].filter(([, made]) => made > 1)).toEqual([]);
      expect(writes.filter((write) => write.status === 201 && !times.has(write.question))).toEqual([]);
      expect(rows.length).toBe(writes.filter((write) => write.status === 201).length);
    },
  );

  test("a client's own X-Forwarded-For is only a claim: the app servers read the hop nginx appends", async () => {
    const blocked = "198.51.100.7";
    const signInAttempt = (target: number, headers: Record<string, string> = {}) =>
      request(target, {
        method: "POST",
        target: "/api/auth/login",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ email: `nobody.${randomBytes(4).toString("hex")}@test.example`, password: "Wrong-1" }),
      });
    // The address has used up its wrong passwords (20 per 15 minutes): its next attempt is a 429 on any app server.
    for (let i = 0; i < 20; i += 1) await signInAttempts.recordFailure({ address: blocked });
    const [app1] = cluster.apps;
    // An app server (TRUST_PROXY=1) believes the last hop, the one nginx writes; earlier hops are the client's claims.
    expect((await signInAttempt(app1.port, { "X-Forwarded-For": blocked })).status).toBe(429);
    expect((await signInAttempt(app1.port, { "X-Forwarded-For": `${blocked}, 203.0.113.2` })).status).toBe(401);
    // Through nginx, claiming the blocked address does not block this client (127.0.0.1) ...
    expect((await signInAttempt(port, { "X-Forwarded-For": blocked })).status).toBe(401);
    // ... and once this client has used up its own attempts, claiming another address does not free it.
    for (let i = 0; i < 20; i += 1) await signInAttempts.recordFailure({ address: "127.0.0.1" });
    expect((await signInAttempt(port, { "X-Forwarded-For": "203.0.113.77" })).status).toBe(429);
    // Without TRUST_PROXY (this process), X-Forwarded-For is ignored: the client is the socket's address.
    const direct = await send("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": blocked },
      body: JSON.stringify({ email: "nobody@test.example", password: "Wrong-1" }),
      clientAddress: "192.0.2.10",
    });
    expect(direct.status).toBe(401);
  });
});
