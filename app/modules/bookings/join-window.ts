// When a confirmed session's meeting link is offered: one rule for the mentee's overview, both dashboards' Bookings and
// the guide's overview, and the sentence that says it. Zod-free and safe in the browser bundle.
import { useEffect, useState } from "react";

/** The link shows from this long before the start. */
export const JOIN_OPENS_MINUTES = 15;

/** What every screen says while the link is not offered yet. */
export const JOIN_LATER_TEXT = `The link to join appears here ${JOIN_OPENS_MINUTES} minutes before the start.`;

/** From when until when a session can be joined: 15 minutes before its start until its end (ISO instants). */
export type JoinWindow = { opensAt: string; closesAt: string };

/** Where a session stands against its window: not yet, open (the link is offered), or over. */
export type JoinPhase = "before" | "open" | "over";

export function joinWindow(startsAt: Date | string, durationMinutes: number): JoinWindow {
  const start = new Date(startsAt).getTime();
  return { opensAt: new Date(start - JOIN_OPENS_MINUTES * 60_000).toISOString(), closesAt: new Date(start + durationMinutes * 60_000).toISOString() };
}

export function joinPhase(window: JoinWindow, now: Date | number = Date.now()): JoinPhase {
  const at = new Date(now).getTime();
  return at < Date.parse(window.opensAt) ? "before" : at < Date.parse(window.closesAt) ? "open" : "over";
}

/**
 * Where the session stands now: as the server saw it when it drew the page (so the first render and hydration agree),
 * then checked again every 20 seconds, so a page left open offers the link at its time and takes it away at the end.
 */
export function useJoinPhase(window: JoinWindow | null, phaseWhenDrawn: JoinPhase) {
  const [phase, setPhase] = useState(phaseWhenDrawn);
  const opensAt = window?.opensAt;
  const closesAt = window?.closesAt;
  useEffect(() => {
    if (!opensAt || !closesAt) return;
    const check = () => setPhase(joinPhase({ opensAt, closesAt }));
    check();
    const timer = setInterval(check, 20_000);
    return () => clearInterval(timer);
  }, [opensAt, closesAt]);
  return phase;
}
