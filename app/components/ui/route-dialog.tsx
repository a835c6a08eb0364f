import * as Dialog from "@radix-ui/react-dialog";
import { X } from "#app/components/ui/icons.ts";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { cn } from "#app/lib/cn.ts";
import { useFocusOpener } from "./focus-opener.ts";

export { useSearchHref } from "./search-href.ts";

/**
 * A dialog opened by URL state (e.g. ?query=12 or ?edit=3), so it opens, reloads and works without
 * JavaScript too. Rendered in place (no portal) so the server renders it; closing goes to `closeHref`.
 */
export function RouteDialog({
  title,
  description,
  closeHref,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  closeHref: string;
  children: ReactNode;
  className?: string;
}) {
  const navigate = useNavigate();
  const focusOpener = useFocusOpener(closeHref);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && navigate(closeHref, { preventScrollReset: true, replace: true })}>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 dark:bg-black/70" />
      <Dialog.Content
        onCloseAutoFocus={focusOpener}
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl dark:ring-1 dark:ring-slate-200",
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Link to={closeHref} replace preventScrollReset aria-label="Close" className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
            <X className="size-5" />
          </Link>
        </div>
        {description ? <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description> : <Dialog.Description className="sr-only">{title}</Dialog.Description>}
        <div className="mt-4">{children}</div>
      </Dialog.Content>
    </Dialog.Root>
  );
}
