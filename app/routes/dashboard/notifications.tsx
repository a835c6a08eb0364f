import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { Button } from "#app/components/ui/button.tsx";
import { Pagination } from "#app/components/ui/data-table.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { backTo, HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { NotificationItem } from "#app/modules/notifications/notification-bell.tsx";
import { listNotifications, markAllNotificationsRead, markNotificationRead, unreadNotificationCount } from "#app/modules/notifications/notifications.server.ts";
import { notificationActionSchema, notificationList } from "#app/modules/notifications/schema.ts";

/**
 * Notifications, for mentees (/user-dashboard/notifications) and guides (/mentor-dashboard/notifications): the
 * bell's full list, newest first. Opening one marks it read and goes where it points; "Mark all as read" too.
 * The bell's panel posts to this route's action, from any screen of the dashboard.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = signedInUser(context);
  const url = new URL(request.url);
  try {
    const { state } = parseScreenList(notificationList, url);
    const [{ data: notifications, meta }, unread] = await Promise.all([listNotifications(me.id, state), unreadNotificationCount(me.id)]);
    redirectPastLastPage(url, state, meta);
    return { notifications, meta, state, unread };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = signedInUser(context);
  const here = backTo(request);
  const submission = parseWithZod(await request.formData(), { schema: notificationActionSchema });
  if (submission.status !== "success") return redirectWithError(here, { message: "Action Failed", description: "Unknown action" });
  if (submission.value.intent === "read-all") {
    const count = await markAllNotificationsRead(me.id);
    return redirectWithSuccess(here, { message: "All caught up", description: count === 1 ? "1 notification marked as read." : `${count} notifications marked as read.` });
  }
  try {
    const { href } = await markNotificationRead(me.id, submission.value.id);
    // Only links inside the site: a notification's link is ours, but never follow one elsewhere.
    return redirect(href && href.startsWith("/") && !href.startsWith("//") ? href : here);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithError(here, { message: "Action Failed", description: error.message });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Notifications · Ministry Mentors" }];

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { notifications, meta, state, unread } = loaderData;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Notifications</h1>
          <p className="text-sm text-slate-600">{unread === 0 ? "You're all caught up." : unread === 1 ? "1 unread notification" : `${unread} unread notifications`}</p>
        </div>
        {unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" variant="secondary">Mark all as read</Button>
          </Form>
        ) : null}
      </div>
      <section aria-label="Notifications" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {notifications.length === 0 ? (
          <p className="px-6 py-10 text-center text-sm text-slate-500">You have no notifications yet. Bookings, messages and answers to your questions will show up here.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} action="." />
              </li>
            ))}
          </ul>
        )}
        {meta.totalPages > 1 ? <Pagination state={state} defaults={notificationList.defaults} meta={meta} /> : null}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Notifications</h1>
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        {`Failed to load notifications${message ? `: ${message}` : ""}`} <Link to="." className="font-medium underline">Try again</Link>
      </p>
    </div>
  );
}
