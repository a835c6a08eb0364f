import type { Route } from "./+types/faq-list";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { faqList } from "#app/modules/faqs/schema.ts";
import { listFaqs } from "#app/modules/faqs/faqs.server.ts";

/** GET /api/admin/faq/all?type&search&page&per_page (&sort&order) → {status: true, data, meta}. */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports.faqs.csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(faqList, new URL(request.url).searchParams);
  const { data, meta } = await listFaqs(state, filters);
  return { status: true, data, meta };
});
