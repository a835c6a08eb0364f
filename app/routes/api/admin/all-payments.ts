import type { Route } from "./+types/all-payments";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { listPayments } from "#app/modules/payments/payments.server.ts";
import { paymentList } from "#app/modules/payments/schema.ts";
import { filteredPeople } from "#app/modules/users/people-filters.server.ts";

/**
 * GET /api/admin/getall/payments: limit, page, search (names, e-mails, payment intent id), sortBy, sortOrder,
 * status, guideId (mentorId), userId → {data, meta}; newest payment first. A filter by a person who never
 * existed is a 404.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports.payments.csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(paymentList, new URL(request.url).searchParams);
  await filteredPeople(filters);
  return listPayments(state, filters, signedInUser(context));
});
