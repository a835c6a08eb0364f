import { z } from "zod";
import { deleted, isoDate, pageOf } from "#app/lib/openapi/shapes.ts";
import { EVENT_VALUES } from "./events.ts";

/** A webhook endpoint as /api/v1/webhooks answers it (EndpointView of webhooks.server.ts); never its secret. */
export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(EVENT_VALUES)),
  enabled: z.boolean(),
  createdAt: isoDate,
  lastAttempt: z.object({ at: isoDate, statusCode: z.number().int().nullable(), delivered: z.boolean() }).nullable(),
});

export const webhookEndpointsResponse = z.object({ endpoints: z.array(webhookEndpoint) });
export const webhookEndpointResponse = z.object({ endpoint: webhookEndpoint });
export const webhookCreatedResponse = z.object({
  endpoint: webhookEndpoint,
  secret: z.string().describe("The signing secret (whsec_…), shown this once: verify each request's webhook-signature with it"),
});
export const webhookSecretResponse = z.object({ secret: z.string().describe("The new signing secret (whsec_…), shown this once") });
export const webhookDeletedResponse = deleted;

export const webhookAttempt = z.object({
  id: z.number().int(),
  attemptedAt: isoDate,
  eventType: z.string(),
  messageId: z.string().describe("The webhook-id header: the same on every attempt of one delivery"),
  statusCode: z.number().int().nullable().describe("Null when no answer came"),
  excerpt: z.string().describe("The first 200 characters of the answer, or why there was none"),
  durationMs: z.number().int(),
  delivered: z.boolean(),
  deliveryStatus: z.enum(["pending", "delivered", "failed"]),
});
export const webhookAttemptsResponse = pageOf(webhookAttempt, "attempts");
