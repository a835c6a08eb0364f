import type { Route } from "./+types/booking-change";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { HttpError, zodMessage } from "#app/lib/http.server.ts";
import { once } from "#app/modules/access-tokens/idempotency.server.ts";
import { holderWith, tokenHolder } from "#app/modules/access-tokens/token-holder.ts";
import { bookingChangeSchema } from "#app/modules/bookings/dashboard-schema.ts";
import { GUIDE_CHANGES, MENTEE_CHANGES, makeBookingChange } from "#app/routes/dashboard/bookings-screen.server.ts";

/**
 * POST /api/v1/bookings/{id}/{change}: one change to a booking, the same ones its holder's bookings screen offers.
 * A mentee (scope book): cancel {reason?}, reschedule {startsAt}, report {kind, details}, accept-proposal,
 * decline-proposal, accept-covenant {covenantVersion}. A guide (scope schedule): accept {covenantVersion?}, decline
 * {reason?}, cancel, complete, noShow, propose {startsAt, note?}, answer-problem {reply}, accept-covenant
 * {covenantVersion}. → {bookingId, status?, refundedCents?, refundFailed?}. Another person's booking is a 404; a change
 * its state refuses, a 409.
 */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const guide = context.get(tokenHolder)?.user.role === "guide";
  const holder = holderWith(context, guide ? "schedule" : "book");
  const allowed: readonly string[] = guide ? GUIDE_CHANGES : MENTEE_CHANGES;
  return once(holder, request, async () => {
    if (!allowed.includes(params.change)) throw new HttpError(404, "No such change for your bookings");
    const parsed = bookingChangeSchema.safeParse({ ...(await jsonBody(request)), intent: params.change, bookingId: params.id });
    if (!parsed.success) throw new HttpError(400, zodMessage(parsed.error));
    const outcome = await makeBookingChange(holder.user, parsed.data);
    return Response.json(outcome ?? { bookingId: parsed.data.bookingId });
  });
});

export const loader = () => methodNotAllowed(["POST"]);
