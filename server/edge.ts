import { randomBytes, randomUUID } from "node:crypto";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { methodNotAllowed } from "#app/lib/api.server.ts";
import { env, isProduction } from "#app/lib/env.server.ts";
import { currentUser } from "#app/lib/guards.server.ts";
import { jsonError } from "#app/lib/http.server.ts";
import { logError, logRequest } from "#app/lib/logger.server.ts";
import { countRequest, metricsResponse } from "#app/lib/metrics.server.ts";
import { readiness } from "#app/lib/readiness.server.ts";
import { matchedPattern, requestInfo } from "#app/lib/request-info.server.ts";
import { sessionCookie } from "#app/lib/session.server.ts";
import { MAX_DOCUMENT_BYTES } from "#app/modules/uploads/schema.ts";

/**
 * The edge of the product: every request passes here before React Router sees it, and every response on its
 * way out. It refuses what no route should have to think about (unknown methods, oversized or malformed
 * bodies, cross-site posts) and adds the security and caching headers, so each route stays about its screen.
 */

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
const allowed = new Set<string>(ALLOWED_METHODS);

/** Multipart bodies carry files: the largest file we accept, plus room for the form's other fields. */
const MULTIPART_LIMIT = MAX_DOCUMENT_BYTES + 1024 * 1024;

/** Sites the guide profile may embed a video introduction from; nothing else may be framed. */
export const VIDEO_FRAME_HOSTS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"];


const isApi = (url: URL) => url.pathname === "/api" || url.pathname.startsWith("/api/");
/** The API's description and reference page: the same for everyone, so caches may keep them. */
const isPublicApiDoc = (url: URL) => url.pathname === "/api/openapi.json" || url.pathname === "/api/docs";

function bodyLimitFor(contentType: string) {
  return contentType.startsWith("multipart/form-data") ? MULTIPART_LIMIT : env().BODY_LIMIT_KB * 1024;
}

class BodyTooLarge extends Error {}

/** Reads a body stream up to `limit` bytes; past it the stream is cancelled and nothing more is read. */
async function readCapped(body: ReadableStream<Uint8Array>, limit: number) {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The body as a person or program sent it, read once within its limit and checked against its declared type,
 * or the refusal to answer instead: 413 past the limit (by Content-Length before reading anything, or while
 * reading), 400 when a form or JSON body cannot be read, 400 for a screen's action posted as anything but a form
 * (JSON included: screens' actions read forms only).
 */
async function checkedBody(request: Request, url: URL): Promise<Buffer | Response> {
  const declaredType = request.headers.get("Content-Type") ?? "";
  // Matched case-insensitively; parsed as sent (a multipart boundary is case-sensitive).
  const contentType = declaredType.toLowerCase();
  const limit = bodyLimitFor(contentType);
  const tooLarge = () =>
    jsonError(413, `The request is too large (at most ${Math.floor(limit / 1024)} KB).`, { Connection: "close" });
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > limit) {
    await request.body?.cancel().catch(() => undefined);
    return tooLarge();
  }
  let body: Buffer;
  try {
    body = request.body ? await readCapped(request.body, limit) : Buffer.alloc(0);
  } catch (error) {
    if (error instanceof BodyTooLarge) return tooLarge();
    return jsonError(400, "The request body could not be read.");
  }
  if (body.byteLength === 0) return body;
  const isForm = contentType.startsWith("multipart/form-data") || contentType.startsWith("application/x-www-form-urlencoded");
  // Screens' actions read forms only; JSON and anything else is for the API.
  if (!isForm && !isApi(url)) return jsonError(400, "Forms must be sent as application/x-www-form-urlencoded or multipart/form-data.");
  if (isForm) {
    try {
      await new Response(new Uint8Array(body), { headers: { "Content-Type": declaredType } }).formData();
    } catch {
      return jsonError(400, "The form data could not be read. Please try again.");
    }
  } else if (/^application\/([\w.+-]+\+)?json/.test(contentType)) {
    try {
      JSON.parse(body.toString("utf8"));
    } catch {
      return jsonError(400, "Request body must be valid JSON");
    }
  }
  return body;
}

/** The host the person's browser addressed: the proxy's X-Forwarded-Host when we sit behind a trusted proxy. */
function requestHost(request: Request, url: URL) {
  return (env().TRUST_PROXY && request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim()) || url.host;
}

/** The origin the person's browser addressed (the proxy's X-Forwarded-Proto and -Host when we sit behind a trusted proxy). */
function requestOrigin(request: Request, url: URL) {
  const forwardedProto = env().TRUST_PROXY && request.headers.get("X-Forwarded-Proto")?.split(",")[0]?.trim().toLowerCase();
  const protocol = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : url.protocol.replace(":", "");
  const host = requestHost(request, url);
  // A host header with anything but a host name and port is not used to build links.
  return /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host) ? `${protocol}://${host}` : url.origin;
}

/**
 * A state-changing request to a screen from another site (a form on evil.example posting to /logout, say) is
 * refused. The JSON API is not cookie-authenticated, so it needs no such check.
 */
function isCrossSite(request: Request, url: URL) {
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    try {
      return new URL(origin).host !== requestHost(request, url);
    } catch {
      return true;
    }
  }
  if (origin === "null") return true;
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

function clientAddressOf(request: Request, socketAddress: string | null) {
  if (!env().TRUST_PROXY) return socketAddress;
  const hops = request.headers.get("X-Forwarded-For")?.split(",").map((hop) => hop.trim()).filter(Boolean);
  return hops?.at(-1) ?? socketAddress;
}

function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // The development server's hot reload talks over a WebSocket.
    isProduction() ? "connect-src 'self'" : "connect-src 'self' ws: wss:",
    `frame-src ${VIDEO_FRAME_HOSTS.join(" ")}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

function hasSessionCookie(request: Request) {
  return (request.headers.get("Cookie") ?? "").split(";").some((pair) => pair.trim().startsWith(`${sessionCookie.name}=`));
}

/** Security headers for every response, and no caching of anything personal. */
function secured(response: Response, request: Request, url: URL, nonce: string) {
  // Responses from fetch() or Response.redirect() have immutable headers: copy when needed.
  let out = response;
  try {
    out.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    out = new Response(response.body, response);
    out.headers.set("X-Content-Type-Options", "nosniff");
  }
  const headers = out.headers;
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (isProduction()) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  const personal =
    (isApi(url) && !isPublicApiDoc(url)) ||
    url.pathname.endsWith(".data") ||
    hasSessionCookie(request) ||
    request.headers.has("Authorization") ||
    headers.has("Set-Cookie");
  // Uploaded pictures are public and immutable, whoever asks for them.
  if (personal && !url.pathname.startsWith("/images/")) headers.set("Cache-Control", "private, no-store");
  // A public page shows its times in the zone of the visitor's hint cookie (app/lib/client-hints.ts): a cache keeps
  // one copy per cookie.
  else if (headers.get("Content-Type")?.startsWith("text/html")) headers.append("Vary", "Cookie");
  return out;
}

export type FetchHandler = (request: Request, client?: { address: string } | null) => Promise<Response>;

/** `/healthz` (the process answers) and `/readyz` (it may be sent requests: lib/readiness.server.ts), before any session. */
async function probeAnswer(pathname: string, method: string) {
  if (method !== "GET" && method !== "HEAD") return methodNotAllowed(["GET", "HEAD"]);
  const answer = pathname === "/healthz" ? { status: 200, body: { status: "ok" } } : await readinessAnswer();
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}

async function readinessAnswer() {
  const state = await readiness();
  return state.ready ? { status: 200, body: { status: "ready", migrations: state.migrations } } : { status: 503, body: { status: "unavailable", message: state.message } };
}

/** An incoming X-Request-Id is kept when it is a plain token (a proxy's id, say); anything else gets a new one. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;
const requestIdOf = (request: Request) => {
  const given = request.headers.get("X-Request-Id");
  return given && SANE_REQUEST_ID.test(given) ? given : randomUUID();
};

/**
 * The id of the route a request matched, from the path pattern the root middleware noted: React Router's own ids
 * (`routes/admin/users`), so lines and metrics group by screen whatever the URL's ids. Among routes of one pattern
 * (a layout and its index route) the deepest, which is the one that drew the page.
 */
function routeIds(routes: ServerBuild["routes"]) {
  const patternOf = (id: string): string[] => {
    const route = routes[id];
    if (!route) return [];
    return [...(route.parentId ? patternOf(route.parentId) : []), ...(route.path ? [route.path] : [])];
  };
  const depthOf = (id: string): number => (routes[id]?.parentId ? depthOf(routes[id]!.parentId!) + 1 : 0);
  const byPattern = new Map<string, string>();
  for (const id of Object.keys(routes)) {
    const pattern = `/${patternOf(id).join("/")}`.replace(/\/+/g, "/");
    const known = byPattern.get(pattern);
    if (!known || depthOf(id) > depthOf(known) || (depthOf(id) === depthOf(known) && routes[id]!.index)) byPattern.set(pattern, id);
  }
  return (pattern: string | null) => (pattern === null ? null : (byPattern.get(`/${pattern}`.replace(/\/+/g, "/")) ?? pattern));
}

/** What the edge answers itself, by the name its line and metrics carry. */
const PROBES = { "/healthz": "healthz", "/readyz": "readyz" } as const;

/**
 * Wraps the React Router build in the edge: the one handler the Node server and the integration tests call. Every
 * response carries the request's id (X-Request-Id) and is counted; each writes one log line, probes and scrapes aside.
 */
export function createEdgeHandler(build: ServerBuild, mode = process.env.NODE_ENV ?? "production"): FetchHandler {
  const handle = createRequestHandler(build, mode);
  const routeIdOf = routeIds(build.routes);
  return async (incoming, client) => {
    const started = performance.now();
    const url = new URL(incoming.url);
    const nonce = randomBytes(16).toString("base64");
    const requestId = requestIdOf(incoming);
    const context = new RouterContextProvider();
    // The edge's own refusals (a method, a body, a cross-site post) are named "edge"; a route's answer by its id.
    let route = "edge";
    const answer = async (): Promise<Response> => {
      if (!allowed.has(incoming.method)) return methodNotAllowed(ALLOWED_METHODS);
      const probe = PROBES[url.pathname as keyof typeof PROBES];
      if (probe) {
        route = probe;
        return probeAnswer(url.pathname, incoming.method);
      }
      if (url.pathname === "/metrics") {
        route = "metrics";
        // Refused: a bare 404, saying nothing of what the address is.
        return (await metricsResponse(incoming, client?.address ?? null)) ?? new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      }
      let request = incoming;
      if (incoming.method !== "GET" && incoming.method !== "HEAD") {
        if (!isApi(url) && isCrossSite(incoming, url)) return jsonError(403, "Cross-site requests are not allowed.");
        const body = await checkedBody(incoming, url);
        if (body instanceof Response) return body;
        request = new Request(incoming.url, { method: incoming.method, headers: incoming.headers, body: new Uint8Array(body), signal: incoming.signal });
      }
      context.set(requestInfo, { nonce, clientAddress: clientAddressOf(incoming, client?.address ?? null), origin: requestOrigin(incoming, url), requestId });
      try {
        return await handle(request, context);
      } catch (error) {
        logError(error, { requestId });
        return jsonError(500, "Something went wrong. Please try again.");
      } finally {
        route = routeIdOf(context.get(matchedPattern)) ?? "react-router";
      }
    };

    const response = secured(await answer(), incoming, url, nonce);
    response.headers.set("X-Request-Id", requestId);
    const durationMs = performance.now() - started;
    countRequest(route, incoming.method, response.status, durationMs);
    // Probes and scrapes are polled every few seconds: counted, never written.
    if (route !== "healthz" && route !== "readyz" && route !== "metrics") {
      logRequest({ requestId, method: incoming.method, route, status: response.status, durationMs: Math.round(durationMs * 100) / 100, personId: context.get(currentUser)?.id ?? null });
    }
    return response;
  };
}
