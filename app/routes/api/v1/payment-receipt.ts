import type { Route } from "./+types/payment-receipt";
import { api } from "#app/lib/api.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { holderWith } from "#app/modules/access-tokens/token-holder.ts";
import { getReceipt } from "#app/modules/payments/mentee-payments.server.ts";

/** GET /api/v1/payments/{id}/receipt (scope read, mentees): the receipt the screen prints, as data. Another's is a 404. */
export const loader = api(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = holderWith(context, "read");
  return getReceipt(idParam(params.id), user);
});
