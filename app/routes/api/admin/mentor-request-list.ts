import type { Route } from "./+types/mentor-request-list";
import { api } from "#app/lib/api.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { listGuideRequests } from "#app/modules/guide-requests/guide-requests.server.ts";
import { guideRequestListDefaults } from "#app/modules/guide-requests/schema.ts";

/** GET /api/admin/get-mentor-request-list?page&limit&search&sort&order → pending requests as {data, meta}. */
export const loader = api(async ({ request }: Route.LoaderArgs) =>
  listGuideRequests(parseListParams(new URL(request.url).searchParams, guideRequestListDefaults)),
);
