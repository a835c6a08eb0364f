import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { destroySessionCookie, endSession, readSessionToken } from "#app/lib/session.server.ts";

export const loader = () => redirect("/");

export async function action({ request }: Route.ActionArgs) {
  await endSession(await readSessionToken(request));
  return redirect("/", { headers: { "Set-Cookie": await destroySessionCookie() } });
}
