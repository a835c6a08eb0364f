import type { Route } from "./+types/calendar-feed";
import { HttpError } from "#app/lib/http.server.ts";
import { calendarAt } from "#app/modules/calendar-feed/calendar-feed.server.ts";

/**
 * GET /calendar/<key>.ics: a person's private calendar feed, read by calendar apps (no session: the secret key is
 * the permission). A wrong, revoked or malformed key is a plain 404, the same as a path that never existed.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const key = /^(.+)\.ics$/.exec(params.file)?.[1];
  try {
    if (!key) throw new HttpError(404, "Calendar feed not found");
    return new Response(await calendarAt(key), {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="ministry-mentors.ics"',
        "Cache-Control": "private, no-store",
        // The address is the secret: keep it out of any page a browser would send it on from.
        "Referrer-Policy": "no-referrer",
        "X-Robots-Tag": "noindex",
      },
    });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
