import type { ReactNode } from "react";
import { cn } from "#app/lib/cn.ts";

export type Tone = "green" | "amber" | "red" | "grey" | "blue";

const tones: Record<Tone, string> = {
  green: "bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-400/15 dark:text-green-200 dark:ring-green-400/30",
  amber: "bg-amber-100 text-amber-800 ring-amber-600/20 dark:bg-amber-400/15 dark:text-amber-200 dark:ring-amber-400/30",
  red: "bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-400/15 dark:text-red-200 dark:ring-red-400/30",
  grey: "bg-slate-100 text-slate-700 ring-slate-500/20",
  blue: "bg-sky-100 text-sky-800 ring-sky-600/20 dark:bg-sky-400/15 dark:text-sky-200 dark:ring-sky-400/30",
};

/** A small coloured label for a status (payment, booking, account). */
export function StatusBadge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span data-tone={tone} className={cn("inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset", tones[tone])}>
      {children}
    </span>
  );
}
