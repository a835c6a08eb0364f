import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./lib/nonce.tsx";
import { requestInfo } from "./lib/request-info.server.ts";
import { startJobWorker, startRecurringJobs } from "./lib/jobs.server.ts";
import { logError } from "./lib/logger.server.ts";
import "./jobs.server.ts";

export const streamTimeout = 5_000;

// `npm run dev` (react-router dev) has no server/index.mjs: the dev server polls for due jobs here, once per process
// (a flag on globalThis survives hot reloads, which evaluate modules again). Production starts it in
// server/index.mjs; never in Vitest.
const devProcess = globalThis as { jobWorkerStarted?: boolean };
if (import.meta.env.DEV && !process.env.VITEST && !devProcess.jobWorkerStarted) {
  devProcess.jobWorkerStarted = true;
  startJobWorker();
  // As server/app.ts does: the sweeps that re-queue themselves (keyed, so queued once).
  startRecurringJobs().catch((error) => logError(error, {}, "recurring jobs could not be queued"));
}

/**
 * An error thrown by a loader, an action or rendering (React Router then draws the error boundary): logged once,
 * with the request's id the error page shows. A request the client abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // What React Router refuses itself (no such action: 405, no route: 404) is the request's line, not an error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  logError(cause, { requestId: (context as RouterContextProvider).get(requestInfo).requestId });
};

/**
 * React Router's Node rendering, with the edge's CSP nonce on every script it writes. The page is sent whole once
 * it has rendered: every loader has answered before rendering starts (no route defers data), so streaming would
 * send nothing sooner, and collecting React's output costs less than passing each of its chunks through a Node
 * stream and a web stream.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfo);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(page);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error in the shell rejects (React Router answers with the error boundary and logs it).
          if (shellRendered) logError(error, { requestId: loadContext.get(requestInfo).requestId });
        },
      },
    );
  });
}
