import type { Route } from "./+types/sitemap";
import { siteOrigin } from "#app/lib/request-info.server.ts";
import { sitemapEntries, sitemapXml } from "#app/modules/sitemap/sitemap.server.ts";

/** GET /sitemap.xml: the public pages, every live mentor profile and the published posts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const xml = sitemapXml(siteOrigin(request, context), await sitemapEntries());
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
