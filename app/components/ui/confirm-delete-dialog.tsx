import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { Form, Link, useNavigate } from "react-router";
import { Button } from "./button.tsx";
import { useFocusOpener } from "./focus-opener.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";

/**
 * 'Confirm Delete' for the record chosen in the URL (?delete=id), so it opens without JavaScript too.
 * Cancel goes back to the list without the choice; Delete posts the delete intent.
 */
export function ConfirmDeleteDialog({ id, name, fallbackName, cancelHref }: { id: number; name: string | null; fallbackName: string; cancelHref: string }) {
  const navigate = useNavigate();
  const deleting = useIsPending({ intent: "delete" });
  const focusOpener = useFocusOpener(cancelHref);
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && navigate(cancelHref, { preventScrollReset: true, replace: true })}>
      <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 dark:bg-black/70" />
      <AlertDialog.Content onCloseAutoFocus={focusOpener} className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
        <AlertDialog.Title className="text-lg font-semibold text-slate-900">Confirm Delete</AlertDialog.Title>
        <AlertDialog.Description className="mt-2 text-sm text-slate-600">
          Are you sure you want to delete {name || fallbackName}?
        </AlertDialog.Description>
        <div className="mt-6 flex justify-end gap-3">
          <AlertDialog.Cancel asChild>
            <Button variant="secondary" asChild>
              <Link to={cancelHref} replace preventScrollReset>Cancel</Link>
            </Button>
          </AlertDialog.Cancel>
          <Form method="post" action={cancelHref} preventScrollReset>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={id} />
            <Button type="submit" variant="danger" disabled={deleting}>{deleting ? "Deleting…" : "Delete"}</Button>
          </Form>
        </div>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
