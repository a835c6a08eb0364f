import type { Route } from "./+types/webhooks-stripe";
import { methodNotAllowed } from "#app/lib/api.server.ts";
import { handleStripeEvent } from "#app/modules/bookings/checkout.server.ts";
import { receiveStripeWebhook } from "#app/modules/payments/webhook.server.ts";

// Stripe's webhook endpoint (set it up in Stripe's dashboard as <APP_URL>/api/webhooks/stripe). No session or
// token: the signature is the proof that Stripe sent it.
export const action = ({ request }: Route.ActionArgs) => (request.method === "POST" ? receiveStripeWebhook(request, handleStripeEvent) : methodNotAllowed(["POST"]));

export const loader = () => methodNotAllowed(["POST"]);
