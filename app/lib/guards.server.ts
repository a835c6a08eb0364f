import { createContext, redirect, type MiddlewareFunction } from "react-router";
import { dashboardFor, isRole, type Role } from "./roles.ts";
import { authLinks } from "./links.ts";
import { jsonError } from "./http.server.ts";
import { readApiToken, readSessionToken, userForToken, type SessionUser } from "./session.server.ts";

/** The signed-in person for this request (null when signed out); set once by the root middleware. */
export const currentUser = createContext<SessionUser | null>(null);

export const loadCurrentUser: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(currentUser, await userForToken(await readSessionToken(request), "web"));
};

function signInPath(request: Request, loginPath: string) {
  const url = new URL(request.url);
  // A link followed in the browser asks for the page's data (`_routes` names the routes it wants): the way back is the
  // page's own address.
  url.searchParams.delete("_routes");
  const back = url.pathname + url.search;
  return `${loginPath}?${new URLSearchParams({ redirectTo: back })}`;
}

/**
 * Route middleware for a protected area: signed-out people go to the area's sign-in page,
 * people of another role go to their own dashboard, an unknown role goes to sign-in.
 */
export function requireRole(allowed: Role[], { loginPath = authLinks.login }: { loginPath?: string } = {}): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    const user = context.get(currentUser);
    if (!user) throw redirect(signInPath(request, loginPath));
    if (!isRole(user.role)) throw redirect(loginPath);
    if (!allowed.includes(user.role)) throw redirect(dashboardFor[user.role]);
  };
}

/** /login, /signup and /admin/login: a signed-in person goes to their dashboard instead. */
export const publicOnly: MiddlewareFunction<Response> = async ({ context }) => {
  const user = context.get(currentUser);
  if (user) throw redirect(isRole(user.role) ? dashboardFor[user.role] : authLinks.login);
};

/** For loaders and actions inside a guarded area: the person the middleware let through. */
export function signedInUser(context: { get: typeof import("react-router").RouterContextProvider.prototype.get }) {
  const user = context.get(currentUser);
  if (!user) throw redirect(authLinks.login);
  return user;
}

/** API door: the token in Authorization must belong to an admin. 401 without one, 403 for another role. */
export const requireApiAdmin: MiddlewareFunction<Response> = async ({ request, context }) => {
  const token = readApiToken(request);
  if (!token) throw jsonError(401, "Authentication token is missing");
  const user = await userForToken(token, "api");
  if (!user) throw jsonError(401, "Invalid or expired token");
  if (user.role !== "admin") throw jsonError(403, "Admin access required");
  context.set(currentUser, user);
};
