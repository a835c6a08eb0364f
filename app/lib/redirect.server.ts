/**
 * Where to send a person after signing in (a `redirectTo` they brought along), or `fallback` when the target
 * is not a plain path on this site. Resolved as the browser would (`new URL(target, origin)`), so tricks such as
 * `//evil.example`, `/\evil.example` or `/<tab>/evil.example` cannot leave the site; control characters,
 * whitespace and backslashes are refused outright (they also could not go into a Location header).
 */
export function safeRedirect(target: unknown, request: Request, fallback: string): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\s\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  const { origin } = new URL(request.url);
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  return url.pathname + url.search + url.hash;
}
