/**
 * The canonical URL of a public page: one address per page, whatever path or query it was reached by.
 * The public layout renders it (<link rel="canonical">) for every page inside it.
 */

/** Other paths of the same page (SPEC §2: the footer's /privacy and /terms; /find-mentor redirects to /search). */
export const CANONICAL_ALIASES: Readonly<Record<string, string>> = {
  "/privacy": "/privacy-policy",
  "/terms": "/terms-of-service",
  "/find-mentor": "/search",
};

/** The canonical path of a public page's path: its alias's target, without a trailing slash; the query is dropped. */
export function canonicalPath(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return CANONICAL_ALIASES[path] ?? path;
}

export const canonicalUrl = (origin: string, pathname: string) => `${origin}${canonicalPath(pathname)}`;
