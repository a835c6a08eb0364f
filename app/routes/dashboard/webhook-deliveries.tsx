import { Link } from "react-router";
import type { Route } from "./+types/webhook-deliveries";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { cellClass } from "#app/components/ui/profile-parts.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { DELIVERIES_KEPT_DAYS, WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from "#app/modules/webhooks/events.ts";
import { attemptList, type AttemptSort } from "#app/modules/webhooks/schema.ts";
import { listWebhookAttempts, webhookEndpointOf } from "#app/modules/webhooks/webhooks.server.ts";

// One webhook endpoint's deliveries (both dashboards mount it under settings/webhooks/:id, a sponsor's pages under
// /sponsor/webhooks/:id): every attempt, with what the endpoint answered and how long it took.

const frame = {
  title: "Webhook deliveries",
  width: "max-w-5xl",
  heading: "Attempts",
  search: { placeholder: "Search by event...", label: "Search the attempts by event type" },
  caption: "Delivery attempts to this endpoint",
  minWidth: "44rem",
  columns: [
    { label: "Sent", sort: "attemptedAt" },
    { label: "Event" },
    { label: "Answer", sort: "statusCode" },
    { label: "Time", sort: "duration", align: "right" },
    { label: "Response" },
  ],
  loadingText: "Loading attempts...",
  empty: "Nothing has been sent to this endpoint yet.",
} satisfies ListFrame<AttemptSort>;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const person = signedInUser(context);
    const endpointId = recordParam(params.id, WEBHOOK_MESSAGES.notFound);
    const { state, filters } = parseScreenList(attemptList, url);
    const [endpoint, { data: attempts, meta }] = await Promise.all([webhookEndpointOf(person, endpointId), listWebhookAttempts(person, endpointId, state, filters)]);
    redirectPastLastPage(url, state, meta);
    // Mounted under both dashboards' settings and under /sponsor/webhooks: back to where the endpoint is listed.
    const back = url.pathname.startsWith("/sponsor/") ? { href: "/sponsor/webhooks", label: "Back to Webhooks" } : { href: url.pathname.replace(/\/webhooks\/[^/]+\/?$/, ""), label: "Back to Settings" };
    return { endpoint, attempts, meta, state, filters, back };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Webhook deliveries · Ministry Mentors" }];

export default function WebhookDeliveries({ loaderData }: Route.ComponentProps) {
  const { endpoint, attempts, meta, state, filters, back } = loaderData;
  return (
    <div className="grid gap-4">
      <p className="mx-auto w-full max-w-5xl text-sm">
        <Link to={back.href} className="font-medium text-brand-700 underline underline-offset-2">{back.label}</Link>
      </p>
      <ListScreen
        frame={frame}
        list={attemptList}
        state={state}
        meta={meta}
        rows={attempts}
        notice={
          <p className="px-4 pt-3 text-sm text-slate-700">
            To <span className="break-all font-medium text-slate-900">{endpoint.url}</span>
            {endpoint.enabled ? null : <span className="font-medium text-amber-800"> (off)</span>}. An attempt not answered 2xx is tried again later, for up to a day.
          </p>
        }
        filters={
          <FilterBar
            selects={[
              { name: "outcome", label: "Outcome", value: filters.outcome ?? "", allLabel: "Every outcome", options: [{ value: "delivered", label: "Delivered" }, { value: "refused", label: "Not delivered" }] },
              { name: "event", label: "Event", value: filters.event ?? "", allLabel: "Every event", options: WEBHOOK_EVENTS.map((event) => ({ value: event.value, label: event.value })) },
            ]}
          />
        }
      >
        {(attempt) => (
          <tr key={attempt.id} className="hover:bg-slate-50">
            <td className={cellClass}><LocalTime value={attempt.attemptedAt} /></td>
            <td className={cellClass}>
              <span className="font-mono text-xs text-slate-900">{attempt.eventType}</span>
              <span className="block font-mono text-xs text-slate-500">{attempt.messageId}</span>
            </td>
            <td className={cellClass}>
              <StatusBadge tone={attempt.delivered ? "green" : attempt.deliveryStatus === "failed" ? "red" : "amber"}>
                {attempt.statusCode ?? "No answer"} · {attempt.delivered ? "Delivered" : attempt.deliveryStatus === "failed" ? "Failed" : "Not delivered"}
              </StatusBadge>
            </td>
            <td className={`${cellClass} text-right tabular-nums`}>{attempt.durationMs} ms</td>
            <td className={`${cellClass} max-w-xs break-words font-mono text-xs text-slate-600`}>{attempt.excerpt || "—"}</td>
          </tr>
        )}
      </ListScreen>
      <p className="mx-auto w-full max-w-5xl text-sm text-slate-600">Deliveries are kept for {DELIVERIES_KEPT_DAYS} days.</p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ListScreenError frame={frame}>{routeErrorMessage(error) ?? "Failed to load the deliveries"}</ListScreenError>;
}
