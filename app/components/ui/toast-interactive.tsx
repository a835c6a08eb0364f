import * as Toast from "@radix-ui/react-toast";
import { X } from "#app/components/ui/icons.ts";
import type { ToastMessage } from "remix-toast";
import { undoOf } from "#app/lib/toast.ts";
import { UNDO_SECONDS } from "#app/modules/bulk/texts.ts";
import { TOAST_DURATION_MS, toastClass, toastVariant, viewportClass } from "./toast-class.ts";
import { UndoForm, undoButtonClass } from "./toast-undo.tsx";

/** The Radix toast the Toaster shows once the page runs (loaded on demand: see toaster.tsx). */
export default function InteractiveToast({ toast, open, onOpenChange }: { toast: ToastMessage; open: boolean; onOpenChange: (open: boolean) => void }) {
  const variant = toastVariant(toast.type);
  const undo = undoOf(toast);
  return (
    <Toast.Provider duration={undo ? UNDO_SECONDS * 1000 : TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      <Toast.Root
        forceMount
        open={open}
        onOpenChange={onOpenChange}
        type={variant === "destructive" ? "foreground" : "background"}
        data-variant={variant}
        className={toastClass(variant)}
      >
        <div className="grid gap-1">
          <Toast.Title className="text-sm font-semibold">{toast.message}</Toast.Title>
          {toast.description ? <Toast.Description className="text-sm opacity-95">{toast.description}</Toast.Description> : null}
          {undo ? (
            <UndoForm undo={undo}>
              <Toast.Action altText="Undo the change" asChild>
                <button type="submit" className={undoButtonClass}>Undo</button>
              </Toast.Action>
            </UndoForm>
          ) : null}
        </div>
        <Toast.Close aria-label="Close toast" className="absolute right-2 top-2 rounded p-1 text-white/80 hover:text-white">
          <X className="size-4" />
        </Toast.Close>
      </Toast.Root>
      <Toast.Viewport className={viewportClass} />
    </Toast.Provider>
  );
}
