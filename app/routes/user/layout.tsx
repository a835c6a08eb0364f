import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell, type NavSection } from "#app/components/layout/dashboard-shell.tsx";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { userLinks } from "#app/lib/links.ts";

export const middleware: Route.MiddlewareFunction[] = [requireRole(["user"])];

export function loader({ context }: Route.LoaderArgs) {
  return { user: signedInUser(context) };
}

const sections: NavSection[] = [
  {
    links: [
      { to: userLinks.overview, label: "Overview", end: true },
      { to: userLinks.bookings, label: "Bookings" },
      { to: userLinks.messages, label: "Messages" },
      { to: userLinks.mentors, label: "My Mentors" },
      { to: userLinks.payments, label: "Payments" },
      { to: userLinks.profile, label: "Profile" },
      { to: userLinks.settings, label: "Settings" },
      { to: userLinks.query, label: "Support Queries" },
    ],
  },
];

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell areaLabel="My Dashboard" homeHref={userLinks.overview} sections={sections} user={loaderData.user}>
      <Outlet />
    </DashboardShell>
  );
}
