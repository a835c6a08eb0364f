import type { Route } from "./+types/post-list";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { postsExportOf } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { postKindSchema, postList } from "#app/modules/posts/schema.ts";
import { listPosts } from "#app/modules/posts/posts.server.ts";

/**
 * GET /api/admin/posts?kind=blog|story&status&search&page&limit&sort&order → {data, meta}: the console's list of
 * blog posts or success stories (drafts included), as the screens /admin/dashboard/blog and …/success-stories read it.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  if (wantsCsv(request)) return postsExportOf(params).csv(params, signedInUser(context));
  const kind = parseOr400(postKindSchema, params.get("kind") || "blog", "kind");
  const { state, filters } = parseList(postList, params);
  return listPosts(kind, state, filters, signedInUser(context));
});
