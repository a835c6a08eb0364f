import { useContext } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import type { ToastMessage } from "remix-toast";

/** A toast an action answers with in its data (a refused form), rather than through the toast cookie. */
export type ActionToast = { toast: ToastMessage };

function isActionToast(value: unknown): value is ActionToast {
  return typeof value === "object" && value !== null && "toast" in value && typeof (value as ActionToast).toast?.message === "string";
}

/**
 * The toast of the action that just answered, if any. Read from the router's state so the one Toaster in the
 * root shows it, both in the server's HTML (no JavaScript) and after a client-side submission.
 */
export function useActionToast(): ToastMessage | undefined {
  const state = useContext(UNSAFE_DataRouterStateContext);
  return Object.values(state?.actionData ?? {}).find(isActionToast)?.toast;
}

/** The Undo a toast may offer (a bulk change's): the form's action and the fields it posts. */
export type ToastUndo = { action: string; list: string; query: string };

export function undoOf(toast: ToastMessage): ToastUndo | null {
  const undo = (toast as { undo?: Partial<ToastUndo> }).undo;
  return typeof undo?.action === "string" ? { action: undo.action, list: String(undo.list ?? ""), query: String(undo.query ?? "") } : null;
}
