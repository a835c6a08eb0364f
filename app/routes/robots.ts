import type { Route } from "./+types/robots";
import { siteOrigin } from "#app/lib/request-info.server.ts";
import { robotsTxt } from "#app/modules/sitemap/sitemap.server.ts";

/** GET /robots.txt: crawl the public site, not the dashboards, the console or the API; where the sitemap is. */
export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteOrigin(request, context)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
