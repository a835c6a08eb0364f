import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell, type NavSection } from "#app/components/layout/dashboard-shell.tsx";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { mentorLinks } from "#app/lib/links.ts";

export const middleware: Route.MiddlewareFunction[] = [requireRole(["guide"])];

export function loader({ context }: Route.LoaderArgs) {
  return { user: signedInUser(context) };
}

const sections: NavSection[] = [
  {
    links: [
      { to: mentorLinks.overview, label: "Overview", end: true },
      { to: mentorLinks.profile, label: "Profile" },
      { to: mentorLinks.availability, label: "Availability" },
      { to: mentorLinks.bookings, label: "Bookings" },
      { to: mentorLinks.messages, label: "Messages" },
      { to: mentorLinks.pricing, label: "Pricing" },
      { to: mentorLinks.billing, label: "Billing" },
      { to: mentorLinks.reviews, label: "Reviews" },
      { to: mentorLinks.settings, label: "Settings" },
      { to: mentorLinks.query, label: "Support Queries" },
    ],
  },
];

export default function MentorLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell areaLabel="Mentor Dashboard" homeHref={mentorLinks.overview} sections={sections} user={loaderData.user}>
      <Outlet />
    </DashboardShell>
  );
}
