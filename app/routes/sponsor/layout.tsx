import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell, type NavSection } from "#app/components/layout/dashboard-shell.tsx";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { redirectWithInfo } from "#app/lib/toast.server.ts";
import { requireSponsorAdmin } from "#app/modules/sponsorship/sponsorship.server.ts";
import { twoFactorMessages } from "#app/modules/two-factor/messages.ts";
import { twoFactorState } from "#app/modules/two-factor/two-factor.server.ts";

// /sponsor: an organisation's sponsorship, for its sponsor admins only (anyone else: 404, before any loader runs).
// Every page is server-rendered links and forms, so it all works without JavaScript.

const requireSponsor: Route.MiddlewareFunction = async ({ request, context }) => {
  const person = signedInUser(context);
  try {
    await requireSponsorAdmin(person);
  } catch (error) {
    throwForScreen(error);
  }
  // Two-factor sign-in is required of whoever runs a sponsorship (its money and its pastors' totals), as of admins.
  if (!(await twoFactorState(person.id)).enabled) {
    // …and leads back to the page they were opening (a new founder's "Thank you" for the funding just paid).
    const { pathname, search } = new URL(request.url);
    const back = new URLSearchParams({ next: pathname + search });
    throw await redirectWithInfo(`${homeOf(person)}/settings/two-factor?${back}`, { message: "Two-Factor Sign-In Needed", description: twoFactorMessages.sponsorSetupNeeded });
  }
};

const homeOf = (person: { role: string }) => (person.role === "guide" ? "/mentor-dashboard" : "/user-dashboard");

export const middleware: Route.MiddlewareFunction[] = [requireRole(["user", "guide"]), requireSponsor];

export function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  return { user, home: homeOf(user) };
}

const sections = (home: string): NavSection[] => [
  {
    links: [
      { to: "/sponsor", label: "Overview", end: true },
      { to: "/sponsor/pastors", label: "Pastors" },
      { to: "/sponsor/ledger", label: "Ledger" },
      { to: "/sponsor/fund", label: "Add funds" },
      { to: "/sponsor/rules", label: "Rules" },
      { to: "/sponsor/invites", label: "Invitations" },
      { to: "/sponsor/webhooks", label: "Webhooks", childScreens: ["/sponsor/webhooks/:id"] },
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
