import { getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Pencil, Trash2 } from "#app/components/ui/icons.ts";
import type { Route } from "./+types/faqs";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { closedDialogs, RecordFormDialog } from "#app/components/list/record-dialog.tsx";
import { ConfirmDeleteDialog } from "#app/components/ui/confirm-delete-dialog.tsx";
import { RowActions, RowLink } from "#app/components/ui/data-table.tsx";
import { Field, Select } from "#app/components/ui/field.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { StatusSwitch } from "#app/components/ui/status-switch.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { openDialogs, parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { dialogListAction } from "#app/routes/dialog-list.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { faqFormSchema, faqIdSchema, faqList } from "#app/modules/faqs/schema.ts";
import { faqListDefaults, faqTypeLabels, faqTypes, type FaqSort } from "#app/modules/faqs/types.ts";
import { createFaq, deleteFaq, findFaq, listFaqs, setFaqActive, updateFaq } from "#app/modules/faqs/faqs.server.ts";
import { policyPlaceholders } from "#app/modules/policies/policies.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";

const frame = {
  title: "FAQs",
  heading: "Frequently Asked Questions",
  search: { placeholder: "Search FAQs...", label: "Search FAQs by question or answer" },
  caption: "Frequently asked questions",
  minWidth: "48rem",
  columns: [
    { label: "Question", sort: "question" },
    { label: "Type", sort: "type" },
    { label: "Status", sort: "isActive" },
    { label: "Created", sort: "createdAt" },
    { label: "Actions", align: "right" },
  ],
} satisfies ListFrame<FaqSort>;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(faqList, url);
    const { data: faqs, meta } = await listFaqs(state, filters);
    redirectPastLastPage(url, state, meta);
    return { faqs, meta, state, type: filters.type ?? null, ...(await openDialogs(url, findFaq)) };
  } catch (error) {
    throwForScreen(error);
  }
}

const failures = {
  create: { message: "Create Failed", description: "Failed to create FAQ" },
  update: { message: "Update Failed", description: "Failed to update FAQ" },
  status: { message: "Update Failed", description: "Failed to update FAQ" },
  delete: { message: "Delete Failed", description: "Failed to delete FAQ" },
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  return dialogListAction(request, failures, async (intent, formData, back) => {
    if (intent === "create") {
      const submission = parseWithZod(formData, { schema: faqFormSchema });
      if (submission.status !== "success") return replyToForm(submission);
      await createFaq(submission.value, admin);
      return redirectWithSuccess(back, { message: "FAQ Created", description: "The FAQ has been created." });
    }
    const { id } = parseOr400(faqIdSchema, { id: formData.get("id") });
    if (intent === "update") {
      const submission = parseWithZod(formData, { schema: faqFormSchema });
      if (submission.status !== "success") return replyToForm(submission);
      await updateFaq(id, submission.value, admin);
      return redirectWithSuccess(back, { message: "FAQ Updated", description: "The FAQ has been updated." });
    }
    if (intent === "status") {
      const status = formData.get("status");
      if (status !== "active" && status !== "inactive") throw new HttpError(400, "status must be active or inactive");
      const active = status === "active";
      await setFaqActive(id, active, admin);
      return redirectWithSuccess(back, { message: "FAQ Updated", description: active ? "FAQ activated" : "FAQ deactivated" });
    }
    if (intent === "delete") {
      await deleteFaq(id, admin);
      return redirectWithSuccess(back, { message: "FAQ Deleted", description: "The FAQ has been deleted." });
    }
    throw new HttpError(400, "Unknown action");
  });
}

export const meta: Route.MetaFunction = () => [{ title: "FAQs · Ministry Mentors" }];

type Faq = NonNullable<Route.ComponentProps["loaderData"]["editing"]>;

function FaqForm({ faq, lastResult, closeHref }: { faq: Faq | null; lastResult: Route.ComponentProps["actionData"]; closeHref: string }) {
  const [form, fields] = useAppForm({
    id: faq ? `faq-${faq.id}` : "faq-new",
    lastResult,
    defaultValue: faq
      ? { type: faq.type, question: faq.question, answer: faq.answer, is_active: faq.is_active ? "on" : undefined }
      : { type: "general", is_active: "on" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/faqs/schema.ts").then((module) => module.faqFormSchema),
  });
  return (
    <RecordFormDialog title={faq ? "Edit FAQ" : "Create FAQ"} form={form} recordId={faq?.id} submitLabel={faq ? "Update FAQ" : "Create FAQ"} closeHref={closeHref}>
      <Field label="Type" htmlFor={fields.type.id} errors={fields.type.errors} errorId={fields.type.errorId}>
        <Select {...getSelectProps(fields.type)}>
          {faqTypes.map((type) => <option key={type} value={type}>{faqTypeLabels[type]}</option>)}
        </Select>
      </Field>
      <TextField field={fields.question} label="Question" />
      <TextField field={fields.answer} label="Answer" multiline rows={6} hint={<PlaceholderHint />} />
      <div className="flex items-center gap-2">
        <input {...getInputProps(fields.is_active, { type: "checkbox" })} className="size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500" />
        <label htmlFor={fields.is_active.id} className="text-sm font-medium text-slate-800">Active (shown on the public FAQ page)</label>
      </div>
    </RecordFormDialog>
  );
}

/** The policy placeholders an answer may hold: the public pages fill them from the Settings, so the answer stays true. */
function PlaceholderHint() {
  return (
    <>
      Rules and numbers that follow the Settings can be written as placeholders, filled in on the public pages:{" "}
      {policyPlaceholders.map((name, index) => (
        <span key={name}>
          {index ? ", " : ""}
          <code className="break-all">{`{${name}}`}</code>
        </span>
      ))}
      .
    </>
  );
}

const selection = { list: "faqs", rowOf: (faq: { id: number; question: string }) => ({ id: faq.id, name: faq.question }) } as const;

export default function Faqs({ loaderData, actionData }: Route.ComponentProps) {
  const { faqs, meta, state, type, creating, editing, toDelete } = loaderData;
  const hrefWith = useSearchHref();
  const closeHref = hrefWith(closedDialogs);

  return (
    <>
      <ListScreen
        saveView={<SaveView list="faqs" />}
        exportList={{ name: "faqs" }}
        frame={frame}
        list={{ defaults: faqListDefaults }}
        filterNames={["type"]}
        state={state}
        meta={meta}
        rows={faqs}
        selection={selection}
        addHref={hrefWith({ ...closedDialogs, new: "1" })}
        filters={
          <FilterBar
            selects={[{ name: "type", label: "Type", value: type ?? "", allLabel: "All types", options: faqTypes.map((value) => ({ value, label: faqTypeLabels[value] })) }]}
          />
        }
      >
        {(faq) => (
          <tr key={faq.id} className="align-top hover:bg-slate-50">
            <td className="max-w-md px-4 py-3">
              <p className="font-medium text-slate-900">{faq.question}</p>
              <p className="mt-1 line-clamp-2 text-slate-600">{faq.answer}</p>
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{faqTypeLabels[faq.type]}</td>
            <td className="px-4 py-3"><StatusSwitch id={faq.id} active={faq.is_active} name={faq.question} subject="FAQ" /></td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-600"><LocalTime value={faq.createdAt} format="date" /></td>
            <RowActions>
              <RowLink to={hrefWith({ ...closedDialogs, edit: faq.id })} preventScrollReset label={`Edit FAQ: ${faq.question}`} icon={Pencil} />
              <RowLink to={hrefWith({ ...closedDialogs, delete: faq.id })} preventScrollReset label={`Delete FAQ: ${faq.question}`} icon={Trash2} danger />
            </RowActions>
          </tr>
        )}
      </ListScreen>
      {creating ? <FaqForm key="new" faq={null} lastResult={actionData} closeHref={closeHref} /> : null}
      {editing ? <FaqForm key={editing.id} faq={editing} lastResult={actionData} closeHref={closeHref} /> : null}
      {toDelete ? <ConfirmDeleteDialog id={toDelete.id} name={`the FAQ “${toDelete.question}”`} fallbackName="this FAQ" cancelHref={closeHref} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ListScreenError frame={frame}>{`Failed to load data${message ? `: ${message}` : ""}`}</ListScreenError>;
}
