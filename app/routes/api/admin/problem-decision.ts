import type { Route } from "./+types/problem-decision";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { problemDecisionApiSchema } from "#app/modules/bookings/dashboard-schema.ts";
import { decideProblem } from "#app/modules/bookings/problems.server.ts";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/admin/problem-decision/{bookingId} with body {outcome: "refund_full" | "refund_part" | "no_refund",
 * amount?: dollars (for refund_part), note?} → {message, decision: {bookingId, outcome, refundCents}}: the same
 * settlement as the console's booking page. 404 'Booking not found'; 409 {message} when nothing waits for a decision.
 */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const bookingId = idParam(params.bookingId, "booking id");
  const input = parseOr400(problemDecisionApiSchema, await jsonBody(request));
  const decision = await decideProblem(signedInUser(context), bookingId, { outcome: input.outcome, amountCents: input.amount, note: input.note });
  return { message: "Report settled", decision };
});
