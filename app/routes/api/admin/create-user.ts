import type { Route } from "./+types/create-user";
import { api, jsonBody, methodNotAllowed } from "#app/lib/api.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { parseOr400 } from "#app/lib/http.server.ts";
import { createUserSchema } from "#app/modules/users/schema.ts";
import { createUser } from "#app/modules/users/users.server.ts";

export const loader = () => methodNotAllowed();

/** POST /api/admin/create-user → 201 {message, user}; 400 with the form's message; 409 when the e-mail is taken. */
export const action = api(async ({ request, context }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const input = parseOr400(createUserSchema, await jsonBody(request));
  const user = await createUser(input, signedInUser(context));
  return Response.json({ message: "User created successfully", user }, { status: 201 });
});
