import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { ErrorList, Input } from "#app/components/ui/field.tsx";
import { PASSWORD_RULE_TEXT, unmetPasswordHints } from "#app/lib/password-rules.ts";
import { userFormMessages } from "#app/modules/users/messages.ts";

/**
 * The frame of the public account pages (/signup, /verify-email, /reset-password): a heading, a lead, the other
 * ways to go (`aside`, e.g. "Already have an account? Sign in") and the card. The aside sits above the form, so
 * messages appearing in the form as fields lose focus never move a link away from under the pointer.
 */
export function AccountCard({ title, lead, children, aside, wide }: { title: string; lead: ReactNode; children: ReactNode; aside?: ReactNode; wide?: boolean }) {
  return (
    <section className={`mx-auto flex flex-col px-4 py-12 sm:px-6 sm:py-16 ${wide ? "max-w-2xl" : "max-w-md"}`}>
      <title>{`${title} · Ministry Mentors`}</title>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <div className="mt-2 text-slate-600">{lead}</div>
      {aside ? <p className="mt-2 text-sm text-slate-600">{aside}</p> : null}
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">{children}</div>
    </section>
  );
}

/** A short note above a form: what just happened (info) or what needs attention (warning). */
export function Notice({ children, tone = "info" }: { children: ReactNode; tone?: "info" | "warning" }) {
  const colours = tone === "warning" ? "border-amber-300 bg-amber-50 text-amber-900" : "border-brand-200 bg-brand-50 text-brand-900";
  return (
    <p role="status" className={`mb-5 rounded-lg border px-4 py-3 text-sm ${colours}`}>
      {children}
    </p>
  );
}

function Hints({ id, hints }: { id: string; hints: string[] }) {
  return (
    <ul id={id} aria-live="polite" className="grid gap-0.5 text-sm text-amber-800">
      {hints.map((hint) => <li key={hint}>{hint}</li>)}
    </ul>
  );
}

/**
 * A new password and its confirmation (sign-up and reset). As the person types, the rules of SPEC §5 still
 * unmet show under the field in their order; a confirmation typed before the password says 'Please enter a
 * password first.' The server checks the same rules, so the messages also come back without JavaScript.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  passwordLabel = "Password",
}: {
  password: FieldMetadata<string | null | undefined>;
  confirmPassword: FieldMetadata<string | null | undefined>;
  passwordLabel?: string;
}) {
  const [typed, setTyped] = useState<{ value: string; started: boolean }>({ value: "", started: false });
  const [confirmation, setConfirmation] = useState("");
  const hints = typed.started ? unmetPasswordHints(typed.value) : [];
  // While the live hints show what is missing, the server's messages would only repeat them.
  const passwordErrors = hints.length ? password.errors?.filter((error) => error !== userFormMessages.password && !hints.includes(error)) : password.errors;
  const confirmHints: string[] = confirmation && !typed.value ? [userFormMessages.passwordFirst] : [];
  return (
    <>
      <div className="grid gap-1.5">
        <label htmlFor={password.id} className="text-sm font-medium text-slate-800">{passwordLabel}</label>
        <p id={`${password.id}-rules`} className="text-xs text-slate-500">{PASSWORD_RULE_TEXT}</p>
        <Input
          {...getInputProps(password, { type: "password", ariaDescribedBy: `${password.id}-rules ${password.id}-hints` })}
          autoComplete="new-password"
          onInput={(event) => setTyped({ value: event.currentTarget.value, started: true })}
        />
        <Hints id={`${password.id}-hints`} hints={hints} />
        <ErrorList id={password.errorId} errors={passwordErrors} />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={confirmPassword.id} className="text-sm font-medium text-slate-800">Confirm password</label>
        <Input
          {...getInputProps(confirmPassword, { type: "password", ariaDescribedBy: `${confirmPassword.id}-hints` })}
          autoComplete="new-password"
          onInput={(event) => setConfirmation(event.currentTarget.value)}
        />
        <Hints id={`${confirmPassword.id}-hints`} hints={confirmHints} />
        <ErrorList id={confirmPassword.errorId} errors={confirmPassword.errors?.filter((error) => !confirmHints.includes(error))} />
      </div>
    </>
  );
}
