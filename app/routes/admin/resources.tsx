import { getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink, FileText, Pencil, Trash2 } from "#app/components/ui/icons.ts";
import type { Route } from "./+types/resources";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { closedDialogs, RecordFormDialog } from "#app/components/list/record-dialog.tsx";
import { ConfirmDeleteDialog } from "#app/components/ui/confirm-delete-dialog.tsx";
import { RowActions, RowLink } from "#app/components/ui/data-table.tsx";
import { Field, Select } from "#app/components/ui/field.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { openDialogs, parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { dialogListAction } from "#app/routes/dialog-list.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { resourceCreateSchema, resourceFormSchema, resourceIdSchema, resourceList } from "#app/modules/resources/schema.ts";
import { resourceListDefaults, resourceTypeLabels, resourceTypes, type ResourceSort } from "#app/modules/resources/types.ts";
import { createResource, deleteResource, findResource, listResources, updateResource } from "#app/modules/resources/resources.server.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";

const frame = {
  title: "Resources",
  heading: "Content Library",
  search: { placeholder: "Search resources...", label: "Search resources by title or description" },
  caption: "Resources in the content library",
  minWidth: "48rem",
  columns: [
    { label: "Title", sort: "title" },
    { label: "Type", sort: "type" },
    { label: "Link / File" },
    { label: "Created", sort: "created_at" },
    { label: "Actions", align: "right" },
  ],
} satisfies ListFrame<ResourceSort>;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(resourceList, url);
    const { data: resources, meta } = await listResources(state, filters);
    redirectPastLastPage(url, state, meta);
    return { resources, meta, state, type: filters.type ?? null, ...(await openDialogs(url, findResource)) };
  } catch (error) {
    throwForScreen(error);
  }
}

const failures = {
  create: { message: "Create Failed", description: "Failed to create resource" },
  update: { message: "Update Failed", description: "Failed to update resource" },
  delete: { message: "Delete Failed", description: "Failed to delete resource" },
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  return dialogListAction(request, failures, async (intent, formData, back) => {
    if (intent === "create") {
      const submission = parseWithZod(formData, { schema: resourceCreateSchema });
      if (submission.status !== "success") return replyToForm(submission);
      await createResource(submission.value, admin);
      return redirectWithSuccess(back, { message: "Content created", description: "The resource has been added to the library." });
    }
    const { id } = parseOr400(resourceIdSchema, { id: formData.get("id") });
    if (intent === "update") {
      const submission = parseWithZod(formData, { schema: resourceFormSchema });
      if (submission.status !== "success") return replyToForm(submission);
      await updateResource(id, submission.value, admin);
      return redirectWithSuccess(back, { message: "Resource updated", description: "The resource has been updated." });
    }
    if (intent === "delete") {
      await deleteResource(id, admin);
      return redirectWithSuccess(back, { message: "Content deleted", description: "The resource has been deleted." });
    }
    throw new HttpError(400, "Unknown action");
  });
}

const selection = { list: "resources", rowOf: (resource: { id: number; title: string }) => ({ id: resource.id, name: resource.title }) } as const;

export const meta: Route.MetaFunction = () => [{ title: "Resources · Ministry Mentors" }];

type Resource = NonNullable<Route.ComponentProps["loaderData"]["editing"]>;

function ResourceForm({ resource, lastResult, closeHref }: { resource: Resource | null; lastResult: Route.ComponentProps["actionData"]; closeHref: string }) {
  const [form, fields] = useAppForm({
    id: resource ? `resource-${resource.id}` : "resource-new",
    lastResult,
    defaultValue: resource
      ? { title: resource.title, type: resource.type, description: resource.description ?? "", link: resource.link ?? "" }
      : { type: "article" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Creating and editing have their own form ids, so each loads its own schema.
    schema: () => import("#app/modules/resources/schema.ts").then((module) => (resource ? module.resourceFormSchema : module.resourceCreateSchema)),
  });
  return (
    <RecordFormDialog
      title={resource ? "Edit Resource" : "Create Resource"}
      form={form}
      recordId={resource?.id}
      submitLabel={resource ? "Update Resource" : "Create Resource"}
      closeHref={closeHref}
      encType="multipart/form-data"
    >
      <TextField field={fields.title} label="Title" />
      <Field label="Type" htmlFor={fields.type.id} errors={fields.type.errors} errorId={fields.type.errorId}>
        <Select {...getSelectProps(fields.type)}>
          {resourceTypes.map((type) => <option key={type} value={type}>{resourceTypeLabels[type]}</option>)}
        </Select>
      </Field>
      <TextField field={fields.description} label="Description" multiline />
      <TextField field={fields.link} label="Link" type="url" placeholder="https://" />
      <Field
        label={resource?.fileUrl ? "Replace the file (PDF or image)" : "File (PDF or image)"}
        htmlFor={fields.file.id}
        errors={fields.file.errors}
        errorId={fields.file.errorId}
      >
        <input {...getInputProps(fields.file, { type: "file" })} accept="application/pdf,image/*" className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100" />
      </Field>
      {resource?.fileUrl ? (
        <p className="text-sm text-slate-600">
          Current file: <a href={resource.fileUrl} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">{resource.fileName ?? "Download"}</a>
        </p>
      ) : null}
      <p className="text-xs text-slate-500">A resource needs a link, a file, or both.</p>
    </RecordFormDialog>
  );
}

export default function Resources({ loaderData, actionData }: Route.ComponentProps) {
  const { resources, meta, state, type, creating, editing, toDelete } = loaderData;
  const hrefWith = useSearchHref();
  const closeHref = hrefWith(closedDialogs);

  return (
    <>
      <ListScreen
        saveView={<SaveView list="resources" />}
        exportList={{ name: "resources" }}
        frame={frame}
        list={{ defaults: resourceListDefaults }}
        filterNames={["type"]}
        state={state}
        meta={meta}
        rows={resources}
        selection={selection}
        addHref={hrefWith({ ...closedDialogs, new: "1" })}
        filters={
          <FilterBar
            selects={[{ name: "type", label: "Type", value: type ?? "", allLabel: "All types", options: resourceTypes.map((value) => ({ value, label: resourceTypeLabels[value] })) }]}
          />
        }
      >
        {(resource) => (
          <tr key={resource.id} className="align-top hover:bg-slate-50">
            <td className="max-w-md px-4 py-3">
              <p className="font-medium text-slate-900">{resource.title}</p>
              {resource.description ? <p className="mt-1 line-clamp-2 text-slate-600">{resource.description}</p> : null}
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{resourceTypeLabels[resource.type] ?? resource.type}</td>
            <td className="px-4 py-3">
              <div className="flex flex-col gap-1">
                {resource.link ? (
                  <a href={resource.link} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-brand-700 underline">
                    <ExternalLink className="size-3.5" /> Open link<span className="sr-only"> for {resource.title} (opens in a new tab)</span>
                  </a>
                ) : null}
                {resource.fileUrl ? (
                  <a href={resource.fileUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-brand-700 underline">
                    <FileText className="size-3.5" /> {resource.fileName ?? "File"}
                  </a>
                ) : null}
              </div>
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-600"><LocalTime value={resource.createdAt} format="date" /></td>
            <RowActions>
              <RowLink to={hrefWith({ ...closedDialogs, edit: resource.id })} preventScrollReset label={`Edit ${resource.title}`} icon={Pencil} />
              <RowLink to={hrefWith({ ...closedDialogs, delete: resource.id })} preventScrollReset label={`Delete ${resource.title}`} icon={Trash2} danger />
            </RowActions>
          </tr>
        )}
      </ListScreen>
      {creating ? <ResourceForm key="new" resource={null} lastResult={actionData} closeHref={closeHref} /> : null}
      {editing ? <ResourceForm key={editing.id} resource={editing} lastResult={actionData} closeHref={closeHref} /> : null}
      {toDelete ? <ConfirmDeleteDialog id={toDelete.id} name={toDelete.title} fallbackName="this resource" cancelHref={closeHref} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ListScreenError frame={frame}>{`Failed to fetch resources${message ? `: ${message}` : ""}`}</ListScreenError>;
}
