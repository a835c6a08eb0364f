import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { methodNotAllowed } from "#app/lib/api.server.ts";
import { destroySessionCookie, endSession, readSessionToken } from "#app/lib/session.server.ts";

// Signing out changes state, so only a POST does it (the edge refuses one from another site); a link to /logout signs nobody out.
export const loader = () => redirect("/");

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await endSession(await readSessionToken(request));
  return redirect("/", { headers: { "Set-Cookie": await destroySessionCookie() } });
}
