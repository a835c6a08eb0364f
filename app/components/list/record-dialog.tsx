import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { ErrorList } from "#app/components/ui/field.tsx";
import { FormActions } from "#app/components/ui/form-actions.tsx";
import { RouteDialog } from "#app/components/ui/route-dialog.tsx";
import { useIsPending } from "#app/lib/use-is-pending.ts";

/** The URL state of a console list's dialogs (?new, ?edit=<id>, ?delete=<id>), all closed: `hrefWith(closedDialogs)`. */
export const closedDialogs = { new: null, edit: null, delete: null } as const;

/**
 * The Create/Edit dialog of a console list (FAQs, Resources): a real form posting the `create` or `update` intent
 * (with the record's id), the record's fields (`children`), the form's own message, Cancel and the submit button.
 */
export function RecordFormDialog({
  title,
  form,
  recordId,
  submitLabel,
  closeHref,
  encType,
  children,
}: {
  title: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  /** The record being edited; none when creating one. */
  recordId?: number;
  submitLabel: string;
  closeHref: string;
  encType?: "multipart/form-data";
  children: ReactNode;
}) {
  const intent = recordId === undefined ? "create" : "update";
  const submitting = useIsPending({ intent });
  return (
    <RouteDialog title={title} closeHref={closeHref}>
      <Form method="post" encType={encType} {...getFormProps(form)} className="grid gap-4" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        {recordId === undefined ? null : <input type="hidden" name="id" value={recordId} />}
        {children}
        <ErrorList id={form.errorId} errors={form.errors} />
        <FormActions cancelHref={closeHref} inDialog submitLabel={submitLabel} submitting={submitting} />
      </Form>
    </RouteDialog>
  );
}
