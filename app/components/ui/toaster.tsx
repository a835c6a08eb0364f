import { lazy, Suspense, useEffect, useState } from "react";
import type { ToastMessage } from "remix-toast";
import { useHydrated } from "remix-utils/use-hydrated";
import { undoOf } from "#app/lib/toast.ts";
import { UndoForm, undoButtonClass } from "./toast-undo.tsx";
import { TOAST_REMOVE_DELAY_MS, toastClass, toastVariant, viewportClass } from "./toast-class.ts";



/**
 * The interactive toast (Radix: swipe, pause on hover, F8, the 'Close toast' button) is loaded only when there is a
 * toast to show, so pages without one (most public pages) never download Radix.
 */
const InteractiveToast = lazy(() => import("./toast-interactive.tsx"));

/** The toast as plain HTML: before hydration (it fades out by CSS after 3 seconds) and while the interactive one loads. */
function StaticToast({ toast, expire }: { toast: ToastMessage; expire: boolean }) {
  const variant = toastVariant(toast.type);
  const undo = undoOf(toast);
  // A toast with Undo stays (no fade) until the next page, so its button can be reached.
  const fades = expire && !undo;
  return (
    <ol className={viewportClass} aria-label="Notifications">
      <li role="status" data-variant={variant} data-state="open" className={`${toastClass(variant)}${fades ? " animate-toast-expire" : ""}`}>
        <div className="grid gap-1">
          <p className="text-sm font-semibold">{toast.message}</p>
          {toast.description ? <p className="text-sm opacity-95">{toast.description}</p> : null}
          {undo ? <UndoForm undo={undo}><button type="submit" className={undoButtonClass}>Undo</button></UndoForm> : null}
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
