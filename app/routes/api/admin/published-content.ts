import type { Route } from "./+types/published-content";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { requireAccount } from "#app/modules/accounts/accounts.server.ts";
import { publishedContentList } from "#app/modules/published-content/schema.ts";
import { listPublishedContent } from "#app/modules/published-content/published-content.server.ts";

/** GET /api/admin/guide-published-content/all/{guideId}: per_page, page, search, sortBy, sortOrder → {data, meta}. */
export const loader = api(async ({ request, params, context }: Route.LoaderArgs) => {
  const guideId = idParam(params.guideId, "guide id");
  if (wantsCsv(request)) return listExports["guide-content"].csv(new URL(request.url).searchParams, signedInUser(context), guideId);
  const { state } = parseList(publishedContentList, new URL(request.url).searchParams);
  await requireAccount("guide", guideId);
  return listPublishedContent(state, { guideId }, signedInUser(context));
});
