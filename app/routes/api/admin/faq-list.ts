import type { Route } from "./+types/faq-list";
import { api } from "#app/lib/api.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { faqList } from "#app/modules/faqs/schema.ts";
import { listFaqs } from "#app/modules/faqs/faqs.server.ts";

/** GET /api/admin/faq/all?type&search&page&per_page (&sort&order) → {status: true, data, meta}. */
export const loader = api(async ({ request }: Route.LoaderArgs) => {
  const { state, filters } = parseList(faqList, new URL(request.url).searchParams);
  const { data, meta } = await listFaqs(state, filters);
  return { status: true, data, meta };
});
