// React Router is patched (patches/react-router+7.18.4.patch) to try only the routes whose path can start like the
// requested one. Whatever the grouping, a request must still reach the very route it reached before: the most
// specific one, literal before dynamic, case-insensitive, through optional and splat segments.
import { createStaticHandler, type RouteObject } from "react-router";
import { expect, test } from "vitest";

const leaf = (id: string, path?: string, extra: Partial<RouteObject> = {}): RouteObject =>
  ({ id, path, loader: () => id, ...extra }) as RouteObject;

const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: () => "root",
    children: [
      leaf("home", undefined, { index: true }),
      leaf("admin-users", "admin/users"),
      leaf("admin-user", "admin/users/:id"),
      leaf("admin-section", "admin/:section"),
      { id: "console", path: "admin", loader: () => "console", children: [leaf("admin-home", undefined, { index: true }), leaf("admin-bookings", "dashboard/Bookings")] },
      leaf("any-users", ":section/users"),
      leaf("about", ":lang?/about"),
      { id: "pathless", loader: () => "pathless", children: [leaf("privacy", "privacy")] },
      leaf("files", "files/*"),
      leaf("file-preview", "files/reports/preview"),
      leaf("api-user", "api/admin/user/:id"),
      leaf("api-user-bookings", "api/admin/user/:id/bookings"),
      leaf("api-users", "api/admin/users"),
      leaf("deep-report", "reports/2026/11/27/daily/:id"),
      leaf("not-found", "*"),
    ],
  },
];

const handler = createStaticHandler(routes);
async function reached(path: string) {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  return context.matches.map((match) => match.route.id).join(" > ");
}

test.each([
  ["/", "root > home"],
  ["/admin/users", "root > admin-users"],
  ["/ADMIN/Users/", "root > admin-users"],
  ["/admin/users/7", "root > admin-user"],
  ["/admin", "root > console > admin-home"],
  ["/admin/dashboard/bookings", "root > console > admin-bookings"],
  ["/admin/reports", "root > admin-section"],
  ["/Admin/Reports/", "root > admin-section"],
  ["/admin/reports/7", "root > not-found"],
  ["/guides/users", "root > any-users"],
  ["/about", "root > about"],
  ["/fr/about", "root > about"],
  ["/privacy", "root > pathless > privacy"],
  ["/files/a/b.pdf", "root > files"],
  ["/files", "root > files"],
  ["/files/reports/preview", "root > file-preview"],
  ["/files/reports/other", "root > files"],
  ["/files/reports/preview/more", "root > files"],
  ["/api/admin/user/7", "root > api-user"],
  ["/api/admin/user/7/bookings", "root > api-user-bookings"],
  ["/api/admin/user/7/payments", "root > not-found"],
  ["/api/admin/users", "root > api-users"],
  ["/api/admin/users/7", "root > not-found"],
  ["/api/admin", "root > not-found"],
  ["/reports/2026/11/27/daily/7", "root > deep-report"],
  ["/reports/2026/11/27/weekly/7", "root > not-found"],
  ["/nowhere/at/all", "root > not-found"],
  ["//admin//users", "root > not-found"],
  ["/caf%C3%A9", "root > not-found"],
])("%s reaches %s", async (path, chain) => {
  expect(await reached(path)).toBe(chain);
});
