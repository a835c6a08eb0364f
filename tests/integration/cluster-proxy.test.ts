import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { signInAttempts } from "#app/lib/rate-limit.server.ts";

/**
 * The proxy of the local cluster (server/proxy.mjs, started by scripts/cluster.mjs) in a process of its own, in
 * front of stand-in app servers in this process, and then in front of the real production server. Requests go
 * over raw sockets: nothing rewrites the headers on the way, and the tests' request mocks are not involved.
 */

const proxyModule = pathToFileURL(path.resolve("server/proxy.mjs")).href;
const children: ChildProcess[] = [];
const servers: http.Server[] = [];

afterAll(async () => {
  for (const child of children) child.kill();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

function listen(server: http.Server) {
  servers.push(server);
  return new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));
}

function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A child process; resolves with it once its output matches `ready` (rejects if it exits first). */
function startProcess(args: string[], env: Record<string, string | undefined>, ready: RegExp) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  return new Promise<{ child: ChildProcess; output: () => string; match: RegExpMatchArray }>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) resolve({ child, output: () => output, match });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/** The proxy in its own process, on a free port, in front of `upstreams`. */
async function startProxy(upstreams: number[], { compress = true } = {}) {
  const script = `
    import { createProxy } from ${JSON.stringify(proxyModule)};
    const proxy = createProxy({ upstreams: JSON.parse(process.env.UPSTREAMS), compress: ${compress} });
    proxy.listen(0, "127.0.0.1", () => console.log("proxy on " + proxy.address().port));`;
  const upstreamList = JSON.stringify(upstreams.map((port) => ({ host: "127.0.0.1", port })));
  const started = await startProcess(["--input-type=module", "-e", script], { UPSTREAMS: upstreamList }, /proxy on (\d+)/);
  return { port: Number(started.match[1]), output: started.output };
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
function parse(data: Buffer, { head = false } = {}): Reply | null {
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
  if (head || status === 204 || status === 304) return { status, headers, body: Buffer.alloc(0), complete: true };
  if (headers["transfer-encoding"]?.[0] === "chunked") return { status, headers, ...dechunk(rest) };
  const length = headers["content-length"] ? Number(headers["content-length"][0]) : undefined;
  return { status, headers, body: length === undefined ? rest : rest.subarray(0, length), complete: length !== undefined && rest.length >= length };
}

/**
 * One request over a raw socket (Connection: close): `reply` is the whole response; `early` resolves while the
 * response is still coming, with what has arrived, as soon as `until` says yes.
 */
function exchange(
  port: number,
  { method = "GET", target = "/", headers = {} as Record<string, string>, body = undefined as Buffer | string | undefined, until = undefined as ((reply: Reply) => boolean) | undefined },
) {
  const socket = net.connect(port, "127.0.0.1");
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${headers.Host ?? `127.0.0.1:${port}`}`, "Connection: close"];
  for (const [name, value] of Object.entries(headers)) if (name !== "Host") lines.push(`${name}: ${value}`);
  if (body !== undefined && !headers["Transfer-Encoding"]) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  if (body !== undefined) socket.write(body);
  let received = Buffer.alloc(0);
  let early: (reply: Reply) => void = () => undefined;
  const earlyReply = new Promise<Reply>((resolve) => (early = resolve));
  const reply = new Promise<Reply>((resolve, reject) => {
    socket.on("data", (data) => {
      received = Buffer.concat([received, data]);
      const sofar = until && parse(received, { head: method === "HEAD" });
      if (sofar && until(sofar)) early(sofar);
    });
    socket.on("end", () => {
      const whole = parse(received, { head: method === "HEAD" });
      if (whole) resolve(whole);
      else reject(new Error(`no response: ${received.toString("latin1")}`));
    });
    // A server that answers before reading the whole body may reset the connection while the body is still going.
    socket.on("error", (error) => {
      const sofar = parse(received, { head: method === "HEAD" });
      if (sofar?.complete) resolve(sofar);
      else reject(error);
    });
  });
  return { socket, reply, early: earlyReply };
}

const request = (port: number, options: Parameters<typeof exchange>[1] = {}) => exchange(port, options).reply;

/** A stand-in app server: answers with what it received, as JSON, under its own name. */
function echoServer(name: string) {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      res.writeHead(200, { "Content-Type": "application/json", "X-Served-By": name });
      res.end(JSON.stringify({ name, method: req.method, url: req.url, headers: req.headers, bodyLength: body.length, bodySha: createHash("sha256").update(body).digest("hex") }));
    });
  });
}

type Echo = { name: string; method: string; url: string; headers: Record<string, string>; bodyLength: number; bodySha: string };

describe("the cluster's proxy", () => {
  let proxy: number;
  let deadProxy: number;

  beforeAll(async () => {
    const first = await listen(echoServer("first"));
    const second = await listen(echoServer("second"));
    proxy = (await startProxy([first, second])).port;
    deadProxy = (await startProxy([first, await freePort()])).port;
  });

  test("sends each request to the next app server in turn, whatever the cookies say (no sticky sessions)", async () => {
    const names: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const reply = await request(proxy, { headers: { Cookie: "mm_session=the-same-session" } });
      names.push(header(reply, "x-served-by")!);
    }
    expect(new Set(names)).toEqual(new Set(["first", "second"]));
    expect(names.every((name, i) => i === 0 || name !== names[i - 1])).toBe(true);
  });

  test("passes method, path, headers and body on; adds X-Forwarded-For/-Proto/-Host; drops hop-by-hop headers", async () => {
    const body = "email=someone%40example.com&password=secret";
    const reply = await request(proxy, {
      method: "POST",
      target: "/login?redirectTo=%2Fadmin%2Fdashboard",
      headers: {
        Host: "mentors.example",
        Origin: "https://mentors.example",
        Cookie: "mm_session=abc; mm_toast=def",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": "203.0.113.9",
        "X-Forwarded-Host": "evil.example",
        "X-Request-Id": "r-1",
        Connection: "close, X-Private-Hop",
        "X-Private-Hop": "1",
        "Keep-Alive": "timeout=5",
        "Proxy-Authorization": "Basic c2VjcmV0",
        TE: "trailers",
      },
      body,
    });
    expect(reply.status).toBe(200);
    const seen = JSON.parse(reply.body.toString()) as Echo;
    expect(seen).toMatchObject({ method: "POST", url: "/login?redirectTo=%2Fadmin%2Fdashboard", bodyLength: body.length, bodySha: createHash("sha256").update(body).digest("hex") });
    expect(seen.headers).toMatchObject({
      host: "mentors.example",
      origin: "https://mentors.example",
      cookie: "mm_session=abc; mm_toast=def",
      "content-type": "application/x-www-form-urlencoded",
      "x-request-id": "r-1",
      // The client's claim stays first; the address the proxy saw is the last hop, the one a trusting app reads.
      "x-forwarded-for": "203.0.113.9, 127.0.0.1",
      "x-forwarded-proto": "http",
      // The host the client addressed, never a claim of its own.
      "x-forwarded-host": "mentors.example",
    });
    for (const name of ["x-private-hop", "keep-alive", "proxy-authorization", "te"]) expect(seen.headers).not.toHaveProperty(name);
  });

  test("a client with no X-Forwarded-For of its own is the only hop", async () => {
    const seen = JSON.parse((await request(proxy)).body.toString()) as Echo;
    expect(seen.headers["x-forwarded-for"]).toBe("127.0.0.1");
  });

  test("a chunked upload arrives whole", async () => {
    const payload = randomBytes(300 * 1024);
    let chunked = "";
    for (let at = 0; at < payload.length; at += 64 * 1024) {
      const piece = payload.subarray(at, at + 64 * 1024);
      chunked += `${piece.length.toString(16)}\r\n${piece.toString("latin1")}\r\n`;
    }
    chunked += "0\r\n\r\n";
    const reply = await request(proxy, {
      method: "PUT",
      target: "/upload",
      headers: { "Content-Type": "application/octet-stream", "Transfer-Encoding": "chunked" },
      body: Buffer.from(chunked, "latin1"),
    });
    const seen = JSON.parse(reply.body.toString()) as Echo;
    expect(seen.bodyLength).toBe(payload.length);
    expect(seen.bodySha).toBe(createHash("sha256").update(payload).digest("hex"));
    // Read whole first, it goes on with its length.
    expect(seen.headers["content-length"]).toBe(String(payload.length));
    expect(seen.headers).not.toHaveProperty("transfer-encoding");
  });

  test("answers 502 when the app server whose turn it is does not answer, and goes on with the next", async () => {
    const statuses: number[] = [];
    const bodies: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const reply = await request(deadProxy);
      statuses.push(reply.status);
      bodies.push(reply.body.toString());
    }
    expect(statuses.filter((status) => status === 502)).toHaveLength(2);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(bodies.find((_, i) => statuses[i] === 502)).toContain("Bad Gateway");
  });
});

describe("responses through the proxy", () => {
  const page = `<!DOCTYPE html><html><body>${"<p>Mentoring for ministry leaders.</p>".repeat(400)}</body></html>`;
  let proxy: number;
  let plainProxy: number;
  let release: () => void = () => undefined;
  let upstreamSawClose = false;
  let upstreamRequests = 0;

  beforeAll(async () => {
    const upstream = await listen(
      http.createServer((req, res) => {
        upstreamRequests += 1;
        const url = new URL(req.url!, "http://upstream");
        const type = url.searchParams.get("type") ?? "text/html; charset=utf-8";
        const extra = JSON.parse(url.searchParams.get("headers") ?? "{}") as Record<string, string>;
        switch (url.pathname) {
          case "/page":
            // A small body says its length; a page of unknown length is compressed (as nginx's gzip_min_length does).
            if (url.searchParams.get("small")) extra["Content-Length"] = "11";
            res.writeHead(Number(url.searchParams.get("status") ?? 200), { "Content-Type": type, ETag: '"v1"', ...extra });
            return res.end(url.searchParams.get("small") ? "<p>tiny</p>" : page);
          case "/hop":
            res.setHeader("Set-Cookie", ["a=1; Path=/", "b=2; Path=/"]);
            res.writeHead(201, { "Content-Type": "text/plain", Connection: "X-Upstream-Hop", "X-Upstream-Hop": "1", "Keep-Alive": "timeout=5" });
            return res.end("made");
          case "/stream":
            // The first part at once, the rest only when the test says so.
            res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
            res.write(`<p>first part</p>${"<!-- padding -->".repeat(100)}`);
            release = () => res.end("<p>second part</p>");
            return;
          case "/refuse":
            // As the app's edge does with a body over its limit: answer at once, read nothing, close.
            res.writeHead(413, { "Content-Type": "text/plain", "Content-Length": "9", Connection: "close" });
            return res.end("too large");
          case "/hang":
            req.socket.once("close", () => (upstreamSawClose = true));
            return;
          default:
            res.writeHead(404).end();
        }
      }),
    );
    proxy = (await startProxy([upstream])).port;
    plainProxy = (await startProxy([upstream], { compress: false })).port;
  });

  test.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip;q=0.8", "gzip"],
    ["*", "br"],
  ])("text is compressed for Accept-Encoding %j as %s, and says so", async (accept, coding) => {
    const reply = await request(proxy, { target: "/page", headers: { "Accept-Encoding": accept } });
    expect(reply.status).toBe(200);
    expect(header(reply, "content-encoding")).toBe(coding);
    expect(header(reply, "vary")).toBe("Accept-Encoding");
    expect(header(reply, "content-length")).toBeUndefined();
    expect(header(reply, "etag")).toBe('W/"v1"');
    const text = (coding === "br" ? zlib.brotliDecompressSync(reply.body) : zlib.gunzipSync(reply.body)).toString();
    expect(text).toBe(page);
    expect(reply.body.length).toBeLessThan(page.length / 5);
  });

  test("without Accept-Encoding (or with compression off) text goes as it is", async () => {
    for (const [port, vary] of [[proxy, "Accept-Encoding"], [plainProxy, undefined]] as const) {
      const reply = await request(port, { target: "/page", headers: port === plainProxy ? { "Accept-Encoding": "br, gzip" } : {} });
      expect(header(reply, "content-encoding")).toBeUndefined();
      expect(header(reply, "vary")).toBe(vary);
      expect(reply.body.toString()).toBe(page);
      expect(header(reply, "etag")).toBe('"v1"');
    }
  });

  test.each([
    ["a picture", "?type=image%2Fpng"],
    ["a PDF download", "?type=application%2Fpdf"],
    ["server-sent events", "?type=text%2Fevent-stream"],
    ["a body the app encoded itself", `?headers=${encodeURIComponent(JSON.stringify({ "Content-Encoding": "gzip" }))}`],
    ["a response marked no-transform", `?headers=${encodeURIComponent(JSON.stringify({ "Cache-Control": "no-transform" }))}`],
    ["a body of less than 1 KB", "?small=1"],
  ])("%s is passed on untouched", async (_, query) => {
    const reply = await request(proxy, { target: `/page${query}`, headers: { "Accept-Encoding": "gzip, br" } });
    expect(reply.status).toBe(200);
    expect(header(reply, "content-encoding") ?? "none").toBe(query.includes("Content-Encoding") ? "gzip" : "none");
    expect(reply.body.toString()).toBe(query === "?small=1" ? "<p>tiny</p>" : page);
  });

  test("HEAD and 304 have no body, compressed or not", async () => {
    const head = await request(proxy, { method: "HEAD", target: "/page", headers: { "Accept-Encoding": "gzip" } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const notModified = await request(proxy, { target: "/page?status=304", headers: { "Accept-Encoding": "gzip" } });
    expect(notModified.status).toBe(304);
    expect(header(notModified, "content-encoding")).toBeUndefined();
  });

  test("status, every Set-Cookie and the app's own headers come back; its hop-by-hop headers do not", async () => {
    const reply = await request(proxy, { target: "/hop" });
    expect(reply.status).toBe(201);
    expect(reply.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(header(reply, "x-upstream-hop")).toBeUndefined();
    expect(header(reply, "keep-alive")).toBeUndefined();
    expect(reply.body.toString()).toBe("made");
  });

  test("a streamed page reaches the browser part by part, compressed", async () => {
    const gunzipped = (reply: Reply) => zlib.gunzipSync(reply.body, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString();
    const stream = exchange(proxy, {
      target: "/stream",
      headers: { "Accept-Encoding": "gzip" },
      until: (sofar) => sofar.body.length > 0 && gunzipped(sofar).includes("first part"),
    });
    // The first part arrives, decodable, while the app server still holds the second.
    const early = await stream.early;
    expect(header(early, "content-encoding")).toBe("gzip");
    expect(gunzipped(early)).not.toContain("second part");
    release();
    const whole = await stream.reply;
    expect(whole.complete).toBe(true);
    expect(zlib.gunzipSync(whole.body).toString()).toMatch(/^<p>first part<\/p>.*<p>second part<\/p>$/);
  });

  test("an app server that refuses a body unread (413) and closes the connection is still heard", async () => {
    // (A body of many megabytes may still be cut off by the app server's close before its answer is read: the proxy
    // refuses what no route takes, and the app reads whatever it accepts.)
    for (const size of [256 * 1024, 1024 * 1024]) {
      const reply = await request(proxy, { method: "POST", target: "/refuse", headers: { "Content-Type": "application/json" }, body: Buffer.alloc(size, 97) });
      expect(reply.status).toBe(413);
      expect(reply.body.toString()).toBe("too large");
    }
  });

  test("a body declared larger than any route takes (11 MB) is refused by the proxy itself, unread", async () => {
    const before = upstreamRequests;
    const { socket, early } = exchange(proxy, {
      method: "POST",
      target: "/page",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(11 * 1024 * 1024 + 1) },
      until: (sofar) => sofar.complete,
    });
    const reply = await early;
    socket.destroy();
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body.toString())).toEqual({ message: "The request is too large (at most 11264 KB)." });
    expect(upstreamRequests).toBe(before);
  });

  test("when the client goes away, the request to the app server is dropped too", async () => {
    const { socket } = exchange(proxy, { target: "/hang" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await expect.poll(() => upstreamSawClose, { timeout: 5_000 }).toBe(true);
  });
});

describe("the real app servers behind the proxy", () => {
  const blocked = "198.51.100.7";
  let trusting: number;
  let untrusting: number;
  let proxy: number;

  const signInAttempt = (port: number, headers: Record<string, string> = {}) =>
    request(port, {
      method: "POST",
      target: "/api/auth/login",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ email: `nobody.${randomBytes(4).toString("hex")}@test.example`, password: "Wrong-1" }),
    });

  beforeAll(async () => {
    // The address has used up its wrong passwords (20 per 15 minutes): its next attempt is a 429 on any app server.
    for (let i = 0; i < 20; i += 1) await signInAttempts.recordFailure({ address: blocked });
    const production = { NODE_ENV: "production", HOST: "127.0.0.1", SESSION_SECRET: "cluster-test-secret" };
    [trusting, untrusting] = await Promise.all([freePort(), freePort()]);
    await Promise.all([
      startProcess(["server/index.mjs"], { ...production, PORT: String(trusting), TRUST_PROXY: "1", APP_SERVER_ID: "app-7" }, /http:\/\//),
      startProcess(["server/index.mjs"], { ...production, PORT: String(untrusting), TRUST_PROXY: undefined, APP_SERVER_ID: undefined }, /http:\/\//),
    ]);
    proxy = (await startProxy([trusting])).port;
  });

  test("APP_SERVER_ID names the server in X-Served-By; without it there is no such header", async () => {
    expect(header(await request(trusting, { target: "/login" }), "x-served-by")).toBe("app-7");
    expect(header(await request(proxy, { target: "/login" }), "x-served-by")).toBe("app-7");
    expect(header(await request(untrusting, { target: "/login" }), "x-served-by")).toBeUndefined();
  });

  test("TRUST_PROXY=1: the client is the last X-Forwarded-For hop, the one the proxy wrote", async () => {
    // Behind the proxy, only the proxy talks to the app server: the hop it appends is the client.
    expect((await signInAttempt(trusting, { "X-Forwarded-For": blocked })).status).toBe(429);
    expect((await signInAttempt(trusting, { "X-Forwarded-For": `203.0.113.1, ${blocked}` })).status).toBe(429);
    // Earlier hops are whatever the client claimed.
    expect((await signInAttempt(trusting, { "X-Forwarded-For": `${blocked}, 203.0.113.2` })).status).toBe(401);
  });

  test("without TRUST_PROXY, X-Forwarded-For is ignored: the client is the socket's address", async () => {
    expect((await signInAttempt(untrusting, { "X-Forwarded-For": blocked })).status).toBe(401);
  });

  test("through the proxy, a client's own X-Forwarded-For is only a claim", async () => {
    // Claiming to be the blocked address does not block this client (127.0.0.1) ...
    expect((await signInAttempt(proxy, { "X-Forwarded-For": blocked })).status).toBe(401);
    // ... and once this client has used up its own attempts, claiming another address does not free it.
    for (let i = 0; i < 20; i += 1) await signInAttempts.recordFailure({ address: "127.0.0.1" });
    expect((await signInAttempt(proxy, { "X-Forwarded-For": "203.0.113.77" })).status).toBe(429);
    expect((await signInAttempt(proxy, { "X-Forwarded-For": "203.0.113.77, 203.0.113.78" })).status).toBe(429);
  });

  test("pages come through the proxy compressed, with the app's security headers", async () => {
    const reply = await request(proxy, { target: "/login", headers: { "Accept-Encoding": "br" } });
    expect(reply.status).toBe(200);
    expect(header(reply, "content-encoding")).toBe("br");
    expect(header(reply, "content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(zlib.brotliDecompressSync(reply.body).toString()).toContain("<form");
  });
});
