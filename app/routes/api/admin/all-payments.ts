import type { Route } from "./+types/all-payments";
import { api } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { parseListParams } from "#app/lib/list.server.ts";
import { listPayments } from "#app/modules/payments/payments.server.ts";
import { paymentListDefaults, paymentStatusFilterSchema } from "#app/modules/payments/schema.ts";
import { peopleFilters } from "#app/modules/users/people-filters.server.ts";

/**
 * GET /api/admin/getall/payments: limit, page, search (names, e-mails, payment intent id), sortBy, sortOrder,
 * status, guideId (mentorId), userId → {data, meta}; newest payment first. A filter by a person who never
 * existed is a 404.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  const query = new URL(request.url).searchParams;
  const state = parseListParams(query, paymentListDefaults, { order: "sortOrder", sort: "sortBy" });
  const { guideId, userId } = await peopleFilters(query);
  const status = parseOr400(paymentStatusFilterSchema, query.get("status") || undefined, "status");
  return listPayments(state, { guideId, userId, status }, signedInUser(context));
});
