import type { Route } from "./+types/faq-update";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { faqUpdateSchema } from "#app/modules/faqs/schema.ts";
import { updateFaq } from "#app/modules/faqs/faqs.server.ts";

export const loader = () => methodNotAllowed();

/** PATCH /api/admin/faq/update/{id} {question, answer, is_active} */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed();
  const id = idParam(params.id);
  const input = parseOr400(faqUpdateSchema, await jsonBody(request));
  const faq = await updateFaq(id, input, signedInUser(context));
  return { status: true, message: "FAQ updated successfully", data: faq };
});
