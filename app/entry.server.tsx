import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./lib/nonce.tsx";
import { requestInfo } from "./lib/request-info.server.ts";
import { startJobWorker } from "./lib/jobs.server.ts";
import "./jobs.server.ts";
import { queueNextFreeRefresh } from "./modules/schedule/schedule.server.ts";

export const streamTimeout = 5_000;

// `npm run dev` (react-router dev) has no server/index.mjs: the dev server polls for due jobs here, once per process
// (a flag on globalThis survives hot reloads, which evaluate modules again). Production starts it in
// server/index.mjs; never in Vitest.
const devProcess = globalThis as { jobWorkerStarted?: boolean };
if (import.meta.env.DEV && !process.env.VITEST && !devProcess.jobWorkerStarted) {
  devProcess.jobWorkerStarted = true;
  startJobWorker();
  // As server/app.ts does: the self-renewing refresh of guides' "next free" times (keyed, so queued once).
  queueNextFreeRefresh().catch((error) => console.error("schedule refresh:", error));
}

/** React Router's Node rendering, with the edge's CSP nonce on every script it writes. */
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
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
