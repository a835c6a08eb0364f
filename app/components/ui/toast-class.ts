/**
 * The toast's looks and timing, shared by the plain toast (toaster.tsx, on every page) and the interactive one
 * (toast-interactive.tsx, loaded on demand). A module of its own, in the client's `framework` chunk (vite.config.ts):
 * were the lazy toast to import them from toaster.tsx, the root route's chunk would split in two on every page.
 */

/** How long a toast stays, and how long it lingers (fading out) after it is dismissed. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_REMOVE_DELAY_MS = 2000;

export const viewportClass = "pointer-events-none fixed right-0 top-0 z-[100] m-0 flex w-full max-w-[300px] list-none flex-col gap-2 p-4 outline-none";
// Plain strings (no class merging): this file is on every page, so it stays free of tailwind-merge. A long word (an
// e-mail address in "We e-mailed the link to …") breaks inside the toast rather than running out of it.
export const toastClass = (variant: ToastVariant) =>
  "pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg [overflow-wrap:anywhere] transition-opacity duration-300 data-[state=closed]:pointer-events-none data-[state=closed]:opacity-0 " +
  variantClass[variant];

/** Green for done, red for a failure, the brand's indigo for something to know or do next (nothing went wrong). */
export type ToastVariant = "default" | "destructive" | "info";
const variantClass: Record<ToastVariant, string> = {
  default: "border-green-700 bg-green-600 text-white",
  destructive: "border-red-700 bg-red-600 text-white",
  info: "border-brand-800 bg-brand-700 text-white",
};
export const toastVariant = (type: string): ToastVariant => (type === "error" ? "destructive" : type === "info" ? "info" : "default");
