import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell, type NavSection } from "#app/components/layout/dashboard-shell.tsx";
import { requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { userLinks } from "#app/lib/links.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { TimeZoneNotice } from "#app/modules/account-settings/time-zone-notice.tsx";
import { unreadCount } from "#app/modules/messages/messages.server.ts";
import { LiveUpdates } from "#app/modules/notifications/live-updates.tsx";
import { NotificationBell } from "#app/modules/notifications/notification-bell.tsx";
import { latestNotifications, unreadNotificationCount } from "#app/modules/notifications/notifications.server.ts";

export const middleware: Route.MiddlewareFunction[] = [requireRole(["user"])];

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const [unreadMessages, unreadNotifications, notifications, timeZone] = await Promise.all([
    unreadCount(user),
    unreadNotificationCount(user.id),
    latestNotifications(user.id),
    timeZoneOf(user.id),
  ]);
  return { user, unreadMessages, unreadNotifications, notifications, timeZone };
}

/** The navigation, with the unread messages beside Messages. */
const sectionsWith = (unreadMessages: number): NavSection[] => [
  {
    links: [
      { to: userLinks.overview, label: "Overview", end: true },
      { to: userLinks.bookings, label: "Bookings" },
      { to: userLinks.messages, label: "Messages", badge: unreadMessages, badgeLabel: "unread" },
      { to: userLinks.notifications, label: "Notifications" },
      { to: userLinks.mentors, label: "My Mentors" },
      { to: userLinks.payments, label: "Payments" },
      { to: userLinks.profile, label: "Profile" },
      { to: userLinks.settings, label: "Settings" },
      { to: userLinks.query, label: "Support Queries" },
    ],
  },
];

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  const { user, unreadMessages, unreadNotifications, notifications, timeZone } = loaderData;
  return (
    <DashboardShell
      areaLabel="My Dashboard"
      homeHref={userLinks.overview}
      sections={sectionsWith(unreadMessages)}
      user={user}
      headerActions={<NotificationBell unread={unreadNotifications} latest={notifications} href={userLinks.notifications} />}
    >
      <LiveUpdates />
      <TimeZoneNotice accountZone={timeZone} settingsHref={userLinks.settings} />
      <Outlet />
    </DashboardShell>
  );
}
