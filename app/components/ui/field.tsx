import type { ComponentProps, ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";
import { inputClass } from "./input-class.ts";

export { inputClass };

/** A labelled control with its error message, wired for screen readers. */
export function Field({
  label,
  htmlFor,
  errors,
  errorId,
  children,
  className,
}: {
  label: ReactNode;
  htmlFor: string;
  errors?: string[];
  errorId: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-800">{label}</label>
      {children}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return <div id={id} />;
  return (
    <ul id={id} className="grid gap-0.5 text-sm text-red-700" role="alert">
      {errors.map((error) => <li key={error}>{error}</li>)}
    </ul>
  );
}

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(inputClass, "min-h-24", className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(inputClass, "pr-8", className)} {...props} />;
}
