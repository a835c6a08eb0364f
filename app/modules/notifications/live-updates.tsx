import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** The live stream's URL (routes/events.ts). */
export const LIVE_EVENTS_URL = "/events";

/**
 * Keeps a dashboard current without a reload: listens to the person's live stream (server-sent events) and,
 * when a message or notification arrives, reloads the screen's data (unread counts, the bell, an open
 * conversation). While the tab is hidden it waits and reloads once when the person comes back. EventSource
 * reconnects by itself and resumes from the last event it saw.
 */
export function LiveUpdates() {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(LIVE_EVENTS_URL);
    let pending = false;
    let soon: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      pending = true;
      if (document.visibilityState !== "visible") return;
      // Several events at once (a burst of messages) make one reload.
      clearTimeout(soon);
      soon = setTimeout(() => {
        pending = false;
        void revalidateRef.current();
      }, 100);
    };
    const onVisible = () => {
      if (pending) refresh();
    };
    source.addEventListener("message", refresh);
    source.addEventListener("notification", refresh);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearTimeout(soon);
      source.close();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
  return null;
}
