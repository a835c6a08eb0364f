import type { Route } from "./+types/published-content";
import { api } from "#app/lib/api.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { publishedContentListDefaults } from "#app/modules/published-content/schema.ts";
import { listPublishedContent } from "#app/modules/published-content/published-content.server.ts";
import { userIdSchema } from "#app/modules/users/schema.ts";
import { requireAccount } from "#app/modules/users/users.server.ts";

/** GET /api/admin/guide-published-content/all/{guideId}: per_page, page, search, sortBy, sortOrder → {data, meta}. */
export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  const { id: guideId } = parseOr400(userIdSchema, { id: params.guideId });
  const state = parseListParams(new URL(request.url).searchParams, publishedContentListDefaults, {
    limit: "per_page",
    order: "sortOrder",
    sort: "sortBy",
  });
  await requireAccount("guide", guideId);
  return listPublishedContent(state, { guideId });
});
