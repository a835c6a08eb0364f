/**
 * This server process being asked to stop (SIGTERM, server/index.mjs): live streams end with a hint to reconnect, the
 * job worker claims nothing more, and readiness answers 503 so a proxy sends new requests to another server, while
 * requests already running finish.
 */
const stopping = new AbortController();

/** Aborted once the process is stopping. */
export const stopSignal = stopping.signal;

export function beginStopping() {
  stopping.abort();
}
