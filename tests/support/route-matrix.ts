import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";

/** One concrete URL of the product: a leaf of app/routes.ts with its full path pattern and route file. */
export type FlatRoute = {
  id: string;
  file: string;
  /** The full URL pattern, e.g. "/admin/dashboard/viewuser/:id" ("/" for the home page). */
  path: string;
  index: boolean;
  /** What the built module exports. */
  hasLoader: boolean;
  hasAction: boolean;
  hasComponent: boolean;
};

/** React Router's default route id: the file path without its extension (see @react-router/dev createRouteId). */
export const routeIdOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\\/g, "/").replace(/\.[a-z]+$/i, "");

const join = (parent: string, child: string | undefined) => {
  const joined = [parent, child ?? ""].filter(Boolean).join("/").replace(/\/+/g, "/").replace(/^\/|\/$/g, "");
  return joined;
};

/**
 * Every route a URL can end on, with its full path: leaves, and a parent with a path but no index child (it renders
 * alone at its own path, e.g. a mentor's profile under which the booking dialog opens). Layouts contribute their path.
 */
export function flattenRouteConfig(entries: RouteConfigEntry[], parentPath = ""): Omit<FlatRoute, "hasLoader" | "hasAction" | "hasComponent">[] {
  return entries.flatMap((entry) => {
    const fullPath = join(parentPath, entry.index ? undefined : entry.path);
    const self = { id: routeIdOf(entry), file: entry.file, path: `/${fullPath}`, index: Boolean(entry.index) };
    if (!entry.children?.length) return [self];
    const endsHere = entry.path && !entry.children.some((child) => child.index);
    return [...(endsHere ? [self] : []), ...flattenRouteConfig(entry.children, fullPath)];
  });
}

/** What the build knows of one route: its place in the tree and what its module exports. */
type BuiltRoute = { id: string; parentId?: string; path?: string; hasLoader: boolean; hasAction: boolean; hasDefaultExport: boolean };

let built: Promise<Record<string, BuiltRoute>> | undefined;

/**
 * The routes of the build the integration tests send requests through (BUILD_DIR, default build/): the
 * server build's `routes` when its entry exports them, otherwise the route manifest the build writes for
 * the browser (client/assets/manifest-*.js), which says the same: hasLoader, hasAction, hasDefaultExport.
 */
export function loadBuiltRoutes() {
  built ??= (async () => {
    const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
    const server = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as Partial<ServerBuild>;
    if (server.routes) {
      return Object.fromEntries(
        Object.entries(server.routes).map(([id, route]) => [
          id,
          {
            id,
            parentId: route?.parentId,
            path: route?.path,
            hasLoader: typeof route?.module.loader === "function",
            hasAction: typeof route?.module.action === "function",
            hasDefaultExport: typeof route?.module.default === "function",
          },
        ]),
      );
    }
    const assets = path.join(buildDir, "client/assets");
    const manifests = readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
    if (manifests.length !== 1) throw new Error(`Expected one route manifest in ${assets}, found ${manifests.length}: rebuild the app.`);
    const source = readFileSync(path.join(assets, manifests[0]), "utf8");
    const manifest = JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as { routes: Record<string, BuiltRoute> };
    return manifest.routes;
  })();
  return built;
}

/** The full path of a route id in the build (to check the build matches app/routes.ts). */
function builtPath(routes: Record<string, BuiltRoute>, id: string): string {
  const parts: string[] = [];
  for (let route: BuiltRoute | undefined = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
}

/**
 * The leaf routes of app/routes.ts with what their built modules export. Throws when the build does not
 * match the config (a stale build would make the matrix test the wrong thing).
 */
export async function routesWithModules(config: RouteConfigEntry[]): Promise<FlatRoute[]> {
  const routes = await loadBuiltRoutes();
  return flattenRouteConfig(config).map((route) => {
    const module = routes[route.id];
    if (!module) throw new Error(`Route "${route.id}" (${route.path}) of app/routes.ts is not in the build: rebuild the app.`);
    const pathInBuild = builtPath(routes, route.id);
    if (pathInBuild !== route.path) {
      throw new Error(`Route "${route.id}" is ${route.path} in app/routes.ts but ${pathInBuild} in the build: rebuild the app.`);
    }
    return { ...route, hasLoader: module.hasLoader, hasAction: module.hasAction, hasComponent: module.hasDefaultExport };
  });
}

/** The names of a path pattern's params (`*` for a splat). */
export const paramsOf = (pattern: string) => [...pattern.matchAll(/:(\w+)|(\*)/g)].map((match) => match[1] ?? "*");

/** Fills `:params` and `*` of a path pattern; a param without a value throws, naming the route. */
export function fillPath(pattern: string, values: Record<string, string | number>) {
  return pattern.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
    const value = values[name ?? "*"];
    if (value === undefined) throw new Error(`No value for ${whole} of ${pattern}: give the row a params entry`);
    return name ? encodeURIComponent(String(value)) : String(value);
  });
}

// ─── Outcomes ────────────────────────────────────────────────────────────────────────────────

/** What a request should get, as the test names it: "200", "302 → /login?redirectTo=…", "401 {message}". */
export type Expect =
  | { status: 200 | 201 | 400 | 401 | 403 | 404 | 405 }
  | { redirect: string }
  /** A redirect to this sign-in page with redirectTo = the requested path. */
  | { signIn: "/login" | "/admin/login" };

export const ok: Expect = { status: 200 };
export const status = (code: 200 | 201 | 400 | 401 | 403 | 404 | 405): Expect => ({ status: code });
export const redirectTo = (location: string): Expect => ({ redirect: location });
export const signIn = (page: "/login" | "/admin/login"): Expect => ({ signIn: page });

/** The Location a sign-in redirect carries for a requested path (how guards.server.ts builds it). */
export const signInLocation = (page: string, requested: string) => `${page}?${new URLSearchParams({ redirectTo: requested })}`;

/** A short description of an expectation; `url` fills in the redirectTo of a sign-in redirect. */
export function describeExpect(expected: Expect, { api, url }: { api: boolean; url?: string }) {
  if ("redirect" in expected) return `redirect ${expected.redirect}`;
  if ("signIn" in expected) return `redirect ${url ? signInLocation(expected.signIn, url) : `${expected.signIn}?redirectTo=…`}`;
  if (!api) return String(expected.status);
  return expected.status >= 400 ? `${expected.status} {message}` : `${expected.status} json`;
}

/** The same short description of an actual response (reads the body of API answers). */
export async function describeResponse(response: Response, { api }: { api: boolean }) {
  if (response.status >= 300 && response.status < 400) return `redirect ${response.headers.get("Location")}`;
  if (!api) return String(response.status);
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.includes("application/json")) return `${response.status} ${type.split(";")[0] || "no content type"}`;
  const body: unknown = await response.clone().json().catch(() => undefined);
  if (response.status < 400) return `${response.status} json`;
  const hasMessage = typeof body === "object" && body !== null && typeof (body as { message?: unknown }).message === "string";
  return hasMessage ? `${response.status} {message}` : `${response.status} json without a message`;
}
