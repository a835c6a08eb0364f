import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell, type NavSection } from "#app/components/layout/dashboard-shell.tsx";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";

export const middleware: Route.MiddlewareFunction[] = [requireRole(["admin"], { loginPath: "/admin/login" })];

export function loader({ context }: Route.LoaderArgs) {
  return { user: signedInUser(context) };
}

const base = "/admin/dashboard";
const sections: NavSection[] = [
  { links: [{ to: base, label: "Overview", end: true }] },
  {
    heading: "People",
    links: [
      { to: `${base}/UserManagement`, label: "User Management" },
      { to: `${base}/user-management/guide`, label: "Guides" },
      { to: `${base}/guide-request`, label: "Guide Requests" },
      { to: `${base}/user-guide`, label: "Users and Guides" },
    ],
  },
  {
    heading: "Operations",
    links: [
      { to: `${base}/Bookings`, label: "Bookings" },
      { to: `${base}/all-transactions`, label: "Transactions" },
      { to: `${base}/all-review`, label: "Reviews" },
      { to: `${base}/customer-queries`, label: "Customer Queries" },
      { to: `${base}/messaging`, label: "Messaging" },
    ],
  },
  {
    heading: "Content",
    links: [
      { to: `${base}/website-content`, label: "Home Page" },
      { to: `${base}/platform`, label: "Platform Page" },
      { to: `${base}/become_a_guide`, label: "Become a Guide Page" },
      { to: `${base}/resource-content`, label: "Resources" },
      { to: `${base}/faqs`, label: "FAQs" },
    ],
  },
  {
    heading: "Account",
    links: [
      { to: `${base}/myprofile`, label: "My Profile" },
      { to: `${base}/change-password`, label: "Change Password" },
      { to: `${base}/settings`, label: "Settings" },
    ],
  },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell areaLabel="Admin Console" homeHref={base} sections={sections} user={loaderData.user}>
      <Outlet />
    </DashboardShell>
  );
}
