import type { Route } from "./+types/payouts";
import { api } from "#app/lib/api.server.ts";
import { wantsCsv } from "#app/lib/csv.server.ts";
import { listExports } from "#app/routes/admin/list-exports.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { listPayouts } from "#app/modules/payments/payout-list.server.ts";
import { payoutList } from "#app/modules/payments/schema.ts";
import { filteredPeople } from "#app/modules/users/people-filters.server.ts";

/**
 * GET /api/admin/payouts: limit, page, search (a guide's name, e-mail or organisation, or a transfer id), sortBy
 * (createdAt, releaseAt, paidAt, amount), sortOrder, status (held, releasing, on_hold, paying, paid, failed,
 * cancelled), guideId (mentorId), from and to (the days the mentees paid, YYYY-MM-DD in the admin's time zone) → {data, meta};
 * filtered by status or days, the total is counted up to 1,000 (meta.totalCapped past it).
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  if (wantsCsv(request)) return listExports.payouts.csv(new URL(request.url).searchParams, signedInUser(context));
  const { state, filters } = parseList(payoutList, new URL(request.url).searchParams);
  await filteredPeople(filters);
  return listPayouts(state, filters, signedInUser(context));
});
