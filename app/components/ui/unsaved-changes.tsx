import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { Button } from "./button.tsx";

/**
 * Keeps an editor's unsaved edits from being dropped by accident: while `dirty`, leaving for another screen
 * asks first (Stay, or Leave without saving), and closing or reloading the tab gets the browser's own
 * warning. Saving (a submit that comes back to the same screen) is never held up.
 */
export function UnsavedChangesGuard({ dirty, what = "your changes" }: { dirty: boolean; what?: string }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  if (blocker.state !== "blocked") return null;
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && blocker.reset()}>
      <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 dark:bg-black/70" />
      <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
        <AlertDialog.Title className="text-lg font-semibold text-slate-900">Leave without saving?</AlertDialog.Title>
        <AlertDialog.Description className="mt-2 text-sm text-slate-600">
          You have unsaved edits. If you leave now, {what} will be lost.
        </AlertDialog.Description>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <AlertDialog.Cancel asChild>
            <Button variant="secondary">Stay on this page</Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action asChild>
            <Button variant="danger" onClick={() => blocker.proceed()}>Leave without saving</Button>
          </AlertDialog.Action>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
