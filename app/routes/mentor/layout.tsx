import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell, type NavSection } from "#app/components/layout/dashboard-shell.tsx";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";

export const middleware: Route.MiddlewareFunction[] = [requireRole(["guide"])];

export function loader({ context }: Route.LoaderArgs) {
  return { user: signedInUser(context) };
}

const base = "/mentor-dashboard";
const sections: NavSection[] = [
  {
    links: [
      { to: base, label: "Overview", end: true },
      { to: `${base}/profile`, label: "Profile" },
      { to: `${base}/availability`, label: "Availability" },
      { to: `${base}/bookings`, label: "Bookings" },
      { to: `${base}/messages`, label: "Messages" },
      { to: `${base}/pricing`, label: "Pricing" },
      { to: `${base}/billing`, label: "Billing" },
      { to: `${base}/reviews`, label: "Reviews" },
      { to: `${base}/settings`, label: "Settings" },
      { to: `${base}/query`, label: "Support Queries" },
    ],
  },
];

export default function MentorLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell areaLabel="Mentor Dashboard" homeHref={base} sections={sections} user={loaderData.user}>
      <Outlet />
    </DashboardShell>
  );
}
