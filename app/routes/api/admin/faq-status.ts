import type { Route } from "./+types/faq-status";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { faqStatusSchema } from "#app/modules/faqs/schema.ts";
import { setFaqActive } from "#app/modules/faqs/faqs.server.ts";

export const loader = () => methodNotAllowed();

/** PATCH /api/admin/faq/{id}/status {is_active} */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed();
  const id = idParam(params.id);
  const { is_active } = parseOr400(faqStatusSchema, await jsonBody(request));
  const faq = await setFaqActive(id, is_active, signedInUser(context));
  return { status: true, message: is_active ? "FAQ activated" : "FAQ deactivated", data: faq };
});
