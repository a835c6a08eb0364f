// The production server: static files from the client build, everything else through the app's edge
// (server/edge.ts). A bare node:http listener: compression and TLS belong to the proxy in front of it.
import http from "node:http";
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestListener } from "@remix-run/node-fetch-server";
import sirv from "sirv";

if (process.env.NODE_ENV === "production") register("./production-modules.mjs", import.meta.url);

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const { handle, ALLOWED_METHODS, methodNotAllowed } = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);

// Fingerprinted assets never change; anything else in public/ is revalidated after an hour.
const assets = sirv(path.join(buildDir, "client"), {
  etag: true,
  gzip: false,
  setHeaders(res, pathname) {
    res.setHeader("Cache-Control", pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    res.setHeader("X-Content-Type-Options", "nosniff");
  },
});

const app = createRequestListener((request, client) => handle(request, client));
const allowed = new Set(ALLOWED_METHODS);
// Several app servers behind one proxy (scripts/cluster.mjs) each get a name, sent back so one can see who answered.
const serverId = process.env.APP_SERVER_ID;

const server = http.createServer((req, res) => {
  if (serverId) res.setHeader("X-Served-By", serverId);
  // Node accepts methods such as TRACE that a web Request cannot even represent: refuse them here.
  if (!allowed.has(req.method)) {
    const refusal = methodNotAllowed(ALLOWED_METHODS);
    res.writeHead(refusal.status, Object.fromEntries(refusal.headers));
    refusal.text().then((body) => res.end(body));
    return;
  }
  if (req.method === "GET" || req.method === "HEAD") assets(req, res, () => app(req, res));
  else app(req, res);
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
server.listen(port, host, () => console.log(`Ministry Mentors on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
