import { Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cn } from "#app/lib/cn.ts";
import type { ThreadRow } from "./messages.server.ts";

/**
 * One conversation in a thread list (the console's Messaging and both dashboards' Messages): the other person
 * (`name`, as the viewer should read it), the latest message and the unread count, linking to the conversation.
 */
export function ThreadLink({ thread, name, href, active }: { thread: ThreadRow; name: string; href: string; active: boolean }) {
  return (
    <Link
      to={href}
      preventScrollReset
      aria-current={active ? "true" : undefined}
      className={cn("flex gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50", active && "bg-brand-50 hover:bg-brand-50")}
    >
      <Avatar imageId={thread.person.imageId} name={thread.person.name} className="size-10 shrink-0" />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className={cn("min-w-0 text-sm break-words text-slate-900", thread.unread > 0 ? "font-bold" : "font-medium")}>{name}</p>
          <span className="shrink-0 text-xs text-slate-600"><LocalTime value={thread.lastMessage.createdAt} format="date" /></span>
        </div>
        <div className="flex items-center justify-between gap-2">
          <p className="truncate text-sm text-slate-600">
            {thread.lastMessage.fromMe ? "You: " : ""}
            {thread.lastMessage.body}
          </p>
          {thread.unread > 0 ? (
            <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
              {thread.unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </div>
      </div>
    </Link>
  );
}
