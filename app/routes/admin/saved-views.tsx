import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Pencil, Trash2 } from "#app/components/ui/icons.ts";
import { Form, Link } from "react-router";
import type { Route } from "./+types/saved-views";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDeleteDialog } from "#app/components/ui/confirm-delete-dialog.tsx";
import { RowLink } from "#app/components/ui/data-table.tsx";
import { Field, Input } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { MissingNotice } from "#app/components/ui/missing-notice.tsx";
import { RouteDialog, useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { backTo, HttpError, parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { savedViewLists, savedViewListKeys, VIEW_NAME_MAX } from "#app/modules/saved-views/lists.ts";
import { SaveViewPanel } from "#app/modules/saved-views/save-view.tsx";
import { renameViewSchema, savedViewIdSchema, saveViewSchema } from "#app/modules/saved-views/schema.ts";
import { deleteView, listSavedViews, renameView, saveView } from "#app/modules/saved-views/saved-views.server.ts";

const DIALOGS = ["rename", "delete"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInUser(context);
  const url = new URL(request.url);
  try {
    const views = await listSavedViews(admin);
    const pick = (param: string) => {
      const id = parseId(url.searchParams.get(param));
      return id ? (views.find((view) => view.id === id) ?? null) : null;
    };
    const missing = DIALOGS.some((param) => url.searchParams.has(param) && !pick(param));
    return { views, renaming: pick("rename"), toDelete: pick("delete"), missing };
  } catch (error) {
    throwForScreen(error);
  }
}

/** Save (from a list's "Save view" dialog), rename and delete: each of the acting admin's own views only. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = backTo(request, DIALOGS);
  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: saveViewSchema });
    if (submission.status !== "success") return replyToForm(submission, { as: "save" });
    try {
      const view = await saveView(admin, submission.value);
      return redirectWithSuccess(view.href, { message: "View Saved", description: `"${view.name}" is in the sidebar under ${savedViewLists[view.list].label}.` });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return refuseForm(submission, error, { as: "save" });
    }
  }
  if (intent === "rename") {
    const submission = parseWithZod(formData, { schema: renameViewSchema });
    if (submission.status !== "success") return replyToForm(submission, { as: "rename" });
    try {
      const view = await renameView(admin, submission.value.id, submission.value.name);
      return redirectWithSuccess(back, { message: "View Renamed", description: `The view is now called "${view.name}".` });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 404) return redirectWithError(back, { message: "Rename Failed", description: error.message });
      return refuseForm(submission, error, { as: "rename" });
    }
  }
  try {
    if (intent !== "delete") throw new HttpError(400, "Unknown action");
    const { id } = parseOr400(savedViewIdSchema, { id: formData.get("id") });
    const view = await deleteView(admin, id);
    return redirectWithSuccess(back, { message: "View Deleted", description: `"${view.name}" is no longer in the sidebar.` });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithError(back, { message: "Delete Failed", description: error.message });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Saved Views · Ministry Mentors" }];

type View = Route.ComponentProps["loaderData"]["views"][number];

function RenameDialog({ view, closeHref, lastResult }: { view: View; closeHref: string; lastResult: Route.ComponentProps["actionData"] }) {
  const saving = useIsPending({ intent: "rename" });
  const [form, fields] = useAppForm({
    id: `rename-view-${view.id}`,
    lastResult: lastResult && "rename" in lastResult ? lastResult.rename : undefined,
    defaultValue: { id: String(view.id), name: view.name },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/saved-views/schema.ts").then((module) => module.renameViewSchema),
  });
  return (
    <RouteDialog title="Rename view" description={`A view of ${savedViewLists[view.list].label}.`} closeHref={closeHref} className="max-w-md">
      <Form method="post" {...getFormProps(form)} className="grid gap-4" preventScrollReset>
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="id" value={view.id} />
        <Field label="Name" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId} hint={`At most ${VIEW_NAME_MAX} characters.`}>
          <Input {...getInputProps(fields.name, { type: "text" })} aria-describedby={`${fields.name.id}-hint ${fields.name.errorId}`} autoComplete="off" />
        </Field>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" asChild>
            <Link to={closeHref} replace preventScrollReset>Cancel</Link>
          </Button>
          <Button type="submit" disabled={saving}>{saving ? "Saving…" : "Rename"}</Button>
        </div>
      </Form>
    </RouteDialog>
  );
}

export default function SavedViews({ loaderData, actionData }: Route.ComponentProps) {
  const { views, renaming, toDelete, missing } = loaderData;
  const searchHref = useSearchHref();
  const closeHref = searchHref({ rename: null, delete: null });
  // A save without JavaScript that was refused lands here: its form again, with its messages and what was typed.
  const refusedSave = actionData && "save" in actionData ? actionData.save : undefined;
  const refusedList = refusedSave?.initialValue?.list;
  const saveList = savedViewListKeys.find((key) => key === refusedList);
  const groups = savedViewListKeys.map((list) => ({ list, views: views.filter((view) => view.list === list) })).filter((group) => group.views.length > 0);
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Saved Views</h1>
      <p className="mb-6 text-sm text-slate-600">
        Your views of the console's lists: each keeps a list's search, filters, sort and rows per page, and opens from the sidebar under its list. Only you see them. To save one, open a list, set it up and choose "Save view".
      </p>
      {missing ? <MissingNotice>Saved view not found. It may have been deleted already.</MissingNotice> : null}
      {refusedSave && saveList ? <SaveViewPanel list={saveList} query={String(refusedSave.initialValue?.query ?? "")} lastResult={refusedSave} /> : null}
      {groups.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-sm text-slate-500 shadow-sm">You have no saved views yet.</p>
      ) : (
        <div className="grid gap-6">
          {groups.map((group) => (
            <section key={group.list} aria-labelledby={`views-${group.list}`} className="rounded-xl border border-slate-200 bg-white shadow-sm">
              <h2 id={`views-${group.list}`} className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">{savedViewLists[group.list].label}</h2>
              <ul className="divide-y divide-slate-100">
                {group.views.map((view) => (
                  <li key={view.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                    <div className="min-w-0 flex-1">
                      <Link to={view.href} className="break-words font-medium text-brand-700 hover:underline">{view.name}</Link>
                      <p className="text-xs text-slate-500">Saved <LocalTime value={view.createdAt} /></p>
                    </div>
                    <div className="flex items-center gap-1">
                      <RowLink to={searchHref({ rename: view.id, delete: null })} preventScrollReset label={`Rename ${view.name}`} icon={Pencil} />
                      <RowLink to={searchHref({ delete: view.id, rename: null })} preventScrollReset label={`Delete ${view.name}`} icon={Trash2} danger />
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {renaming ? <RenameDialog key={renaming.id} view={renaming} closeHref={closeHref} lastResult={actionData} /> : null}
      {toDelete ? <ConfirmDeleteDialog id={toDelete.id} name={`the view "${toDelete.name}"`} fallbackName="this view" cancelHref={closeHref} /> : null}
    </div>
  );
}
