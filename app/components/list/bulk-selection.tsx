import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { createContext, useContext, useMemo, useRef, useState, type ReactNode, type Ref } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Textarea, describedBy } from "#app/components/ui/field.tsx";
import { adminLinks } from "#app/lib/admin-links.ts";
import { formatCount } from "#app/lib/format.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { BULK_LIMIT, bulkActionWords, bulkButton, bulkListWords, bulkQuestion, bulkReasons, bulkWarning, tooManyRows, type BulkAction, type BulkList } from "#app/modules/bulk/texts.ts";

/**
 * Selecting rows of a console list for a bulk change: a checkbox per row and one for the page (in the table), and the
 * bar above it with the actions. The checkboxes belong to the bar's form (`form=`), so without JavaScript ticking rows
 * and pressing an action posts them to the confirmation page; with it, a dialog asks first.
 */
type Row = { id: number; name: string };
type Selection = {
  formId: string;
  rows: readonly Row[];
  selected: ReadonlySet<number>;
  toggle: (id: number, on: boolean) => void;
  togglePage: (on: boolean) => void;
  allMatching: boolean;
};

const SelectionContext = createContext<Selection | null>(null);

export function BulkSelection({ list, rows, children }: { list: BulkList; rows: readonly Row[]; children: ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  // A new page of rows starts with nothing selected.
  const [pageKey, setPageKey] = useState(rows.map((row) => row.id).join());
  const key = rows.map((row) => row.id).join();
  if (key !== pageKey) {
    setPageKey(key);
    setSelected(new Set());
    setAllMatching(false);
  }
  const value = useMemo<Selection & { setAllMatching: (on: boolean) => void }>(
    () => ({
      formId: `bulk-${list}`,
      rows,
      selected,
      allMatching,
      setAllMatching,
      toggle: (id, on) => {
        setAllMatching(false);
        setSelected((current) => {
          const next = new Set(current);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        });
      },
      togglePage: (on) => {
        setAllMatching(false);
        setSelected(on ? new Set(rows.map((row) => row.id)) : new Set());
      },
    }),
    [list, rows, selected, allMatching],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

function useSelection() {
  const selection = useContext(SelectionContext);
  if (!selection) throw new Error("Bulk selection controls belong inside BulkSelection");
  return selection as Selection & { setAllMatching: (on: boolean) => void };
}

/** The header cell of the checkboxes' column (the page's own checkbox is in the bar, which phones show too). */
export function SelectPageCell() {
  return (
    <th scope="col" className="w-10 px-4 py-3 text-left">
      <span className="sr-only">Select</span>
    </th>
  );
}

/** "Select all on this page" (checked when every row is, mixed when some are). */
function SelectPageCheckbox() {
  const { formId, rows, selected, togglePage } = useSelection();
  const all = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const some = !all && rows.some((row) => selected.has(row.id));
  return (
    <label className="inline-flex items-center gap-2 text-slate-700 noscript:hidden">
      <input
        type="checkbox"
        form={formId}
        className="size-4 accent-brand-600"
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = some;
        }}
        onChange={(event) => togglePage(event.target.checked)}
      />
      Select all on this page
    </label>
  );
}

/** A row's checkbox, labelled with the row's name. */
function SelectRowBox({ id, name }: Row) {
  const { formId, selected, toggle } = useSelection();
  return <input type="checkbox" form={formId} name="ids" value={id} aria-label={`Select ${name}`} className="size-4 accent-brand-600" checked={selected.has(id)} onChange={(event) => toggle(id, event.target.checked)} />;
}

/** A row's first cell: its checkbox. */
export function SelectRowCell({ id, name, ...cell }: Row & { "data-label"?: string }) {
  return (
    <td className="w-10 px-4 py-3" {...cell}>
      <SelectRowBox id={id} name={name} />
    </td>
  );
}

/** A card of a list of cards, with its checkbox beside it. */
export function SelectableCard({ id, name, children }: Row & { children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <div className="pt-4"><SelectRowBox id={id} name={name} /></div>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/**
 * The one reason an action gives every row (reject, hide): on the confirmation page (kept, with its message, when the
 * server refuses it) and in the dialog. Named `reason`, so it posts with the bar's form.
 */
export function BulkReasonField({ action, defaultValue = "", errors, className, textareaRef }: { action: BulkAction; defaultValue?: string; errors?: string[]; className?: string; textareaRef?: Ref<HTMLTextAreaElement> }) {
  const words = bulkReasons[action];
  if (!words) return null;
  const id = `bulk-reason-${action}`;
  const errorId = `${id}-error`;
  return (
    <Field label={words.label} htmlFor={id} hint={words.hint} errors={errors} errorId={errorId} className={className}>
      <Textarea
        ref={textareaRef}
        id={id}
        name="reason"
        rows={3}
        required
        defaultValue={defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, errorId)}
      />
    </Field>
  );
}

/**
 * The bar above the table: how many are selected, "Select all N matching" once the page is, and the list's actions.
 * `total` is the list's count (its URL's filters and search); `capped` when it was counted only up to a cap.
 */
export function BulkBar({ list, total, capped = false }: { list: BulkList; total: number; capped?: boolean }) {
  const { formId, rows, selected, allMatching, setAllMatching, togglePage } = useSelection();
  const hydrated = useHydrated();
  const location = useLocation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const sent = useRef(false);
  const busy = useIsPending({ formAction: adminLinks.bulk(list) });
  const words = bulkListWords[list];
  const pageSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const count = allMatching ? total : selected.size;
  const tooMany = allMatching && (capped || total > BULK_LIMIT);
  const names = rows.filter((row) => selected.has(row.id)).map((row) => row.name);

  const send = (action: BulkAction) => {
    const form = formRef.current;
    if (!form) return;
    // The ticked checkboxes belong to the form (form=), so they are in its data.
    const data = new FormData(form);
    data.set("action", action);
    data.set("confirm", "1");
    submit(data, { method: "post", action: adminLinks.bulk(list), preventScrollReset: true });
    // Sent: the rows are no longer selected (a second click would change them again), and focus goes to the main
    // content when the dialog closes (the action's button, disabled while the change is sent, cannot take it back).
    sent.current = true;
    togglePage(false);
    setAsking(null);
  };

  return (
    <Form
      ref={formRef}
      id={formId}
      method="post"
      action={adminLinks.bulk(list)}
      aria-label={`Change selected ${words.many}`}
      className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3 text-sm"
      onSubmit={(event) => {
        // With JavaScript the dialog asks; the submitter names the action.
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value) setAsking(submitter.value as BulkAction);
      }}
    >
      <input type="hidden" name="query" value={location.search} />
      {allMatching ? <input type="hidden" name="all" value="1" /> : null}
      {/* Drawn by the server too, so nothing moves as the page starts running; it needs JavaScript to tick the rows. */}
      <SelectPageCheckbox />
      <p role="status" className="mr-auto text-slate-700">
        {count ? `${formatCount(count)}${allMatching && capped ? "+" : ""} selected` : `Select ${words.many} to change several at once`}
      </p>
      {pageSelected && total > rows.length ? (
        allMatching ? (
          <Button variant="secondary" size="sm" onClick={() => setAllMatching(false)}>Select this page only</Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setAllMatching(true)}>Select all {formatCount(total)}{capped ? "+" : ""} matching</Button>
        )
      ) : null}
      <noscript>
        {import.meta.env.SSR ? (
          <label className="inline-flex items-center gap-2 text-slate-700">
            <input type="checkbox" name="all" value="1" className="size-4 accent-brand-600" /> All {formatCount(total)}{capped ? "+" : ""} matching
          </label>
        ) : null}
      </noscript>
      {tooMany ? <p role="alert" className="basis-full text-red-700">{tooManyRows}</p> : null}
      {words.actions.map((action) => (
        <Button
          key={action}
          type="submit"
          name="action"
          value={action}
          size="sm"
          variant={bulkActionWords[action].danger ? "danger" : "secondary"}
          disabled={hydrated && (count === 0 || tooMany || busy)}
        >
          {bulkButton(action)}
        </Button>
      ))}
      {asking ? (
        <AlertDialog.Root open onOpenChange={(open) => !open && setAsking(null)}>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 dark:bg-black/70" />
          <AlertDialog.Content
            onCloseAutoFocus={(event) => {
              if (!sent.current) return;
              sent.current = false;
              event.preventDefault();
              document.getElementById("main")?.focus();
            }}
            className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
            <AlertDialog.Title className="text-lg font-semibold text-slate-900">{bulkQuestion(list, asking, count)}</AlertDialog.Title>
            <AlertDialog.Description asChild>
              <div className="mt-2 grid gap-2 text-sm text-slate-600">
                <p>{allMatching ? `Every ${words.one} the list shows with its search and filters.` : `${names.join(", ")}.`}</p>
                {bulkWarning(list, asking) ? <p>{bulkWarning(list, asking)}</p> : null}
              </div>
            </AlertDialog.Description>
            {bulkReasons[asking] ? <BulkReasonField action={asking} className="mt-4" textareaRef={reasonRef} /> : null}
            <div className="mt-6 flex justify-end gap-3">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary">Cancel</Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <Button
                  variant={bulkActionWords[asking].danger ? "danger" : "primary"}
                  onClick={(event) => {
                    // An empty reason is refused here first (the server checks it again, and says why).
                    if (reasonRef.current && !reasonRef.current.reportValidity()) {
                      event.preventDefault();
                      return;
                    }
                    send(asking);
                  }}
                >
                  Confirm
                </Button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Root>
      ) : null}
    </Form>
  );
}
