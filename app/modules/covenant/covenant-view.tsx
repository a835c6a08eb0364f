import type { ReactNode } from "react";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { acceptLabel } from "./messages.ts";

// The covenant as people read and accept it: its full text behind a disclosure, the checkbox that accepts a version,
// and where a booking stands ("Covenant version 2: accepted by you on …; by Ana Lee: not yet").

/** The full text of a version, folded under a summary that names it. */
export function CovenantText({ version, text, summary }: { version: number; text: string; summary?: ReactNode }) {
  return (
    <details className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700">{summary ?? `Read the confidentiality covenant (version ${version})`}</summary>
      <div className="mt-3 max-h-72 overflow-y-auto whitespace-pre-line break-words text-slate-800">{text}</div>
    </details>
  );
}

/**
 * The covenant to accept in a form: why it matters, its text, and the required checkbox that sends
 * `covenantVersion=N` (a newer version published meanwhile is asked again by the server).
 */
export function CovenantAcceptance({
  covenant,
  intro,
  id,
  errors,
  errorId,
}: {
  covenant: { version: number; text: string };
  intro: ReactNode;
  id: string;
  errors?: string[];
  errorId?: string;
}) {
  return (
    <fieldset className="grid gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4" aria-describedby={errorId}>
      <legend className="px-1 text-sm font-semibold text-slate-900">Confidentiality covenant</legend>
      <p className="text-sm text-slate-700">{intro}</p>
      <CovenantText version={covenant.version} text={covenant.text} />
      <div className="flex items-start gap-3">
        <input
          name="covenantVersion"
          value={String(covenant.version)}
          id={id}
          type="checkbox"
          required
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
        <label htmlFor={id} className="text-sm font-medium text-slate-900">{acceptLabel(covenant.version)}</label>
      </div>
      {errors?.length ? (
        <ul id={errorId} role="alert" className="grid gap-0.5 text-sm text-red-700">
          {errors.map((error) => <li key={error}>{error}</li>)}
        </ul>
      ) : (
        <div id={errorId} />
      )}
    </fieldset>
  );
}

/** Where the current version stands between the viewer and the other person of a booking. */
export function CovenantStatus({ state, otherName }: { state: { version: number; mine: string | null; theirs: string | null }; otherName: string }) {
  return (
    <p className="text-sm text-slate-700" data-covenant-status>
      <span className="font-medium text-slate-900">{`Covenant version ${state.version}:`}</span>{" "}
      {state.mine ? <>{"accepted by you on "}<LocalTime value={state.mine} format="date" /></> : "not yet accepted by you"}
      {state.theirs ? <>{`; by ${otherName} on `}<LocalTime value={state.theirs} format="date" />.</> : `; by ${otherName}: not yet.`}
    </p>
  );
}
