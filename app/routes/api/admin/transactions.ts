import type { Route } from "./+types/transactions";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, notFound } from "#app/lib/http.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { requireAccount } from "#app/modules/accounts/accounts.server.ts";
import { guidePaymentList, userPaymentList } from "#app/modules/payments/schema.ts";
import { listPayments } from "#app/modules/payments/payments.server.ts";

/**
 * GET /api/admin/transactions/guide/{id} and /transactions/user/{id} (limit, page, search, sortBy, sortOrder,
 * status, and the other party's mentorId/guideId or userId) → {payments, meta}.
 */
export const loader = api(async ({ request, params, context }: Route.LoaderArgs) => {
  const party = params.party;
  if (party !== "guide" && party !== "user") throw notFound("Not found");
  const id = idParam(params.id);
  if (wantsCsv(request)) return listExports[`${party}-payments`].csv(new URL(request.url).searchParams, signedInUser(context), id);
  const { state, filters } = parseList(party === "guide" ? guidePaymentList : userPaymentList, new URL(request.url).searchParams);
  await requireAccount(party, id);
  const { data, meta } = await listPayments(state, party === "guide" ? { ...filters, guideId: id } : { ...filters, userId: id }, signedInUser(context));
  return { payments: data, meta };
});
