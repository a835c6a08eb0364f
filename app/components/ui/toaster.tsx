import { lazy, Suspense, useEffect, useState } from "react";
import type { ToastMessage } from "remix-toast";
import { useHydrated } from "remix-utils/use-hydrated";

/** How long a toast stays, and how long it lingers (fading out) after it is dismissed. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_REMOVE_DELAY_MS = 2000;

export const viewportClass = "pointer-events-none fixed right-0 top-0 z-[100] m-0 flex w-full max-w-[300px] list-none flex-col gap-2 p-4 outline-none";
// Plain strings (no class merging): this file is on every page, so it stays free of tailwind-merge.
export const toastClass = (destructive: boolean) =>
  "pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg transition-opacity duration-300 data-[state=closed]:pointer-events-none data-[state=closed]:opacity-0 " +
  (destructive ? "border-red-700 bg-red-600 text-white" : "border-green-700 bg-green-600 text-white");

/**
 * The interactive toast (Radix: swipe, pause on hover, F8, the 'Close toast' button) is loaded only when there is a
 * toast to show, so pages without one (most public pages) never download Radix.
 */
const InteractiveToast = lazy(() => import("./toast-interactive.tsx"));

/** The toast as plain HTML: before hydration (it fades out by CSS after 3 seconds) and while the interactive one loads. */
function StaticToast({ toast, expire }: { toast: ToastMessage; expire: boolean }) {
  const destructive = toast.type === "error";
  return (
    <ol className={viewportClass} aria-label="Notifications">
      <li role="status" data-variant={destructive ? "destructive" : "default"} data-state="open" className={`${toastClass(destructive)}${expire ? " animate-toast-expire" : ""}`}>
        <div className="grid gap-1">
          <p className="text-sm font-semibold">{toast.message}</p>
          {toast.description ? <p className="text-sm opacity-95">{toast.description}</p> : null}
        </div>
      </li>
    </ol>
  );
}

/**
 * One toast at a time, top right, at most 300 px wide. The server sets it (remix-toast) and the
 * root loader hands it here, so it shows after a redirect and without JavaScript too: before
 * hydration it is plain HTML that fades out by CSS after 3 seconds.
 */
export function Toaster({ toast }: { toast: ToastMessage | null | undefined }) {
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(toast ?? null);
  const [open, setOpen] = useState(Boolean(toast));

  useEffect(() => {
    if (!toast) return;
    setCurrent(toast);
    setOpen(true);
  }, [toast]);

  useEffect(() => {
    if (open || !current) return;
    const removal = setTimeout(() => setCurrent(null), TOAST_REMOVE_DELAY_MS);
    return () => clearTimeout(removal);
  }, [open, current]);

  if (!current) return null;
  if (!hydrated) return <StaticToast toast={current} expire />;
  return (
    <Suspense fallback={<StaticToast toast={current} expire={false} />}>
      <InteractiveToast toast={current} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
