import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";

type Reply = SubmissionResult<string[]> | null | undefined;

const loadSecondFactorSchema = () => import("./schema.ts").then((module) => module.secondFactorSchema);

/** The secret in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The field for a 6-digit code (or a recovery code, where `recovery` says it is accepted). */
function CodeInput({ field, recovery, autoFocus }: { field: Parameters<typeof getInputProps>[0]; recovery?: boolean; autoFocus?: boolean }) {
  return (
    <Input
      {...getInputProps(field, { type: "text" })}
      inputMode={recovery ? "text" : "numeric"}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={recovery ? 20 : 7}
      autoFocus={autoFocus}
      className="max-w-56 font-mono text-xl tracking-[0.2em]"
    />
  );
}

/**
 * Setting up an authenticator app: the QR code (made on the server), the secret to type instead, and the first code
 * to confirm it. Posts `intent=confirm` with `code`.
 */
export function SetupSteps({ setup, lastResult, children }: { setup: { secret: string; qrCode: string }; lastResult: Reply; children?: ReactNode }) {
  const confirming = useIsPending({ intent: "confirm" });
  const [form, fields] = useAppForm({
    id: "two-factor-setup",
    lastResult,
    schema: loadSecondFactorSchema,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-4 pl-5 text-sm text-slate-700">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) and scan this code:
          <img src={setup.qrCode} alt="QR code to add Ministry Mentors to your authenticator app" width={176} height={176} className="mt-3 size-44 rounded-lg border border-slate-200 bg-white p-1" />
        </li>
        <li>
          Can't scan it? Add an account by hand with this key (time-based):
          <code data-testid="two-factor-secret" className="mt-2 block break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-base text-slate-900">
            {grouped(setup.secret)}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows for Ministry Mentors.</li>
      </ol>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="confirm" />
        {children}
        <Field label="Code from the app" htmlFor={fields.code.id} errors={fields.code.errors} errorId={fields.code.errorId}>
          <CodeInput field={fields.code} />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={confirming} className="justify-self-start">
          {confirming ? "Checking…" : "Turn on two-factor sign-in"}
        </Button>
      </Form>
    </div>
  );
}

/** The recovery codes, shown once (at setup and when new ones are made). */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="recovery-codes-title" className="text-lg font-semibold">Your recovery codes</h2>
      <p className="text-sm">
        Keep these somewhere safe, away from your phone. Each one signs you in once in place of a code from the app. They are shown only now.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center text-slate-900">{code}</li>
        ))}
      </ul>
    </section>
  );
}

/** A form that asks for a code (the sign-in's second step, new recovery codes), with the intent it posts. */
export function CodeForm({
  id,
  intent,
  label,
  submit,
  pending,
  lastResult,
  autoFocus,
  children,
}: {
  id: string;
  intent?: string;
  label: string;
  submit: string;
  pending: string;
  lastResult: Reply;
  autoFocus?: boolean;
  children?: ReactNode;
}) {
  const busy = useIsPending(intent ? { intent } : undefined);
  const [form, fields] = useAppForm({ id, lastResult, schema: loadSecondFactorSchema, shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {children}
      <Field label={label} htmlFor={fields.code.id} errors={fields.code.errors} errorId={fields.code.errorId}>
        <CodeInput field={fields.code} recovery autoFocus={autoFocus} />
      </Field>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? pending : submit}
      </Button>
    </Form>
  );
}
