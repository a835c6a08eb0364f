import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

/** The live stream's URL (routes/events.ts). */
export const LIVE_EVENTS_URL = "/events";

/**
 * Keeps a dashboard current without a reload: listens to the person's live stream (server-sent events) and,
 * when a message or notification arrives, reloads the screen's data (unread counts, the bell, an open
 * conversation). While the tab is hidden it waits and reloads once when the person comes back, and while a
 * navigation is under way (a form's redirect) it waits for it to finish: a reload then would interrupt it, and the
 * toast its loaders had just taken from the cookie would be lost. EventSource reconnects by itself and resumes from
 * the last event it saw; a server that stops says `restart`, and the stream is opened again from that event.
 */
export function LiveUpdates() {
  const { revalidate } = useRevalidator();
  const busy = useNavigation().state !== "idle";
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const resumeRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let lastEventId = "";
    let pending = false;
    let soon: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      pending = true;
      if (document.visibilityState !== "visible") return;
      // Several events at once (a burst of messages) make one reload.
      clearTimeout(soon);
      soon = setTimeout(() => {
        // Still pending: the effect below calls `resume` once the navigation is over.
        if (busyRef.current) return;
        pending = false;
        void revalidateRef.current();
      }, 100);
    };
    // Back in view, or a navigation over: the reload that waited.
    const resume = () => {
      if (pending) refresh();
    };
    resumeRef.current = resume;
    const seen = (event: MessageEvent) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
    };
    const news = (event: MessageEvent) => {
      seen(event);
      refresh();
    };
    const open = () => {
      source = new EventSource(lastEventId ? `${LIVE_EVENTS_URL}?${new URLSearchParams({ since: lastEventId })}` : LIVE_EVENTS_URL);
      source.addEventListener("ready", seen);
      source.addEventListener("ping", seen);
      source.addEventListener("message", news);
      source.addEventListener("notification", news);
      // The server is stopping: open the stream again in a moment (through the proxy, on another server) from the last
      // event seen, rather than after the browser's own wait.
      source.addEventListener("restart", (event) => {
        source.close();
        const { reconnectMs } = JSON.parse(event.data) as { reconnectMs: number };
        reopen = setTimeout(open, reconnectMs);
      });
    };
    open();
    document.addEventListener("visibilitychange", resume);
    return () => {
      clearTimeout(soon);
      clearTimeout(reopen);
      resumeRef.current = null;
      source.close();
      document.removeEventListener("visibilitychange", resume);
    };
  }, []);
  useEffect(() => {
    if (!busy) resumeRef.current?.();
  }, [busy]);
  return null;
}
