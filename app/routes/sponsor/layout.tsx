import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell, type NavSection } from "#app/components/layout/dashboard-shell.tsx";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { requireSponsorAdmin } from "#app/modules/sponsorship/sponsorship.server.ts";

// /sponsor: an organisation's sponsorship, for its sponsor admins only (anyone else: 404, before any loader runs).
// Every page is server-rendered links and forms, so it all works without JavaScript.

const requireSponsor: Route.MiddlewareFunction = async ({ context }) => {
  try {
    await requireSponsorAdmin(signedInUser(context));
  } catch (error) {
    throwForScreen(error);
  }
};

export const middleware: Route.MiddlewareFunction[] = [requireRole(["user", "guide"]), requireSponsor];

export function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  return { user, home: user.role === "guide" ? "/mentor-dashboard" : "/user-dashboard" };
}

const sections = (home: string): NavSection[] => [
  {
    links: [
      { to: "/sponsor", label: "Overview", end: true, childScreens: ["/sponsor/pastors/:id"] },
      { to: "/sponsor/fund", label: "Add funds" },
      { to: "/sponsor/rules", label: "Rules" },
      { to: "/sponsor/invites", label: "Invitations" },
      { to: home, label: "My dashboard" },
    ],
  },
];

export default function SponsorLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell areaLabel="Sponsorship" homeHref="/sponsor" sections={sections(loaderData.home)} user={loaderData.user}>
      <Outlet />
    </DashboardShell>
  );
}
