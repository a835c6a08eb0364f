import { Bell } from "#app/components/ui/icons.ts";
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cn } from "#app/lib/cn.ts";
import { useAfterNavigation } from "#app/lib/use-after-navigation.ts";
import type { NotificationRow } from "./notifications.server.ts";

/** One notification as a button: opening it marks it read and goes where it points (a form: works without JavaScript). */
export function NotificationItem({ notification, action, compact = false }: { notification: NotificationRow; action: string; compact?: boolean }) {
  const unread = !notification.readAt;
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="id" value={notification.id} />
      <button
        type="submit"
        className={cn(
          "grid w-full gap-0.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50",
          compact ? "px-4 py-3" : "px-6 py-4",
          unread && "bg-brand-50/60",
        )}
      >
        <span className="flex items-start gap-2">
          {unread ? <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" /> : null}
          <span className={cn("text-sm text-slate-900", unread ? "font-semibold" : "font-medium")}>
            {unread ? <span className="sr-only">Unread: </span> : null}
            {notification.title}
          </span>
        </span>
        {notification.body ? <span className={cn("text-sm text-slate-600", compact && "line-clamp-2")}>{notification.body}</span> : null}
        <span className="text-xs text-slate-600">
          <LocalTime value={notification.createdAt} />
        </span>
      </button>
    </Form>
  );
}

/**
 * The bell in a dashboard's top bar: the unread count, and a panel of the newest notifications with
 * "Mark all as read" and a link to all of them. A <details> element: it opens and closes without JavaScript.
 */
export function NotificationBell({ unread, latest, href }: { unread: number; latest: NotificationRow[]; href: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useAfterNavigation(() => {
    if (ref.current) ref.current.open = false;
  });
  useEffect(() => {
    // A click outside the open panel closes it.
    const onClick = (event: MouseEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <details
      ref={ref}
      className="relative"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !event.currentTarget.open) return;
        event.currentTarget.open = false;
        event.currentTarget.querySelector("summary")?.focus();
      }}
    >
      <summary
        aria-label={label}
        title="Notifications"
        className="relative flex cursor-pointer list-none items-center rounded-full p-1.5 text-slate-700 hover:bg-slate-100 sm:p-2 [&::-webkit-details-marker]:hidden"
      >
        <Bell className="size-5" />
        {unread > 0 ? (
          <span data-testid="bell-count" aria-hidden className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs font-bold leading-5 text-white">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl">
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
          {unread > 0 ? (
            <Form method="post" action={href}>
              <input type="hidden" name="intent" value="read-all" />
              <button type="submit" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">Mark all as read</button>
            </Form>
          ) : null}
        </div>
        {latest.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">You have no notifications yet.</p>
        ) : (
          <ul className="max-h-[60vh] divide-y divide-slate-100 overflow-y-auto">
            {latest.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} action={href} compact />
              </li>
            ))}
          </ul>
        )}
        <Link to={href} className="block border-t border-slate-200 px-4 py-3 text-center text-sm font-medium text-brand-700 hover:bg-slate-50">
          See all notifications
        </Link>
      </div>
    </details>
  );
}
