import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { WEBHOOK_EVENTS, type WebhookEventType } from "./events.ts";
import type { EndpointView } from "./webhooks.server.ts";

type Reply = SubmissionResult<string[]>;

function NewEndpointForm({ lastResult, choices }: { lastResult?: Reply; choices: readonly WebhookEventType[] }) {
  const adding = useIsPending({ intent: "new-webhook" });
  const [form, fields] = useAppForm({
    id: "new-webhook",
    lastResult,
    defaultValue: { events: ["booking.created", "booking.cancelled"] },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("./schema.ts").then((module) => module.newEndpointSchema),
  });
  const chosen = new Set((fields.events.initialValue as string[] | string | undefined) ?? []);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="new-webhook" />
      <Field label="Endpoint URL" htmlFor={fields.url.id} hint="A public https address that accepts POST requests" errors={fields.url.errors} errorId={fields.url.errorId}>
        <Input {...getInputProps(fields.url, { type: "url", ariaDescribedBy: `${fields.url.id}-hint` })} maxLength={500} autoComplete="off" placeholder="https://example.org/webhooks" />
      </Field>
      <fieldset className="grid gap-2" aria-describedby={fields.events.errorId}>
        <legend className="text-sm font-medium text-slate-800">Events to send</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.filter((event) => choices.includes(event.value)).map((event) => (
            <label key={event.value} className="flex items-start gap-3 text-sm text-slate-700">
              <input type="checkbox" name={fields.events.name} value={event.value} defaultChecked={chosen.has(event.value)} className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-600" />
              <span className="min-w-0"><span className="font-mono text-xs font-medium text-slate-900">{event.value}</span><span className="block text-slate-600">{event.description}</span></span>
            </label>
          ))}
        </div>
        <ErrorList id={fields.events.errorId} errors={fields.events.errors} />
      </fieldset>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div><Button type="submit" disabled={adding}>{adding ? "Adding…" : "Add endpoint"}</Button></div>
    </Form>
  );
}

function EndpointButton({ endpoint, change, label, variant = "secondary" }: { endpoint: EndpointView; change: string; label: string; variant?: "secondary" | "danger" }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="webhook" />
      <input type="hidden" name="endpointId" value={endpoint.id} />
      <input type="hidden" name="change" value={change} />
      <Button type="submit" variant={variant} size="sm" aria-label={`${label}: ${endpoint.url}`}>{label}</Button>
    </Form>
  );
}

/**
 * Settings' "Webhooks": the person's endpoints (each with its last attempt, a link to its deliveries, a new secret,
 * off/on and delete), the form for a new one, and a signing secret shown once after it is made.
 */
export function WebhooksSection({
  endpoints,
  secret,
  lastResult,
  choices = WEBHOOK_EVENTS.map((event) => event.value),
}: {
  endpoints: EndpointView[];
  secret?: { url: string; secret: string };
  lastResult?: Reply;
  /** The events this owner may ask for (a sponsor: booking.created and booking.cancelled). */
  choices?: readonly WebhookEventType[];
}) {
  const { pathname } = useLocation();
  // Each endpoint's deliveries: settings/webhooks/:id of a dashboard, /sponsor/webhooks/:id of a sponsor.
  const base = pathname.replace(/\/$/, "").replace(/\/webhooks$/, "");
  return (
    <div className="grid gap-5">
      {secret ? (
        <div role="status" className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          <p className="font-medium">Copy the signing secret of {secret.url} now: it is not shown again.</p>
          <label htmlFor="webhook-secret-value" className="sr-only">Signing secret</label>
          <input id="webhook-secret-value" readOnly value={secret.secret} onFocus={(event) => event.currentTarget.select()} className="w-full rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-xs text-slate-900" />
          <p>
            Each request carries <code className="font-mono">webhook-id</code>, <code className="font-mono">webhook-timestamp</code> and{" "}
            <code className="font-mono">webhook-signature</code> (Standard Webhooks): check them with this secret.
          </p>
        </div>
      ) : null}
      {endpoints.length ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Your webhook endpoints">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id} className="grid gap-3 p-3 text-sm">
              <div className="min-w-0">
                <p className="break-all font-medium text-slate-900">{endpoint.url}</p>
                <p className="break-words text-slate-600">{endpoint.events.join(", ")}</p>
                <p className={endpoint.enabled ? "text-slate-500" : "font-medium text-amber-800"}>
                  {endpoint.enabled ? "On" : "Off: nothing is sent"} · added <LocalTime value={endpoint.createdAt} format="date" /> ·{" "}
                  {endpoint.lastAttempt ? (
                    <>last sent <LocalTime value={endpoint.lastAttempt.at} />, {endpoint.lastAttempt.delivered ? "delivered" : `not delivered (${endpoint.lastAttempt.statusCode ?? "no answer"})`}</>
                  ) : "nothing sent yet"}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" size="sm" asChild>
                  <Link to={`${base}/webhooks/${endpoint.id}`}>Deliveries<span className="sr-only"> to {endpoint.url}</span></Link>
                </Button>
                <EndpointButton endpoint={endpoint} change="rotate" label="New secret" />
                {endpoint.enabled ? <EndpointButton endpoint={endpoint} change="disable" label="Turn off" /> : <EndpointButton endpoint={endpoint} change="enable" label="Turn on" />}
                <EndpointButton endpoint={endpoint} change="delete" label="Delete" variant="danger" />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">You have no webhook endpoints.</p>
      )}
      <NewEndpointForm key={secret?.secret ?? "new"} lastResult={secret ? undefined : lastResult} choices={choices} />
    </div>
  );
}
