import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell, type NavSection } from "#app/components/layout/dashboard-shell.tsx";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { authLinks } from "#app/lib/links.ts";
import { savedViewLists } from "#app/modules/saved-views/lists.ts";
import { listSavedViews } from "#app/modules/saved-views/saved-views.server.ts";

export const middleware: Route.MiddlewareFunction[] = [requireRole(["admin"], { loginPath: authLinks.adminLogin })];

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  // The admin's saved views, each under its list in the sidebar.
  const views = (await listSavedViews(user)).map(({ id, list, name, href }) => ({ id, path: savedViewLists[list].path, name, href }));
  return { user, views };
}

/** Route patterns of console screens that open from a list (a form, a profile): their list's item stays highlighted. */
const screensOf = (paths: string[]) => paths.map((path) => `${adminLinks.overview}/${path}`);

const sections: NavSection[] = [
  { links: [{ to: adminLinks.overview, label: "Overview", end: true }] },
  {
    heading: "People",
    links: [
      { to: adminLinks.userManagement, label: "User Management", childScreens: [adminLinks.users, ...screensOf(["add-User", "edit-User/:id", "viewuser/:id"])] },
      { to: adminLinks.guides, label: "Guides", childScreens: screensOf(["add-Guide", "editGuide/:id", "viewAddGuide", "viewAddGuide/:id"]) },
      { to: adminLinks.organisations, label: "Organisations", childScreens: screensOf(["organisations/:id", "organisations/:id/merge"]) },
      { to: adminLinks.guideRequests, label: "Guide Requests" },
      { to: adminLinks.peopleDirectory, label: "Users and Guides" },
    ],
  },
  {
    heading: "Operations",
    links: [
      { to: adminLinks.bookings, label: "Bookings", childScreens: screensOf(["viewBookingPage/:id"]) },
      { to: adminLinks.transactions, label: "Transactions" },
      { to: adminLinks.payouts, label: "Payouts" },
      { to: adminLinks.reviews, label: "Reviews" },
      { to: adminLinks.customerQueries, label: "Customer Queries" },
      { to: adminLinks.messaging, label: "Messaging" },
      { to: adminLinks.outbox, label: "Outbox" },
      { to: adminLinks.auditLog, label: "Audit log" },
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
      { to: adminLinks.blog, label: "Blog" },
      { to: adminLinks.successStories, label: "Success Stories" },
    ],
  },
  {
    heading: "Account",
    links: [
      { to: adminLinks.myProfile, label: "My Profile" },
      { to: adminLinks.changePassword, label: "Change Password" },
      { to: adminLinks.settings, label: "Settings" },
      { to: adminLinks.covenant, label: "Covenant" },
      { to: adminLinks.savedViews, label: "Saved Views" },
    ],
  },
];

/** The sections with each list's saved views nested under its item. */
function withViews(views: Route.ComponentProps["loaderData"]["views"]): NavSection[] {
  if (views.length === 0) return sections;
  return sections.map((section) => ({
    ...section,
    links: section.links.map((link) => {
      const nested = views.filter((view) => view.path === link.to).map((view) => ({ to: view.href, label: view.name }));
      return nested.length ? { ...link, views: nested } : link;
    }),
  }));
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell areaLabel="Admin Console" homeHref={adminLinks.overview} sections={withViews(loaderData.views)} user={loaderData.user}>
      <Outlet />
    </DashboardShell>
  );
}
