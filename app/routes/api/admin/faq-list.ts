import type { Route } from "./+types/faq-list";
import { api } from "#app/lib/api.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { faqListDefaults, faqTypeFilterSchema } from "#app/modules/faqs/schema.ts";
import { listFaqs } from "#app/modules/faqs/faqs.server.ts";

/** GET /api/admin/faq/all?type&search&page&per_page (&sort&order) → {status: true, data, meta}. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const state = parseListParams(params, faqListDefaults, { limit: "per_page", order: "sortOrder" });
  const type = parseOr400(faqTypeFilterSchema, params.get("type"), "type");
  const { data, meta } = await listFaqs(state, { type });
  return { status: true, data, meta };
});
