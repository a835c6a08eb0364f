// The proxy in front of several app servers (scripts/cluster.mjs): each request goes to the next app server in
// turn (round robin, no sticky sessions), its body read whole first and the answer streamed back. It says who the
// client is (X-Forwarded-For, -Proto, -Host), drops the headers that belong to one connection, compresses text
// (brotli or gzip, as the client accepts) and answers 502 when an app server does not. A real deployment may put
// nginx or a load balancer here instead.
import { Buffer } from "node:buffer";
import http from "node:http";
import { pipeline } from "node:stream";
import zlib from "node:zlib";

// Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection and are never passed on, nor any header that
// the Connection header names.
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade"];

function endToEnd(headers) {
  const named = String(headers.connection ?? "").toLowerCase().split(",").map((name) => name.trim());
  const drop = new Set([...HOP_BY_HOP, ...named]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name)));
}

/** The address the client connected from, as nginx's $remote_addr has it (no IPv4-mapped IPv6 prefix). */
const clientAddress = (socket) => (socket.remoteAddress ?? "").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");

// Text worth compressing. Pictures, PDFs and other downloads are compressed already (or not ours to touch),
// and server-sent events must reach the browser event by event.
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json|[\w.-]+\+(json|xml))|image\/svg\+xml)/i;
const MIN_COMPRESS_BYTES = 1024;
// The largest body any route takes: a 10 MB file and 1 MB of form (server/edge.ts), as nginx's client_max_body_size.
const MAX_BODY_BYTES = 11 * 1024 * 1024;

function compressible(request, answer) {
  const headers = answer.headers;
  const length = headers["content-length"];
  return (
    request.method !== "HEAD" &&
    answer.statusCode >= 200 && answer.statusCode !== 204 && answer.statusCode !== 304 &&
    (!headers["content-encoding"] || headers["content-encoding"] === "identity") &&
    COMPRESSIBLE.test(headers["content-type"] ?? "") &&
    !/\bno-transform\b/i.test(headers["cache-control"] ?? "") &&
    (length === undefined || Number(length) >= MIN_COMPRESS_BYTES)
  );
}

/** br or gzip, whichever the client's Accept-Encoding allows (br first), or null. */
export function negotiateEncoding(acceptEncoding = "") {
  const weights = new Map();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [coding, ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    if (coding) weights.set(coding, q ? Number(q.slice(2)) : 1);
  }
  return ["br", "gzip"].find((coding) => (weights.get(coding) ?? weights.get("*") ?? 0) > 0) ?? null;
}

// Every chunk is flushed as it comes, so a streamed page (React's Suspense boundaries) still arrives piece by piece.
const compressors = {
  br: () =>
    zlib.createBrotliCompress({
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    }),
  gzip: () => zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH }),
};

/** The app server's answer, passed on to the client (compressed when it is text the client can take compressed). */
function relay(request, response, answer, compress) {
  const headers = endToEnd(answer.headers);
  const eligible = compress && compressible(request, answer);
  // Whether or not this client takes it compressed, a cache must keep the variants apart.
  if (eligible) headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
  const encoding = eligible ? negotiateEncoding(request.headers["accept-encoding"]) : null;
  if (!encoding) {
    response.writeHead(answer.statusCode, answer.statusMessage, headers);
    pipeline(answer, response, () => undefined);
    return;
  }
  delete headers["content-length"];
  headers["content-encoding"] = encoding;
  // The compressed body is another sequence of bytes: a strong validator would now lie.
  if (typeof headers.etag === "string" && !headers.etag.startsWith("W/")) headers.etag = `W/${headers.etag}`;
  response.writeHead(answer.statusCode, answer.statusMessage, headers);
  pipeline(answer, compressors[encoding](), response, () => undefined);
}

function tooLarge(response, limit) {
  response.writeHead(413, { "Content-Type": "application/json", "Cache-Control": "no-store", Connection: "close" });
  response.end(JSON.stringify({ message: `The request is too large (at most ${Math.floor(limit / 1024)} KB).` }));
}

function badGateway(response) {
  response.writeHead(502, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
  response.end("502 Bad Gateway: the app server did not answer.\n");
}

/**
 * The request's body, read whole before the app server is asked (as nginx does by default): an app server that
 * refuses a body before reading it (413) closes the connection, and a proxy still sending would lose its answer
 * and could only report a 502. Resolves with null past `limit`, and with undefined when the client goes away.
 */
function readBody(request, limit) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off("data", onData);
      request.pause();
      resolve(null);
    };
    request.on("data", onData);
    request.on("end", () => resolve(Buffer.concat(chunks, size)));
    request.on("close", () => resolve(undefined));
  });
}

/**
 * An http.Server that sends each request to the next of `upstreams` ({ host, port }) in turn. Request bodies
 * are read whole first, at most `maxBodyBytes` (more is a 413); responses stream. `compress` (default true)
 * compresses text responses; `log` receives one line per failed upstream request.
 */
export function createProxy({ upstreams, compress = true, maxBodyBytes = MAX_BODY_BYTES, log = (line) => console.error(line) }) {
  if (!upstreams.length) throw new Error("The proxy needs at least one app server.");
  const agent = new http.Agent({ keepAlive: true });
  let turn = 0;

  function forward(request, response, upstream, body, retried = false) {
    const headers = endToEnd(request.headers);
    const previous = request.headers["x-forwarded-for"];
    // Appended, never replaced: the app (TRUST_PROXY=1) believes only the last hop, the one written here.
    headers["x-forwarded-for"] = previous ? `${previous}, ${clientAddress(request.socket)}` : clientAddress(request.socket);
    headers["x-forwarded-proto"] = request.socket.encrypted ? "https" : "http";
    if (request.headers.host) headers["x-forwarded-host"] = request.headers.host;
    else delete headers["x-forwarded-host"];
    // The body goes in one piece with its length (Transfer-Encoding is hop-by-hop); Node has already answered
    // any Expect: 100-continue.
    if (body.length || request.headers["content-length"] || request.headers["transfer-encoding"]) headers["content-length"] = String(body.length);
    delete headers.expect;

    // A retry takes a connection of its own: another kept-alive one may have been closed at the same moment.
    const outgoing = http.request({ host: upstream.host, port: upstream.port, method: request.method, path: request.url, headers, agent: retried ? false : agent });
    outgoing.on("response", (answer) => relay(request, response, answer, compress));
    outgoing.on("error", (error) => {
      // Once the answer has begun, it is relayed as far as it goes.
      if (response.headersSent) return;
      // A kept-alive connection the app server closed meanwhile: a GET or HEAD is safe to send again.
      const safe = request.method === "GET" || request.method === "HEAD";
      if (!retried && safe && outgoing.reusedSocket && error.code === "ECONNRESET") {
        forward(request, response, upstream, body, true);
        return;
      }
      log(`proxy: ${request.method} ${request.url} → ${upstream.host}:${upstream.port} failed: ${error.code ?? error.message}`);
      badGateway(response);
    });
    // The client went away: stop the app server's work on its behalf.
    response.on("close", () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    outgoing.end(body);
  }

  const server = http.createServer(async (request, response) => {
    // Refused before a byte of it is read; a body without a declared length is refused once it passes the limit.
    if (Number(request.headers["content-length"] ?? 0) > maxBodyBytes) return tooLarge(response, maxBodyBytes);
    const body = await readBody(request, maxBodyBytes);
    if (body === undefined) return;
    if (body === null) return tooLarge(response, maxBodyBytes);
    const upstream = upstreams[turn];
    turn = (turn + 1) % upstreams.length;
    forward(request, response, upstream, body);
  });
  server.on("close", () => agent.destroy());
  return server;
}
