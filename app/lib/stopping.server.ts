import { setMaxListeners } from "node:events";

/**
 * This server process being asked to stop (SIGTERM, server/index.mjs): live streams end with a hint to reconnect, the
 * job worker claims nothing more, and readiness answers 503 so a proxy sends new requests to another server, while
 * requests already running finish.
 */
const stopping = new AbortController();
// Every open live stream listens for it (thousands on a busy server): no leak, so no warning past ten.
setMaxListeners(0, stopping.signal);

/** Aborted once the process is stopping. */
export const stopSignal = stopping.signal;

export function beginStopping() {
  stopping.abort();
}
