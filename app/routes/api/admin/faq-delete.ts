import type { Route } from "./+types/faq-delete";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam } from "#app/lib/http.server.ts";
import { deleteFaq } from "#app/modules/faqs/faqs.server.ts";

export const loader = () => methodNotAllowed();

/** DELETE /api/admin/faq/delete/{id} */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const id = idParam(params.id);
  await deleteFaq(id, signedInUser(context));
  return { status: true, message: "FAQ deleted successfully", id };
});
