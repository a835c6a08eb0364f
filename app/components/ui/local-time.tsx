import { useEffect, useState } from "react";
import { dateFormat } from "#app/lib/format.ts";

const formats = {
  date: { dateStyle: "medium" },
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  /** A session time, naming its zone: 'Tue, Jun 2, 3:00 PM CDT'. */
  slot: { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A moment shown in the viewer's time zone. The server (and the first render in the browser) shows it
 * in UTC so hydration matches; the browser then switches to its own zone.
 */
export function LocalTime({ value, format = "dateTime" }: { value: string | null | undefined; format?: keyof typeof formats }) {
  const [timeZone, setTimeZone] = useState<string | undefined>("UTC");
  useEffect(() => setTimeZone(undefined), []);
  if (!value) return <>N/A</>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>N/A</>;
  const text = dateFormat({ ...formats[format], timeZone }).format(date);
  return <time dateTime={date.toISOString()}>{timeZone === "UTC" && format === "dateTime" ? `${text} UTC` : text}</time>;
}

/** The viewer's time zone by name ('America/Chicago'): UTC in the server's HTML, the browser's own zone once it runs. */
export function ViewerTimeZone() {
  const [timeZone, setTimeZone] = useState("UTC");
  useEffect(() => setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"), []);
  return <>{timeZone.replaceAll("_", " ")}</>;
}
