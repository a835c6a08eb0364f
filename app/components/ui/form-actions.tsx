import { Link } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { Button } from "./button.tsx";

/**
 * A form's closing buttons: Cancel (a link back to `cancelHref`; in a dialog it replaces the history entry and keeps
 * the scroll) and the submit button, which reads "Saving…" while the form is on its way.
 */
export function FormActions({
  cancelHref,
  submitLabel,
  submitting,
  inDialog,
  className,
}: {
  cancelHref: string;
  submitLabel: string;
  submitting: boolean;
  inDialog?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex justify-end gap-3", className)}>
      <Button variant="secondary" asChild>
        <Link to={cancelHref} replace={inDialog} preventScrollReset={inDialog}>Cancel</Link>
      </Button>
      <Button type="submit" disabled={submitting}>{submitting ? "Saving…" : submitLabel}</Button>
    </div>
  );
}
