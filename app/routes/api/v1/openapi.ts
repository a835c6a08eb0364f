import type { Operation } from "#app/lib/openapi/document.ts";
import { meResponse } from "#app/modules/access-tokens/api-schema.ts";
import { bookingChangeBody, bookingChangeResponse, bookingCreatedResponse, dashboardBookingsResponse } from "#app/modules/bookings/api-schema.ts";
import { bookingApiSchema } from "#app/modules/bookings/booking-schema.ts";
import { z } from "zod";
import { GUIDE_CHANGES, MENTEE_CHANGES } from "#app/routes/dashboard/bookings-screen.server.ts";
import { upcomingBookingList } from "#app/modules/bookings/dashboard-schema.ts";
import { searchResponse } from "#app/modules/mentor-search/api-schema.ts";
import { searchSchema } from "#app/modules/mentor-search/schema.ts";
import { webhookAttemptsResponse, webhookCreatedResponse, webhookDeletedResponse, webhookEndpointResponse, webhookEndpointsResponse, webhookSecretResponse } from "#app/modules/webhooks/api-schema.ts";
import { attemptList, endpointPatchSchema, newEndpointSchema } from "#app/modules/webhooks/schema.ts";

const WEBHOOKS_TEXT =
  "Each event is POSTed as JSON `{type, timestamp, data}` with the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>` keyed with the base64 part of the secret after `whsec_`). A 2xx answer within 10 s delivers it; anything else is tried again with a growing delay for a day. The address must be https on a public address.";

/** /api/v1: the marketplace API for a mentee's or guide's own programs (personal access tokens). One entry per route. */
export const v1Operations: Operation[] = [
  {
    method: "get",
    path: "/api/v1/me",
    tag: "Marketplace",
    summary: "Who the token acts as",
    description: "The token's person and the scopes it holds.",
    access: { personal: "read" },
    responses: { 200: meResponse },
  },
  {
    method: "get",
    path: "/api/v1/mentors",
    tag: "Marketplace",
    summary: "Search mentors",
    description: "Find a Mentor: live guides by keyword and facets, with each facet's counts. The parameters are those of /search.",
    access: { personal: "read" },
    query: searchSchema,
    responses: { 200: searchResponse },
    errors: [400],
  },
  {
    method: "get",
    path: "/api/v1/bookings",
    tag: "Marketplace",
    summary: "List my bookings",
    description:
      "The holder's bookings as their dashboard lists them, one tab at a time: `tab=upcoming` (soonest first), `past` (latest first) or, for a guide, `requests`. Each booking names the changes its holder may make now.",
    access: { personal: "read" },
    query: upcomingBookingList,
    responses: { 200: dashboardBookingsResponse },
    errors: [400],
  },
  {
    method: "post",
    path: "/api/v1/bookings",
    tag: "Marketplace",
    summary: "Book a session",
    description:
      "A mentee books one of a mentor's free times, as the booking dialog does. A paid session is held until paid: send the person to `checkoutUrl` (Stripe Checkout). Takes an `Idempotency-Key` header: a repeat of the same request with the same key answers the first answer (`Idempotent-Replayed: true`); the key with another request is a 422.",
    access: { personal: "book" },
    body: { schema: bookingApiSchema, type: "json" },
    responses: { 201: bookingCreatedResponse },
    errors: [400, 404, 409, 422],
  },
  {
    method: "post",
    path: "/api/v1/bookings/{id}/{change}",
    tag: "Marketplace",
    summary: "Change a booking",
    description:
      "One change its holder's bookings screen offers. A mentee (scope `book`): cancel {reason?}, reschedule {startsAt}, report {kind, details}, accept-proposal, decline-proposal. A guide (scope `schedule`): accept {covenantVersion?}, decline {reason?}, cancel {reason?}, complete, noShow, propose {startsAt, note?}, answer-problem {reply}, accept-covenant {covenantVersion}. Another person's booking is a 404; a change its state refuses, a 409. Takes an `Idempotency-Key` header.",
    access: { personal: ["book", "schedule"] },
    params: { change: z.enum([...new Set([...MENTEE_CHANGES, ...GUIDE_CHANGES])] as [string, ...string[]]) },
    body: { schema: bookingChangeBody, type: "json", optional: true },
    responses: { 200: bookingChangeResponse },
    errors: [400, 404, 409, 422],
  },
  {
    method: "get",
    path: "/api/v1/webhooks",
    tag: "Webhooks",
    summary: "List my webhook endpoints",
    description: "The holder's endpoints, newest first, each with its last attempt. Secrets are never listed.",
    access: { personal: "schedule" },
    responses: { 200: webhookEndpointsResponse },
  },
  {
    method: "post",
    path: "/api/v1/webhooks",
    tag: "Webhooks",
    summary: "Add a webhook endpoint",
    description: `Events of the holder's own bookings, reviews and messages, sent to \`url\`. \`message.created\` (which carries the message's text) also needs the \`messages\` scope. The answer holds the signing secret, shown this once. ${WEBHOOKS_TEXT} Takes an \`Idempotency-Key\` header.`,
    access: { personal: "schedule" },
    body: { schema: newEndpointSchema, type: "json" },
    responses: { 201: webhookCreatedResponse },
    errors: [400, 409, 422],
  },
  {
    method: "get",
    path: "/api/v1/webhooks/{id}",
    tag: "Webhooks",
    summary: "Read a webhook endpoint",
    access: { personal: "schedule" },
    responses: { 200: webhookEndpointResponse },
    errors: [400, 404],
  },
  {
    method: "patch",
    path: "/api/v1/webhooks/{id}",
    tag: "Webhooks",
    summary: "Change a webhook endpoint",
    description: "Its address, its events, or whether it is on (`enabled: false` sends nothing, and what was waiting fails). Takes an `Idempotency-Key` header.",
    access: { personal: "schedule" },
    body: { schema: endpointPatchSchema, type: "json" },
    responses: { 200: webhookEndpointResponse },
    errors: [400, 404, 422],
  },
  {
    method: "delete",
    path: "/api/v1/webhooks/{id}",
    tag: "Webhooks",
    summary: "Delete a webhook endpoint",
    description: "With its deliveries and their attempts; nothing more is sent to it. Takes an `Idempotency-Key` header.",
    access: { personal: "schedule" },
    responses: { 200: webhookDeletedResponse },
    errors: [400, 404, 422],
  },
  {
    method: "post",
    path: "/api/v1/webhooks/{id}/secret",
    tag: "Webhooks",
    summary: "Make a new signing secret",
    description: "The old secret signs nothing from now on; the new one is shown this once. Takes an `Idempotency-Key` header.",
    access: { personal: "schedule" },
    responses: { 200: webhookSecretResponse },
    errors: [400, 404, 422],
  },
  {
    method: "get",
    path: "/api/v1/webhooks/{id}/attempts",
    tag: "Webhooks",
    summary: "List an endpoint's delivery attempts",
    description: "Every POST made to the endpoint, newest first: the event, the status code answered (null: no answer), the start of the answer and how long it took.",
    access: { personal: "schedule" },
    query: attemptList,
    responses: { 200: webhookAttemptsResponse },
    errors: [400, 404],
  },
];
