import type { Route } from "./+types/auth-logout";
import { api, methodNotAllowed } from "#app/lib/api.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { endSession, readApiToken, userForToken } from "#app/lib/session.server.ts";

export const loader = () => methodNotAllowed();

/** POST /api/auth/logout with the token in Authorization: ends that API session (and only an API session). */
export const action = api(async ({ request }: Route.ActionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const token = readApiToken(request);
  if (!token) throw new HttpError(401, "Authentication token is missing");
  if (!(await userForToken(token, "api"))) throw new HttpError(401, "Invalid or expired token");
  await endSession(token);
  return { message: "Signed out" };
});
