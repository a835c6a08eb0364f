import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell, type NavSection } from "#app/components/layout/dashboard-shell.tsx";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";

export const middleware: Route.MiddlewareFunction[] = [requireRole(["user"])];

export function loader({ context }: Route.LoaderArgs) {
  return { user: signedInUser(context) };
}

const base = "/user-dashboard";
const sections: NavSection[] = [
  {
    links: [
      { to: base, label: "Overview", end: true },
      { to: `${base}/bookings`, label: "Bookings" },
      { to: `${base}/messages`, label: "Messages" },
      { to: `${base}/mentors`, label: "My Mentors" },
      { to: `${base}/payments`, label: "Payments" },
      { to: `${base}/profile`, label: "Profile" },
      { to: `${base}/settings`, label: "Settings" },
      { to: `${base}/query`, label: "Support Queries" },
    ],
  },
];

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell areaLabel="My Dashboard" homeHref={base} sections={sections} user={loaderData.user}>
      <Outlet />
    </DashboardShell>
  );
}
