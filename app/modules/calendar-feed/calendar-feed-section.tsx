import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import type { CalendarFeedView } from "./calendar-feed.server.ts";

const copyField = "w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800";

function FeedButton({ change, children, variant = "secondary" }: { change: string; children: string; variant?: "primary" | "secondary" | "danger" }) {
  const pending = useIsPending({ intent: "calendar-feed" });
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="calendar-feed" />
      <input type="hidden" name="change" value={change} />
      <Button type="submit" variant={variant} disabled={pending}>{children}</Button>
    </Form>
  );
}

/** Settings' "Calendar feed": the secret address a calendar app subscribes to, and what it shows. */
export function CalendarFeedSection({ feed }: { feed: CalendarFeedView }) {
  if (!feed) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-slate-600">Make a private address and add it to your calendar app once: new, moved and cancelled sessions then show there by themselves.</p>
        <div><FeedButton change="renew" variant="primary">Make my calendar address</FeedButton></div>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <label htmlFor="calendar-feed-url" className="text-sm font-medium text-slate-800">Your calendar address</label>
        <input id="calendar-feed-url" readOnly value={feed.webcalUrl} className={copyField} aria-describedby="calendar-feed-help" onFocus={(event) => event.currentTarget.select()} />
        <p id="calendar-feed-help" className="text-xs text-slate-500">
          In Apple Calendar or Outlook, open it or choose "Subscribe to calendar"; in Google Calendar, "From URL" with{" "}
          <a href={feed.httpsUrl} className="underline">the https address</a>. Keep it to yourself: anyone with it sees your sessions.
          {feed.lastReadAt ? <> Last read by a calendar <LocalTime value={feed.lastReadAt} />.</> : " No calendar has read it yet."}
        </p>
      </div>
      <Form method="post" preventScrollReset className="grid gap-2">
        <input type="hidden" name="intent" value="calendar-feed" />
        <input type="hidden" name="change" value="topics" />
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-800">What your calendar shows</legend>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="radio" name="showTopics" value="no" defaultChecked={!feed.showTopics} className="mt-0.5 size-4 accent-brand-600" />
            Only "Mentoring session with …" (good for a shared family or church calendar)
          </label>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input type="radio" name="showTopics" value="yes" defaultChecked={feed.showTopics} className="mt-0.5 size-4 accent-brand-600" />
            The session's topic too
          </label>
        </fieldset>
        <div><Button type="submit" variant="secondary">Save</Button></div>
      </Form>
      <div className="flex flex-wrap gap-3 border-t border-slate-100 pt-4">
        <FeedButton change="renew">Make a new address</FeedButton>
        <FeedButton change="off" variant="danger">Turn off</FeedButton>
      </div>
      <p className="text-xs text-slate-500">A new address stops the old one at once: use it if the address reached someone it should not have.</p>
    </div>
  );
}
