import type { Route } from "./+types/answer-query";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { idParam, parseOr400 } from "#app/lib/http.server.ts";
import { answerSchema } from "#app/modules/queries/schema.ts";
import { answerQuery } from "#app/modules/queries/queries.server.ts";

export const loader = () => methodNotAllowed();

/** PUT /api/admin/answer/{id} {answer} */
export const action = api(async ({ request, params, context }: Route.ActionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed();
  const id = idParam(params.id);
  const { answer } = parseOr400(answerSchema, await jsonBody(request));
  const query = await answerQuery(id, answer, signedInUser(context));
  return { message: "Answer submitted successfully", query };
});
