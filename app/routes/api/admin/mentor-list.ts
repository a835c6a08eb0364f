import type { Route } from "./+types/mentor-list";
import { api } from "#app/lib/api.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { listGuides } from "#app/modules/guides/guides.server.ts";
import { guideList } from "#app/modules/guides/schema.ts";

/** GET /api/admin/get-mentor-list?page&limit&search&sort&order → {data, meta}. */
export const loader = api(async ({ request }: Route.LoaderArgs) => listGuides(parseList(guideList, new URL(request.url).searchParams).state));
