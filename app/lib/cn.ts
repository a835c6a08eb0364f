import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins classes and lets later Tailwind utilities replace conflicting earlier ones (tailwind-merge, ~8 KB gzipped).
 * For the console's and dashboards' own components; the UI primitives (Button, Input, Textarea, Select) and the
 * public pages do without it: their base looks are components-layer classes in app.css, which any utility beats.
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
