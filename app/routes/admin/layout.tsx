import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell, type NavSection } from "#app/components/layout/dashboard-shell.tsx";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { adminLinks, authLinks } from "#app/lib/links.ts";

export const middleware: Route.MiddlewareFunction[] = [requireRole(["admin"], { loginPath: authLinks.adminLogin })];

export function loader({ context }: Route.LoaderArgs) {
  return { user: signedInUser(context) };
}

const sections: NavSection[] = [
  { links: [{ to: adminLinks.overview, label: "Overview", end: true }] },
  {
    heading: "People",
    links: [
      { to: adminLinks.userManagement, label: "User Management" },
      { to: adminLinks.guides, label: "Guides" },
      { to: adminLinks.guideRequests, label: "Guide Requests" },
      { to: adminLinks.peopleDirectory, label: "Users and Guides" },
    ],
  },
  {
    heading: "Operations",
    links: [
      { to: adminLinks.bookings, label: "Bookings" },
      { to: adminLinks.transactions, label: "Transactions" },
      { to: adminLinks.reviews, label: "Reviews" },
      { to: adminLinks.customerQueries, label: "Customer Queries" },
      { to: adminLinks.messaging, label: "Messaging" },
    ],
  },
  {
    heading: "Content",
    links: [
      { to: adminLinks.homePageContent, label: "Home Page" },
      { to: adminLinks.platformPageContent, label: "Platform Page" },
      { to: adminLinks.becomeAGuidePageContent, label: "Become a Guide Page" },
      { to: adminLinks.resources, label: "Resources" },
      { to: adminLinks.faqs, label: "FAQs" },
    ],
  },
  {
    heading: "Account",
    links: [
      { to: adminLinks.myProfile, label: "My Profile" },
      { to: adminLinks.changePassword, label: "Change Password" },
      { to: adminLinks.settings, label: "Settings" },
    ],
  },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell areaLabel="Admin Console" homeHref={adminLinks.overview} sections={sections} user={loaderData.user}>
      <Outlet />
    </DashboardShell>
  );
}
