import type { ReactNode } from "react";
import { Form } from "react-router";
import type { ToastUndo } from "#app/lib/toast.ts";

/** A toast's Undo: a form posting to the change's undo address (works without JavaScript). */
export function UndoForm({ undo, children }: { undo: ToastUndo; children: ReactNode }) {
  return (
    <Form method="post" action={undo.action} className="mt-1">
      <input type="hidden" name="list" value={undo.list} />
      <input type="hidden" name="query" value={undo.query} />
      {children}
    </Form>
  );
}

export const undoButtonClass = "pointer-events-auto rounded border border-white/80 px-2 py-0.5 text-sm font-semibold text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white";
