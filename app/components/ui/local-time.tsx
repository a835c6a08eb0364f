import { useRouteLoaderData } from "react-router";
import { formatMoment, type MomentFormat } from "#app/lib/format.ts";
import type { loader as rootLoader } from "#app/root.tsx";

/**
 * The zone the page shows times in, as the root loader chose it: the signed-in person's saved zone, else the zone the
 * visitor's browser reports (lib/client-hints.ts), else UTC. The same on the server and in the browser, so a time is
 * drawn once, in its zone, and hydration finds it as it is.
 */
export function useViewerTimeZone() {
  return useRouteLoaderData<typeof rootLoader>("root")?.timeZone ?? "UTC";
}

/**
 * A moment as the viewer reads it: the one way the product shows a time on a page (e-mails write theirs with
 * bookings/session-time.ts; a zone is named by zoneTitle, lib/time-zone-names.ts). 'N/A' when there is none.
 * `timeZone`: on another person's clock instead (the mentor's, beside the mentee's own).
 */
export function LocalTime({ value, format = "dateTime", timeZone }: { value: Date | string | null | undefined; format?: MomentFormat; timeZone?: string }) {
  const viewerZone = useViewerTimeZone();
  const zone = timeZone ?? viewerZone;
  const text = formatMoment(value, format, zone);
  if (!text) return <>N/A</>;
  // A short date never breaks across lines ('Nov 19, / 2026' in a crowded column).
  return <time dateTime={new Date(value!).toISOString()} className={format === "date" ? "whitespace-nowrap" : undefined}>{text}</time>;
}
