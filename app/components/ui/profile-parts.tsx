import type { ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

/** A white card with a heading: the sections of a profile's General Info. */
export function ProfileSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={cn("rounded-xl border border-slate-200 bg-white p-5 shadow-sm", className)}>
      <h3 id={id} className="mb-4 text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** A label and its value; an empty value reads 'N/A' (or the given fallback). */
export function ProfileField({ label, value, fallback = "N/A", wide }: { label: string; value: ReactNode; fallback?: string; wide?: boolean }) {
  const empty = value === null || value === undefined || (typeof value === "string" && value.trim() === "");
  return (
    <div className={cn("grid gap-1", wide && "sm:col-span-2")}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="whitespace-pre-line text-sm text-slate-900">{empty ? fallback : value}</dd>
    </div>
  );
}

/** The list of a profile tab's table, in a scrollable frame on small screens. */
export function ProfileTable({ caption, minWidth = "40rem", children }: { caption: string; minWidth?: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A plain (not sortable) column header matching SortHeader. */
export function PlainHeader({ children, className }: { children: ReactNode; className?: string }) {
  return <th scope="col" className={cn("px-4 py-3 text-left font-semibold text-slate-700", className)}>{children}</th>;
}

export const cellClass = "px-4 py-3 text-slate-700";

/**
 * A profile page that failed to load (the route's ErrorBoundary): the failure text, Retry (loads the same
 * URL again) and a way out. Works without JavaScript.
 */
export function ProfileError({
  title,
  message,
  retryHref,
  resetHref,
  backHref,
  backLabel,
}: {
  title: string;
  message: string;
  retryHref?: string;
  resetHref?: string;
  backHref: string;
  backLabel: string;
}) {
  const link = "font-medium text-brand-700 underline underline-offset-2";
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="rounded-xl border border-red-200 bg-white p-6 shadow-sm">
        <p role="alert" className="text-sm text-red-700">{message}</p>
        <p className="mt-4 flex flex-wrap gap-4 text-sm">
          {retryHref ? <a href={retryHref} className={link}>Retry</a> : null}
          {resetHref ? <a href={resetHref} className={link}>Reset the list</a> : null}
          <a href={backHref} className={link}>{backLabel}</a>
        </p>
      </div>
    </div>
  );
}
