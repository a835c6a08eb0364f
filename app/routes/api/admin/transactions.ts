import type { Route } from "./+types/transactions";
import { api } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, notFound, parseOr400 } from "#app/lib/http.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { requireAccount } from "#app/modules/accounts/accounts.server.ts";
import { guidePaymentListDefaults, paymentStatusFilterSchema, userPaymentListDefaults } from "#app/modules/payments/schema.ts";
import { listPayments } from "#app/modules/payments/payments.server.ts";
import { peopleFiltersFrom, peopleFiltersSchema } from "#app/modules/users/schema.ts";

/**
 * GET /api/admin/transactions/guide/{id} and /transactions/user/{id} (limit, page, search, sortBy, sortOrder,
 * status, and the other party's mentorId/guideId or userId) → {payments, meta}.
 */
export const loader = api(async ({ request, params, context }: Route.LoaderArgs) => {
  const party = params.party;
  if (party !== "guide" && party !== "user") throw notFound("Not found");
  const id = idParam(params.id);
  const query = new URL(request.url).searchParams;
  const state = parseListParams(query, party === "guide" ? guidePaymentListDefaults : userPaymentListDefaults, { order: "sortOrder", sort: "sortBy" });
  const other = parseOr400(peopleFiltersSchema, peopleFiltersFrom(query));
  const status = parseOr400(paymentStatusFilterSchema, query.get("status") || undefined, "status");
  await requireAccount(party, id);
  const filters = party === "guide" ? { guideId: id, userId: other.userId, status } : { userId: id, guideId: other.guideId, status };
  const { data, meta } = await listPayments(state, filters, signedInUser(context));
  return { payments: data, meta };
});
