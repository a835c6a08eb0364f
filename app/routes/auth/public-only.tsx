import { Outlet } from "react-router";
import type { Route } from "./+types/public-only";
import { publicOnly } from "#app/lib/guards.server.ts";

// /login, /signup and /admin/login: a signed-in person is sent to their dashboard.
export const middleware: Route.MiddlewareFunction[] = [publicOnly];

export default function PublicOnly() {
  return <Outlet />;
}
