// The production server: static files from the client build, everything else through the app's edge
// (server/edge.ts). A bare node:http listener: TLS belongs to the proxy in front of it; assets are served precompressed
// (the build writes .br/.gz) and pages are gzipped here, so a phone on a slow network gets them small even without a proxy.
/* global Headers, Response, CompressionStream, setTimeout -- Node 20 globals */
import http from "node:http";
import net from "node:net";
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import { createRequestListener } from "@remix-run/node-fetch-server";
import sirv from "sirv";

if (process.env.NODE_ENV === "production") register("./production-modules.mjs", import.meta.url);

// A page allocates thousands of objects that die with its response (React's elements and props, rows). When a young
// collection lands mid-render, V8 may decide some of those allocation sites make long-lived objects and allocate
// them in the old generation from then on ("pretenuring"): each young collection then takes twice as long (4–8 ms
// instead of 2–3, measured on the console at marketplace scale) and full collections come more often. This server's
// objects are either per request or kept for its lifetime, so the guess only costs: it is switched off. (Read at
// each collection, so setting it here, before the app is loaded, is enough.)
v8.setFlagsFromString("--no-allocation-site-pretenuring");

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const { handle, ALLOWED_METHODS, methodNotAllowed, startBackgroundWork, stopBackgroundWork } = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);

// Fingerprinted assets never change; anything else in public/ is revalidated after an hour.
const assets = sirv(path.join(buildDir, "client"), {
  etag: true,
  // The build writes .br and .gz beside each asset (scripts/precompress.mjs): sent to browsers that accept them.
  brotli: true,
  gzip: true,
  setHeaders(res, pathname) {
    res.setHeader("Cache-Control", pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    res.setHeader("X-Content-Type-Options", "nosniff");
  },
});

/**
 * Pages, JSON (the API and React Router's route manifest), the sitemap and robots.txt are gzipped for browsers that
 * accept it (assets come precompressed from the build): a page's HTML is a few tens of KB, and on a phone's connection
 * sending it whole costs more than zlib does. A response that is already encoded (or has no body) passes as it is.
 */
const compressible = /^(text\/html|text\/plain|application\/(xml|json))/;
function compressed(request, response) {
  if (!response.body || response.headers.has("Content-Encoding") || !compressible.test(response.headers.get("Content-Type") ?? "")) return response;
  if (!/\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "")) return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", "gzip");
  headers.delete("Content-Length");
  headers.append("Vary", "Accept-Encoding");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), { status: response.status, statusText: response.statusText, headers });
}

const app = createRequestListener(async (request, client) => compressed(request, await handle(request, client)));
const allowed = new Set(ALLOWED_METHODS);
// Several app servers behind one proxy (scripts/cluster.mjs) each get a name, sent back so one can see who answered.
const serverId = process.env.APP_SERVER_ID;

// Responses not begun yet: once the server is stopping, each ends its connection (Connection: close), so a proxy's
// kept-alive connection carries no further request to a server about to leave.
const unanswered = new Set();

const server = http.createServer((req, res) => {
  if (stopping) res.shouldKeepAlive = false;
  else {
    unanswered.add(res);
    res.once("close", () => unanswered.delete(res));
  }
  if (serverId) res.setHeader("X-Served-By", serverId);
  // Node accepts methods such as TRACE that a web Request cannot even represent: refuse them here.
  if (!allowed.has(req.method)) {
    const refusal = methodNotAllowed(ALLOWED_METHODS);
    res.writeHead(refusal.status, Object.fromEntries(refusal.headers));
    refusal.text().then((body) => res.end(body));
    return;
  }
  if (req.method === "GET" || req.method === "HEAD") {
    // sirv lists the build's files when the server starts and pipes each from disk with no error handler: a file gone
    // since (a build replaced under a running server) ends that response, not the process.
    res.once("pipe", (source) => source.once("error", () => res.destroy()));
    assets(req, res, () => app(req, res));
  }
  else app(req, res);
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
server.listen(port, host, () => {
  console.log(`Ministry Mentors on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
  // Each app server polls for due jobs (reminders, expiring holds); a job is claimed by one server only.
  // JOB_WORKER=off leaves that to the other servers (or to a separate process).
  if (process.env.JOB_WORKER !== "off") startBackgroundWork();
});

// Stopping (SIGTERM from an orchestrator or systemd, Ctrl-C): take no new connection, close each kept-alive one after
// its answer, answer /readyz with 503, end the live streams with a `restart` event (the browsers reconnect to another
// server), let running requests and a job this server claimed finish, and exit 0. After SHUTDOWN_GRACE_MS the connections still open are cut.
const graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);
let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing the requests under way, then stopping`);
  for (const res of unanswered) if (!res.headersSent) res.shouldKeepAlive = false;
  // Not server.close(): it would also cut the kept-alive connections that look idle at once, and a request already on
  // its way over one would be reset (at a proxy, a POST it must not send again: a 502). Each kept-alive connection
  // ends instead after its next answer, or when idle for keepAliveTimeout (5 s, longer than nginx keeps one idle).
  const closed = new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
  const grace = setTimeout(() => server.closeAllConnections(), graceMs);
  grace.unref();
  const background = Promise.race([stopBackgroundWork(), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  await Promise.all([closed, background]);
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));
