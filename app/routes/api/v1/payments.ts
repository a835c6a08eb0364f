import type { Route } from "./+types/payments";
import { api } from "#app/lib/api.server.ts";
import { parseList } from "#app/lib/list-params.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { menteePaymentList } from "#app/modules/payments/mentee-payments.ts";
import { listMenteePayments } from "#app/modules/payments/mentee-payments.server.ts";

/**
 * GET /api/v1/payments (scope read, mentees): the payments the token holder made, as their Payments screen lists
 * them (page, limit, search by mentor or topic, sort date, amount or guideName, order) → {payments, meta}.
 */
export const loader = api(async ({ request, context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "read");
  const { state } = parseList(menteePaymentList, new URL(request.url).searchParams);
  const { data, meta } = await listMenteePayments(state, user);
  return { payments: data, meta };
});
