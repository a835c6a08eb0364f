import * as Toast from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useEffect, useState } from "react";
import type { ToastMessage } from "remix-toast";
import { useHydrated } from "remix-utils/use-hydrated";
import { cn } from "#app/lib/cn.ts";

/** How long a toast stays, and how long it lingers (fading out) after it is dismissed. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_REMOVE_DELAY_MS = 2000;

const viewportClass = "pointer-events-none fixed right-0 top-0 z-[100] m-0 flex w-full max-w-[300px] list-none flex-col gap-2 p-4 outline-none";
const toastClass = (destructive: boolean) =>
  cn(
    "pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg transition-opacity duration-300 data-[state=closed]:pointer-events-none data-[state=closed]:opacity-0",
    destructive ? "border-red-700 bg-red-600 text-white" : "border-green-700 bg-green-600 text-white",
  );

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

  const destructive = current?.type === "error";
  if (!hydrated) {
    return current ? (
      <ol className={viewportClass} aria-label="Notifications">
        <li role="status" data-variant={destructive ? "destructive" : "default"} data-state="open" className={cn(toastClass(destructive), "animate-toast-expire")}>
          <div className="grid gap-1">
            <p className="text-sm font-semibold">{current.message}</p>
            {current.description ? <p className="text-sm opacity-95">{current.description}</p> : null}
          </div>
        </li>
      </ol>
    ) : null;
  }
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {current ? (
        <Toast.Root
          forceMount
          open={open}
          onOpenChange={setOpen}
          type={destructive ? "foreground" : "background"}
          data-variant={destructive ? "destructive" : "default"}
          className={toastClass(destructive)}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{current.message}</Toast.Title>
            {current.description ? <Toast.Description className="text-sm opacity-95">{current.description}</Toast.Description> : null}
          </div>
          <Toast.Close aria-label="Close toast" className="absolute right-2 top-2 rounded p-1 text-white/80 hover:text-white">
            <X aria-hidden className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport className={viewportClass} />
    </Toast.Provider>
  );
}
