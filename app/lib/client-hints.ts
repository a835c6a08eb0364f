// The browser's time zone as a client hint: a cookie the page's first inline script keeps equal to the zone the
// browser reports, so the server draws a signed-out visitor's times in their own zone (a signed-in person's come from
// their saved zone) and nothing changes once the page runs. The pattern of the Epic Stack's client hints.
import { isKnownTimeZone } from "./time-zones.ts";

export const TIME_ZONE_HINT_COOKIE = "mm_tz";

/**
 * The pair of zones a person chose to keep ("America/New_York America/Chicago": the account's, then the device's), set
 * by the time zone notice's Keep button: the server leaves the notice out for that pair.
 */
const TIME_ZONE_KEPT_COOKIE = "mm_tz_kept";

/** How the page writes its own cookies (both of these): every path, a year, Lax; Secure is added over HTTPS. */
const WRITTEN = "; Path=/; Max-Age=31536000; SameSite=Lax";

function cookieOf(request: Request, name: string): string | null {
  for (const pair of request.headers.get("Cookie")?.split(";") ?? []) {
    const [key, ...value] = pair.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

/** The zone the request's hint cookie names, when it is one this server knows; else null. */
export function timeZoneHint(request: Request): string | null {
  const zone = cookieOf(request, TIME_ZONE_HINT_COOKIE);
  return zone && isKnownTimeZone(zone) ? zone : null;
}

/** The pair of zones the notice was told to keep on this device (see TIME_ZONE_KEPT_COOKIE); else null. */
export const keptTimeZones = (request: Request) => cookieOf(request, TIME_ZONE_KEPT_COOKIE)?.slice(0, 200) ?? null;

/** In the browser: remembers the notice's "Keep …" for this pair of zones (the account's, then the device's). */
export function rememberKeptTimeZones(pair: string) {
  document.cookie = `${TIME_ZONE_KEPT_COOKIE}=${encodeURIComponent(pair)}${WRITTEN}${location.protocol === "https:" ? "; Secure" : ""}`;
}

/**
 * The script in every page's <head>: it sets the cookie to the browser's zone when it is missing or differs (a first
 * visit, a journey to another zone). When the page's times were drawn from the hint (`drawnIn`: signed out) in another
 * zone than the browser's, it loads the page again at once, before anything is shown, so they are the visitor's. Never
 * twice: the second load is drawn in the cookie's zone, and a browser that keeps no cookie is not asked again.
 */
export function timeZoneHintScript({ drawnIn }: { drawnIn: string | null }) {
  const name = TIME_ZONE_HINT_COOKIE;
  const reload = drawnIn ? `if(z!==${JSON.stringify(drawnIn)}&&document.cookie.indexOf("${name}=")!==-1)location.reload();` : "";
  return `(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(!z)return;var m=document.cookie.match(/(?:^|;\\s*)${name}=([^;]*)/);if(m&&decodeURIComponent(m[1])===z)return;document.cookie="${name}="+encodeURIComponent(z)+"${WRITTEN}"+(location.protocol==="https:"?"; Secure":"");${reload}}catch(e){}})();`;
}
