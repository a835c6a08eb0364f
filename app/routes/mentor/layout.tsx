import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardShell, type NavSection } from "#app/components/layout/dashboard-shell.tsx";
import { currentUser, requireRole, signedInUser } from "#app/lib/guards.server.ts";
import { mentorLinks } from "#app/lib/links.ts";
import { timeZoneOf } from "#app/lib/time-zones.server.ts";
import { TimeZoneNotice } from "#app/modules/account-settings/time-zone-notice.tsx";
import type { SessionUser } from "#app/lib/session.server.ts";
import { unreadCount } from "#app/modules/messages/messages.server.ts";
import { LiveUpdates } from "#app/modules/notifications/live-updates.tsx";
import { NotificationBell } from "#app/modules/notifications/notification-bell.tsx";
import { latestNotifications, unreadNotificationCount } from "#app/modules/notifications/notifications.server.ts";

/** An administrator approved the guide (read with their session, on every request). */
const isApproved = (user: SessionUser) => user.role === "guide" && user.isVerified === true;

/** The screen a guide may open before an admin approved them: where their application stands. */
const isApplicationPage = (url: URL) => url.pathname.replace(/\.data$/, "").replace(/\/+$/, "") === mentorLinks.application;

/**
 * A guide whose application is pending or was rejected sees only their application: every other mentor screen
 * (and its loader and action) sends them there.
 */
const requireApprovedGuide: Route.MiddlewareFunction = async ({ request, context }) => {
  const user = context.get(currentUser);
  if (!user || isApplicationPage(new URL(request.url))) return;
  if (!isApproved(user)) throw redirect(mentorLinks.application);
};

export const middleware: Route.MiddlewareFunction[] = [requireRole(["guide"]), requireApprovedGuide];

export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const approved = isApproved(user);
  if (!approved) return { user, approved, unreadMessages: 0, unreadNotifications: 0, notifications: [], timeZone: null };
  const [unreadMessages, unreadNotifications, notifications, timeZone] = await Promise.all([
    unreadCount(user),
    unreadNotificationCount(user.id),
    latestNotifications(user.id),
    timeZoneOf(user.id),
  ]);
  return { user, approved, unreadMessages, unreadNotifications, notifications, timeZone };
}

/** The navigation, with the unread messages beside Messages. */
const sectionsWith = (unreadMessages: number): NavSection[] => [
  {
    links: [
      { to: mentorLinks.overview, label: "Overview", end: true },
      { to: mentorLinks.profile, label: "Profile" },
      { to: mentorLinks.content, label: "Published content" },
      { to: mentorLinks.availability, label: "Availability" },
      { to: mentorLinks.bookings, label: "Bookings" },
      { to: mentorLinks.messages, label: "Messages", badge: unreadMessages, badgeLabel: "unread" },
      { to: mentorLinks.notifications, label: "Notifications" },
      { to: mentorLinks.pricing, label: "Pricing" },
      { to: mentorLinks.billing, label: "Billing" },
      { to: mentorLinks.reviews, label: "Reviews" },
      { to: mentorLinks.settings, label: "Settings" },
      { to: mentorLinks.query, label: "Support Queries" },
    ],
  },
];

/** Before approval there is one screen to go to. */
const applicantSections: NavSection[] = [{ links: [{ to: mentorLinks.application, label: "My Application" }] }];

export default function MentorLayout({ loaderData }: Route.ComponentProps) {
  const { user, approved, unreadMessages, unreadNotifications, notifications, timeZone } = loaderData;
  return (
    <DashboardShell
      areaLabel="Mentor Dashboard"
      homeHref={approved ? mentorLinks.overview : mentorLinks.application}
      sections={approved ? sectionsWith(unreadMessages) : applicantSections}
      user={user}
      headerActions={approved ? <NotificationBell unread={unreadNotifications} latest={notifications} href={mentorLinks.notifications} /> : null}
    >
      {approved ? <LiveUpdates /> : null}
      {timeZone ? <TimeZoneNotice accountZone={timeZone} settingsHref={mentorLinks.settings} movesHours /> : null}
      <Outlet />
    </DashboardShell>
  );
}
