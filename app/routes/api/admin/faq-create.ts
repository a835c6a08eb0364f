import type { Route } from "./+types/faq-create";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { faqCreateSchema } from "#app/modules/faqs/schema.ts";
import { createFaq } from "#app/modules/faqs/faqs.server.ts";

export const loader = () => methodNotAllowed();

/** POST /api/admin/faq/create {type, question, answer, is_active} */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(faqCreateSchema, await jsonBody(request));
  const faq = await createFaq(input, signedInUser(context));
  return Response.json({ status: true, message: "FAQ created successfully", data: faq }, { status: 201 });
});
