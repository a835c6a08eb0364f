import { parseWithZod } from "@conform-to/zod/v4";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import type { SessionUser } from "#app/lib/session.server.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { endpointChangeSchema, newEndpointSchema } from "#app/modules/webhooks/schema.ts";
import { createWebhookEndpoint, deleteWebhookEndpoint, rotateWebhookSecret, updateWebhookEndpoint, webhookEndpointOf } from "#app/modules/webhooks/webhooks.server.ts";

/**
 * The webhook forms of Settings and of a sponsor's page (`sponsorId`): `intent=new-webhook` adds an endpoint and answers
 * its secret (shown once, so answered rather than redirected), `intent=webhook` makes a new secret, turns one off or on,
 * or deletes it. Another intent: null.
 */
export async function webhookAction(person: SessionUser, formData: FormData, here: string, sponsorId?: number) {
  const intent = formData.get("intent");
  if (intent === "new-webhook") {
    const submission = parseWithZod(formData, { schema: newEndpointSchema });
    if (submission.status !== "success") return replyToForm(submission, { as: "newWebhook" });
    try {
      const { endpoint, secret } = await createWebhookEndpoint(person, submission.value, sponsorId);
      return { webhookSecret: { url: endpoint.url, secret }, toast: { type: "success", message: "Endpoint Added", description: "Copy its signing secret now: it is not shown again." } } as const;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return refuseForm(submission, error, { as: "newWebhook", toast: "Endpoint Not Added" });
    }
  }
  if (intent !== "webhook") return null;
  const submission = parseWithZod(formData, { schema: endpointChangeSchema });
  try {
    if (submission.status !== "success") throw new HttpError(404, "Webhook endpoint not found");
    const { endpointId, change } = submission.value;
    if (change === "rotate") {
      const secret = await rotateWebhookSecret(person, endpointId);
      const { url } = await webhookEndpointOf(person, endpointId);
      return { webhookSecret: { url, secret }, toast: { type: "success", message: "New Secret Made", description: "The old secret no longer signs anything. Copy the new one now." } } as const;
    }
    if (change === "delete") await deleteWebhookEndpoint(person, endpointId);
    else await updateWebhookEndpoint(person, endpointId, { enabled: change === "enable" });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithError(here, { message: "Update Failed", description: error.message });
  }
  const done = { delete: ["Endpoint Deleted", "Nothing more is sent to it."], enable: ["Endpoint On", "Events are sent to it again."], disable: ["Endpoint Off", "Nothing is sent to it until you turn it on."] } as const;
  const [message, description] = done[submission.value.change as keyof typeof done];
  return redirectWithSuccess(here, { message, description });
}
