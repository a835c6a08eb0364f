import type { Route } from "./+types/page-content-public";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { slugSchema } from "#app/modules/page-content/schema.ts";
import { getAllPageContent, getPageContent } from "#app/modules/page-content/page-content.server.ts";

/**
 * GET /api/admin/home-content/all?slug=home|become_a_guide|platform — PUBLIC (no token, SPEC §6).
 * With a slug → {data: {slug, content, updatedAt, saved}}; without → {data: [every page]}.
 * Mounted outside the admin guard in routes.ts.
 */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const slug = new URL(request.url).searchParams.get("slug");
  if (slug === null || slug === "") return { data: await getAllPageContent() };
  return { data: await getPageContent(parseOr400(slugSchema, slug, "slug")) };
});

export const action = () => methodNotAllowed();
