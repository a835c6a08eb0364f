import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Bookmark } from "#app/components/ui/icons.ts";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { Field, Input } from "#app/components/ui/field.tsx";
import { RouteDialog, useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { adminLinks } from "#app/lib/admin-links.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { SAVE_VIEW_PARAM, savedViewLists, VIEW_NAME_MAX, type SavedViewList } from "./lists.ts";

/** A reply of the Saved Views action to a form of this file (`as` in the route). */
export type SaveViewReply = { save?: SubmissionResult<string[]> } | undefined;

/** The list's state as the address carries it now, without the page and the dialog: what the view keeps (the server keeps only what the list reads). */
function currentQuery(search: string) {
  const params = new URLSearchParams(search);
  params.delete(SAVE_VIEW_PARAM);
  params.delete("page");
  return params.toString();
}

/**
 * The form of "Save view": the view's name, with the list and its state as hidden fields. Posted to the Saved Views
 * screen's action, by a fetcher from the dialog (its messages come back into the dialog) or, without JavaScript, as a
 * plain form (the Saved Views screen then shows it with its messages).
 */
function SaveViewForm({ list, query, lastResult, pending, cancelHref, FormComponent }: {
  list: SavedViewList;
  query: string;
  lastResult: SubmissionResult<string[]> | undefined;
  pending: boolean;
  cancelHref: string;
  FormComponent: typeof Form;
}) {
  const [form, fields] = useAppForm({
    id: `save-view-${list}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("./schema.ts").then((module) => module.saveViewSchema),
  });
  return (
    <FormComponent method="post" action={adminLinks.savedViews} {...getFormProps(form)} className="grid gap-4" preventScrollReset>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="list" value={list} />
      <input type="hidden" name="query" value={query} />
      <Field label="Name" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId} hint={`Shown in the sidebar under ${savedViewLists[list].label}; at most ${VIEW_NAME_MAX} characters.`}>
        <Input {...getInputProps(fields.name, { type: "text" })} aria-describedby={`${fields.name.id}-hint ${fields.name.errorId}`} autoComplete="off" />
      </Field>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" asChild>
          <Link to={cancelHref} replace preventScrollReset>Cancel</Link>
        </Button>
        <Button type="submit" disabled={pending}>{pending ? "Saving…" : "Save view"}</Button>
      </div>
    </FormComponent>
  );
}

/**
 * A console list's "Save view" control: a link that opens the dialog over the list (?saveView, so it opens without
 * JavaScript too), and the dialog itself when open.
 */
export function SaveView({ list }: { list: SavedViewList }) {
  const location = useLocation();
  const searchHref = useSearchHref();
  const fetcher = useFetcher<SaveViewReply>({ key: `save-view-${list}` });
  const open = new URLSearchParams(location.search).has(SAVE_VIEW_PARAM);
  const closeHref = searchHref({ [SAVE_VIEW_PARAM]: null });
  return (
    <>
      <Link to={searchHref({ [SAVE_VIEW_PARAM]: "" })} preventScrollReset className={`${buttonClass({ variant: "secondary" })} h-10 gap-2 whitespace-nowrap`}>
        <Bookmark className="size-4" />
        Save view
      </Link>
      {open ? (
        <RouteDialog title="Save view" description={`Keep this view of ${savedViewLists[list].label} (its search, filters, sort and rows per page) under a name.`} closeHref={closeHref} className="max-w-md">
          <SaveViewForm list={list} query={currentQuery(location.search)} lastResult={fetcher.data?.save} pending={fetcher.state !== "idle"} cancelHref={closeHref} FormComponent={fetcher.Form} />
        </RouteDialog>
      ) : null}
    </>
  );
}

/** The same form on the Saved Views screen, where a save without JavaScript that was refused lands. */
export function SaveViewPanel({ list, query, lastResult }: { list: SavedViewList; query: string; lastResult: SubmissionResult<string[]> }) {
  return (
    <section aria-labelledby="save-view-heading" className="mb-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="save-view-heading" className="mb-3 text-lg font-semibold text-slate-900">Save a view of {savedViewLists[list].label}</h2>
      <SaveViewForm list={list} query={query} lastResult={lastResult} pending={false} cancelHref={savedViewLists[list].path} FormComponent={Form} />
    </section>
  );
}
