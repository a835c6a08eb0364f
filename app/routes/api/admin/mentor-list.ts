import type { Route } from "./+types/mentor-list";
import { api } from "#app/lib/api.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { listGuides } from "#app/modules/guides/guides.server.ts";
import { guideListDefaults } from "#app/modules/guides/schema.ts";

/** GET /api/admin/get-mentor-list?page&limit&search&sort&order → {data, meta}. */
export const loader = api(async ({ request }: Route.LoaderArgs) =>
  listGuides(parseListParams(new URL(request.url).searchParams, guideListDefaults)),
);
