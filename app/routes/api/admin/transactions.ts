import type { Route } from "./+types/transactions";
import { api } from "#app/lib/api.server.ts";
import { notFound, parseOr400 } from "#app/lib/http.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { guidePaymentListDefaults, paymentStatusFilterSchema, userPaymentListDefaults } from "#app/modules/payments/schema.ts";
import { listPayments } from "#app/modules/payments/payments.server.ts";
import { peopleFiltersFrom, peopleFiltersSchema, userIdSchema } from "#app/modules/users/schema.ts";
import { requireAccount } from "#app/modules/users/users.server.ts";

/**
 * GET /api/admin/transactions/guide/{id} and /transactions/user/{id} (limit, page, search, sortBy, sortOrder,
 * status, and the other party's mentorId/guideId or userId) → {payments, meta}.
 */
export const loader = api(async ({ request, params }: Route.LoaderArgs) => {
  const party = params.party;
  if (party !== "guide" && party !== "user") throw notFound("Not found");
  const { id } = parseOr400(userIdSchema, { id: params.id });
  const query = new URL(request.url).searchParams;
  const state = parseListParams(query, party === "guide" ? guidePaymentListDefaults : userPaymentListDefaults, { order: "sortOrder", sort: "sortBy" });
  const other = parseOr400(peopleFiltersSchema, peopleFiltersFrom(query));
  const status = parseOr400(paymentStatusFilterSchema, query.get("status") || undefined);
  await requireAccount(party, id);
  const filters = party === "guide" ? { guideId: id, userId: other.userId, status } : { userId: id, guideId: other.guideId, status };
  const { data, meta } = await listPayments(state, filters);
  return { payments: data, meta };
});
