import type { ComponentProps, ReactNode } from "react";
import { clsx } from "clsx";
import { inputClass } from "./input-class.ts";

export { inputClass };

// Input, Textarea and Select join classes with clsx: their looks are components-layer classes (app.css `.ui-input`),
// so a caller's utilities (`className="w-44"`, `"bg-slate-100"`) win by the cascade, with no merging library.

/**
 * A labelled control with its error message, wired for screen readers; a hint (under the label, id `<htmlFor>-hint`)
 * and an "(optional)" mark when asked for. The control names the hint in its aria-describedby (see `describedBy`).
 */
export function Field({
  label,
  htmlFor,
  errors,
  errorId,
  hint,
  optional,
  children,
  className,
}: {
  label: ReactNode;
  htmlFor: string;
  errors?: string[];
  errorId: string;
  hint?: ReactNode;
  optional?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx("grid content-start gap-1.5", className)}>
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-800">
        {label}
        {optional ? <span className="ml-1 font-normal text-slate-500">(optional)</span> : null}
      </label>
      {hint ? <p id={`${htmlFor}-hint`} className="text-xs text-slate-500">{hint}</p> : null}
      {children}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** The ids a control of a `Field` is described by: its hint (when it has one) and its messages. */
export const describedBy = (id: string, errorId: string, hasHint = true) => clsx(hasHint && `${id}-hint`, errorId);

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <ul id={id} className="grid gap-0.5 text-sm text-red-700" role="alert">
      {errors.map((error) => <li key={error}>{error}</li>)}
    </ul>
  );
}

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={clsx(inputClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={clsx(inputClass, "ui-textarea", className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={clsx(inputClass, "ui-select", className)} {...props} />;
}
