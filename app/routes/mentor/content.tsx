import { getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink, Pencil, Trash2 } from "#app/components/ui/icons.ts";
import type { Route } from "./+types/content";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { closedDialogs, RecordFormDialog } from "#app/components/list/record-dialog.tsx";
import { ConfirmDeleteDialog } from "#app/components/ui/confirm-delete-dialog.tsx";
import { RowActions, RowLink } from "#app/components/ui/data-table.tsx";
import { describedBy, Field, Input, Select } from "#app/components/ui/field.tsx";
import { MissingNotice } from "#app/components/ui/missing-notice.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { Link } from "react-router";
import { replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { dialogListAction } from "#app/routes/dialog-list.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { Day } from "#app/modules/mentor-profile/profile-parts.tsx";
import { CONTENT_LIMITS, CONTENT_TYPES, contentTypeLabels, type ContentType } from "#app/modules/published-content/options.ts";
import {
  createPublishedContent,
  deletePublishedContent,
  findOwnContent,
  listPublishedContent,
  updatePublishedContent,
} from "#app/modules/published-content/published-content.server.ts";
import { contentFormSchema, contentIdSchema, ownContentList, type PublishedContentSort } from "#app/modules/published-content/schema.ts";

// The guide's Published content: what shows under "Published content" on their public profile. Add, edit and
// delete open as dialogs from the URL (?new, ?edit=<id>, ?delete=<id>), so they work without JavaScript.

const frame = {
  title: "Published content",
  width: "max-w-5xl",
  heading: "Your articles, sermons, podcasts, videos and books",
  search: { placeholder: "Search your content...", label: "Search your content by title, link, description or type" },
  caption: "Your published content",
  minWidth: "48rem",
  columns: [
    { label: "Title", sort: "title" },
    { label: "Type", sort: "type" },
    { label: "Published", sort: "publishedDate" },
    { label: "Link", sort: "url" },
    { label: "Actions", align: "right" },
  ],
  loadingText: "Loading content...",
  empty: "Nothing published yet. Add an article, a sermon or a podcast: it shows on your public profile.",
} satisfies ListFrame<PublishedContentSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const guide = signedInUser(context);
  const url = new URL(request.url);
  try {
    const { state } = parseScreenList(ownContentList, url);
    // The guide's own items only (guideScope), whatever the URL says.
    const { data: items, meta } = await listPublishedContent(state, { guideId: guide.id }, guide);
    redirectPastLastPage(url, state, meta);
    const [editId, deleteId] = [parseId(url.searchParams.get("edit")), parseId(url.searchParams.get("delete"))];
    const [editing, toDelete] = await Promise.all([editId ? findOwnContent(guide, editId) : null, deleteId ? findOwnContent(guide, deleteId) : null]);
    // Another guide's item, or one deleted since the link was made: the dialog does not open, and the screen says so.
    const missing = Boolean((editId && !editing) || (deleteId && !toDelete));
    return { items, meta, state, profileHref: `/mentor/${guide.id}`, creating: url.searchParams.has("new"), editing, toDelete, missing };
  } catch (error) {
    throwForScreen(error);
  }
}

const failures = {
  create: { message: "Create Failed", description: "Failed to create content" },
  update: { message: "Update Failed", description: "Failed to update content" },
  delete: { message: "Delete Failed", description: "Failed to delete content" },
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const guide = signedInUser(context);
  return dialogListAction(request, failures, async (intent, formData, back) => {
    if (intent === "create") {
      const submission = parseWithZod(formData, { schema: contentFormSchema });
      if (submission.status !== "success") return replyToForm(submission);
      await createPublishedContent(guide, submission.value);
      return redirectWithSuccess(back, { message: "Content created", description: "It now shows on your public profile." });
    }
    const { id } = parseOr400(contentIdSchema, { id: formData.get("id") });
    if (intent === "update") {
      const submission = parseWithZod(formData, { schema: contentFormSchema });
      if (submission.status !== "success") return replyToForm(submission);
      await updatePublishedContent(guide, id, submission.value);
      return redirectWithSuccess(back, { message: "Content updated", description: "Your public profile shows the change." });
    }
    if (intent === "delete") {
      await deletePublishedContent(guide, id);
      return redirectWithSuccess(back, { message: "Content deleted", description: "It no longer shows on your public profile." });
    }
    throw new HttpError(400, "Unknown action");
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Published content · Ministry Mentors" }];

type Item = NonNullable<Route.ComponentProps["loaderData"]["editing"]>;

const today = () => new Date().toISOString().slice(0, 10);

function ContentForm({ item, lastResult, closeHref }: { item: Item | null; lastResult: Route.ComponentProps["actionData"]; closeHref: string }) {
  const [form, fields] = useAppForm({
    id: item ? `content-${item.id}` : "content-new",
    lastResult,
    defaultValue: item
      ? { title: item.title, url: item.url, description: item.description ?? "", type: item.type, publishedDate: item.publishedDate.slice(0, 10) }
      : { type: "article", publishedDate: today() },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/published-content/schema.ts").then((module) => module.contentFormSchema),
  });
  const { key: dateKey, ...dateProps } = getInputProps(fields.publishedDate, { type: "date" });
  return (
    <RecordFormDialog title={item ? "Edit content" : "Add content"} form={form} recordId={item?.id} submitLabel={item ? "Save changes" : "Add content"} closeHref={closeHref}>
      <TextField field={fields.title} label="Title" maxLength={CONTENT_LIMITS.title} />
      <TextField field={fields.url} label="Link" type="url" placeholder="https://" hint="Where people read, watch or listen to it." maxLength={CONTENT_LIMITS.url} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Type" htmlFor={fields.type.id} errors={fields.type.errors} errorId={fields.type.errorId}>
          <Select {...getSelectProps(fields.type)}>
            {CONTENT_TYPES.map((type) => <option key={type} value={type}>{contentTypeLabels[type]}</option>)}
          </Select>
        </Field>
        <Field label="Publication date" htmlFor={fields.publishedDate.id} errors={fields.publishedDate.errors} errorId={fields.publishedDate.errorId}>
          <Input key={dateKey} {...dateProps} max={today()} aria-describedby={describedBy(fields.publishedDate.id, fields.publishedDate.errorId, false)} />
        </Field>
      </div>
      <TextField field={fields.description} label="Description" optional multiline rows={4} maxLength={CONTENT_LIMITS.description} />
    </RecordFormDialog>
  );
}

const typeLabel = (type: string) => contentTypeLabels[type as ContentType] ?? type;

export default function PublishedContent({ loaderData, actionData }: Route.ComponentProps) {
  const { items, meta, state, profileHref, creating, editing, toDelete, missing } = loaderData;
  const hrefWith = useSearchHref();
  const closeHref = hrefWith(closedDialogs);
  return (
    <>
      <ListScreen
        frame={frame}
        list={ownContentList}
        state={state}
        meta={meta}
        rows={items}
        addHref={hrefWith({ ...closedDialogs, new: "1" })}
        notice={
          <>
            <p className="mb-4 text-sm text-slate-600">
              These show under “Published content” on{" "}
              <Link to={profileHref} className="font-medium text-brand-700 underline underline-offset-2">your public profile</Link>, newest first.
            </p>
            {missing ? <MissingNotice>That item was not found. It may have been deleted.</MissingNotice> : null}
          </>
        }
      >
        {(item) => (
          <tr key={item.id} className="align-top hover:bg-slate-50">
            <td className="px-4 py-3">
              {/* One block: on a phone the cell is a row of its label and its value. */}
              <div>
                <p className="break-words font-medium text-slate-900">{item.title}</p>
                {item.description ? <p className="mt-1 line-clamp-2 text-slate-600">{item.description}</p> : null}
              </div>
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{typeLabel(item.type)}</td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700"><Day value={item.publishedDate.slice(0, 10)} /></td>
            <td className="px-4 py-3">
              <a href={item.url} target="_blank" rel="noopener noreferrer" className="inline-flex max-w-full items-center gap-1 break-all text-brand-700 underline-offset-2 hover:underline">
                {item.url.replace(/^https?:\/\//, "")}
                <ExternalLink className="size-3.5 shrink-0" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </td>
            <RowActions>
              <RowLink to={hrefWith({ ...closedDialogs, edit: item.id })} preventScrollReset label={`Edit ${item.title}`} icon={Pencil} />
              <RowLink to={hrefWith({ ...closedDialogs, delete: item.id })} preventScrollReset label={`Delete ${item.title}`} icon={Trash2} danger />
            </RowActions>
          </tr>
        )}
      </ListScreen>
      {creating ? <ContentForm key="new" item={null} lastResult={actionData} closeHref={closeHref} /> : null}
      {editing ? <ContentForm key={editing.id} item={editing} lastResult={actionData} closeHref={closeHref} /> : null}
      {toDelete ? <ConfirmDeleteDialog id={toDelete.id} name={`“${toDelete.title}”`} fallbackName="this item" cancelHref={closeHref} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ListScreenError frame={frame}>{`Failed to load content${message ? `: ${message}` : ""}`}</ListScreenError>;
}
