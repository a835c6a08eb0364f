import { useEffect, useMemo, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { rememberKeptTimeZones } from "#app/lib/client-hints.ts";
import { sameClock, zoneTitle } from "#app/lib/time-zone-names.ts";
import { isKnownTimeZone } from "#app/lib/time-zones.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { useHintedTimeZone, useKeptTimeZones } from "./time-zone-hint.ts";

/**
 * The zone the device is set to: the one its hint cookie reported (so the server draws what the browser will), then,
 * once the page runs, the browser's own; null while neither is known.
 */
export function useDeviceTimeZone() {
  const hinted = useHintedTimeZone();
  const [zone, setZone] = useState<string | null>(hinted);
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null), []);
  return zone;
}

/** Where focus goes once the notice is gone: the dialog it sat in, or the screen's main content. */
const focusAfter = (inDialog: boolean) => (inDialog ? document.querySelector<HTMLElement>('[role="dialog"]') : document.getElementById("main"));

/**
 * The quiet notice a device in another time zone than the account's gets (both dashboards, the booking dialog):
 * "Use Central Time (America/Chicago)" saves the device's zone (Settings' `time-zone` intent, back to this page with a
 * toast); "Keep Eastern Time (America/New_York)" hides it on this device until either zone changes. The server draws it
 * from the browser's hint cookie, so nothing on the page moves once it runs; on a browser's first page (no cookie yet)
 * it appears as the page starts running, and without JavaScript never (the browser's zone is unknown).
 */
export function TimeZoneNotice({ accountZone, settingsHref, movesHours = false }: { accountZone: string; settingsHref: string; movesHours?: boolean }) {
  const device = useDeviceTimeZone();
  const location = useLocation();
  const remembered = useKeptTimeZones();
  const [kept, setKept] = useState(remembered);
  const saving = useIsPending({ formAction: settingsHref, intent: "time-zone" });
  const boxRef = useRef<HTMLDivElement>(null);
  const leaving = useRef<{ inDialog: boolean } | null>(null);

  const pair = `${accountZone} ${device}`;
  // A zone the browser knows and this page's runtime does not could not be saved: no notice for it.
  const differs = useMemo(() => Boolean(device) && isKnownTimeZone(device!) && !sameClock(device!, accountZone), [device, accountZone]);
  const shown = differs && kept !== pair;

  // Saved (the page came back with the new zone) or kept: the notice goes, and focus moves on rather than to the body.
  useEffect(() => {
    if (shown || !leaving.current) return;
    focusAfter(leaving.current.inDialog)?.focus();
    leaving.current = null;
  }, [shown]);

  // Settings' own time zone field offers the device's zone there.
  if (!shown || !device || location.pathname === settingsHref) return null;
  const leave = () => (leaving.current = { inDialog: Boolean(boxRef.current?.closest('[role="dialog"]')) });
  const keep = () => {
    leave();
    rememberKeptTimeZones(pair);
    setKept(pair);
  };

  return (
    <div ref={boxRef} role="region" aria-label="Time zone" className="mb-4 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-slate-800">
      <p>
        Your device is set to <strong className="font-semibold">{zoneTitle(device)}</strong>, but your account uses{" "}
        <strong className="font-semibold">{zoneTitle(accountZone)}</strong>.
        {movesHours ? ` Your weekly hours are kept in your account's zone: switching moves them to ${zoneTitle(device)}.` : null}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Form method="post" action={settingsHref} preventScrollReset onSubmit={leave}>
          <input type="hidden" name="intent" value="time-zone" />
          <input type="hidden" name="timeZone" value={device} />
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <Button type="submit" size="sm" disabled={saving}>{saving ? "Saving…" : `Use ${zoneTitle(device)}`}</Button>
        </Form>
        <Button type="button" variant="secondary" size="sm" onClick={keep}>
          Keep {zoneTitle(accountZone)}
        </Button>
      </div>
    </div>
  );
}
