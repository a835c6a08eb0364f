import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import type { AccessTokenView } from "./access-tokens.server.ts";
import { TOKEN_LIFETIMES, TOKEN_SCOPES, type TokenScope } from "./scopes.ts";

type Reply = SubmissionResult<string[]>;
const SCOPE_LABELS = Object.fromEntries(TOKEN_SCOPES.map((scope) => [scope.value, scope.label])) as Record<TokenScope, string>;
const selectClass = "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";

function NewTokenForm({ lastResult }: { lastResult?: Reply }) {
  const making = useIsPending({ intent: "new-token" });
  const [form, fields] = useAppForm({
    id: "new-token",
    lastResult,
    defaultValue: { scopes: ["read"], lifetime: "90" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("./schema.ts").then((module) => module.newTokenSchema),
  });
  const chosen = new Set((fields.scopes.initialValue as string[] | string | undefined) ?? []);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2 sm:items-start">
      <input type="hidden" name="intent" value="new-token" />
      <Field label="Token name" htmlFor={fields.name.id} hint="What uses it, e.g. Church website" errors={fields.name.errors} errorId={fields.name.errorId}>
        <Input {...getInputProps(fields.name, { type: "text", ariaDescribedBy: `${fields.name.id}-hint` })} maxLength={60} autoComplete="off" />
      </Field>
      <Field label="Expires" htmlFor={fields.lifetime.id} errors={fields.lifetime.errors} errorId={fields.lifetime.errorId}>
        <select {...getSelectProps(fields.lifetime)} className={selectClass}>
          {TOKEN_LIFETIMES.map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
        </select>
      </Field>
      <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={fields.scopes.errorId}>
        <legend className="text-sm font-medium text-slate-800">What it may do</legend>
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope.value} className="flex items-start gap-3 text-sm text-slate-700">
            <input type="checkbox" name={fields.scopes.name} value={scope.value} defaultChecked={chosen.has(scope.value)} className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-600" />
            <span><span className="font-medium text-slate-900">{scope.label}</span><span className="block text-slate-600">{scope.description}</span></span>
          </label>
        ))}
        <ErrorList id={fields.scopes.errorId} errors={fields.scopes.errors} />
      </fieldset>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="sm:col-span-2"><Button type="submit" disabled={making}>{making ? "Making…" : "Make token"}</Button></div>
    </Form>
  );
}

/** Settings' "API tokens": the person's tokens (revocable), a new one's form, and a new token shown once. */
export function AccessTokensSection({ tokens, created, lastResult }: { tokens: AccessTokenView[]; created?: { name: string; token: string }; lastResult?: Reply }) {
  return (
    <div className="grid gap-5">
      {created ? (
        <div role="status" className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          <p className="font-medium">Copy your new token "{created.name}" now: it is not shown again.</p>
          <label htmlFor="new-token-value" className="sr-only">Your new token</label>
          <input id="new-token-value" readOnly value={created.token} onFocus={(event) => event.currentTarget.select()} className="w-full rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-xs text-slate-900" />
          <p>Send it as <code className="font-mono">Authorization: Bearer …</code> to the API under <code className="font-mono">/api/v1</code>.</p>
        </div>
      ) : null}
      {tokens.length ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Your tokens">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{token.name} <span className="font-mono text-xs text-slate-500">…{token.hint}</span></p>
                <p className="text-slate-600">{token.scopes.map((scope) => SCOPE_LABELS[scope]).join(", ")} · made <LocalTime value={token.createdAt} format="date" /> · {token.lastUsedAt ? <>last used <LocalTime value={token.lastUsedAt} /></> : "never used"}</p>
                <p className={token.expired ? "font-medium text-red-700" : "text-slate-500"}>
                  {token.expiresAt ? <>{token.expired ? "Expired" : "Expires"} <LocalTime value={token.expiresAt} format="date" /></> : "Does not expire"}
                </p>
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="revoke-token" />
                <input type="hidden" name="tokenId" value={token.id} />
                <Button type="submit" variant="danger" size="sm" aria-label={`Revoke ${token.name}`}>Revoke</Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">You have no tokens.</p>
      )}
      {/* A new key after a token is made: the form starts empty again instead of keeping the last one's name. */}
      <NewTokenForm key={created?.token ?? "new"} lastResult={created ? undefined : lastResult} />
    </div>
  );
}
