import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Eye, Trash2 } from "#app/components/ui/icons.ts";
import { Form, Link } from "react-router";
import type { Route } from "./+types/customer-queries";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDeleteDialog } from "#app/components/ui/confirm-delete-dialog.tsx";
import { DateRangeFilter } from "#app/components/ui/date-range-filter.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { RowActions, RowLink } from "#app/components/ui/data-table.tsx";
import { Field, Textarea } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { RouteDialog, useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { MissingNotice } from "#app/components/ui/missing-notice.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { backTo, HttpError, parseOr400, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { dateRangeChoices } from "#app/lib/date-range.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { knownTimeZone } from "#app/lib/time-zones.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { answerSchema, queryIdSchema, queryList, type QuerySort } from "#app/modules/queries/schema.ts";
import { answerQuery, deleteQuery, findQuery, listQueries } from "#app/modules/queries/queries.server.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";
import { EmailAddress } from "#app/components/ui/email-address.tsx";

const frame = {
  title: "Customer Queries",
  heading: "Queries",
  search: { placeholder: "Search queries...", label: "Search queries by name, email, subject or message" },
  caption: "Customer queries, newest first unless sorted otherwise",
  minWidth: "52rem",
  columns: [
    { label: "Name", sort: "name" },
    { label: "Email", sort: "email" },
    { label: "Subject", sort: "subject" },
    { label: "Received", sort: "createdAt" },
    { label: "Status", sort: "status" },
    { label: "Actions", align: "right" },
  ],
} satisfies ListFrame<QuerySort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInUser(context);
  const url = new URL(request.url);
  try {
    const { state, filters } = parseScreenList(queryList, url);
    const { data: queries, meta } = await listQueries(state, admin, filters);
    redirectPastLastPage(url, state, meta);
    const queryId = parseId(url.searchParams.get("query"));
    const deleteId = parseId(url.searchParams.get("delete"));
    const [selected, toDelete] = await Promise.all([
      queryId ? findQuery(queryId, admin) : null,
      deleteId ? findQuery(deleteId, admin) : null,
    ]);
    const range = { from: filters.from ?? "", to: filters.to ?? "", choices: dateRangeChoices(knownTimeZone(admin.timeZone)) };
    const shown = { status: filters.status ?? "", olderThanDays: filters.olderThanDays ? String(filters.olderThanDays) : "" };
    return { queries, meta, state, range, shown, selected, toDelete, missing: Boolean(queryId && !selected) };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const back = backTo(request, ["delete", "query"]);
  try {
    const { id } = parseOr400(queryIdSchema, { id: formData.get("id") });
    if (intent === "delete") {
      await deleteQuery(id, admin);
      return redirectWithSuccess(back, { message: "Query Deleted", description: "The query has been deleted." });
    }
    const submission = parseWithZod(formData, { schema: answerSchema });
    if (submission.status !== "success") return replyToForm(submission);
    const query = await answerQuery(id, submission.value.answer, admin);
    return redirectWithSuccess(back, { message: "Answer Submitted", description: `Your answer to ${query.name} has been saved.` });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return intent === "delete"
      ? redirectWithError(back, { message: "Delete Failed", description: error.message || "Failed to delete query" })
      : redirectWithError(back, { message: "Submission Failed", description: error.message || "Failed to submit answer" });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Customer Queries · Ministry Mentors" }];

type Query = NonNullable<Route.ComponentProps["loaderData"]["selected"]>;

function QueryPanel({ query, closeHref, lastResult }: { query: Query; closeHref: string; lastResult: Route.ComponentProps["actionData"] }) {
  const submitting = useIsPending({ intent: "answer" });
  const [form, fields] = useAppForm({
    id: `answer-${query.id}`,
    lastResult,
    defaultValue: { answer: query.answer ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/queries/schema.ts").then((module) => module.answerSchema),
  });
  return (
    <RouteDialog title={query.subject} description={<>From {query.name} ({query.email})</>} closeHref={closeHref}>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-500">Received</dt>
          <dd className="text-slate-900"><LocalTime value={query.createdAt} /></dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Status</dt>
          <dd><StatusBadge tone={query.status === "Answered" ? "green" : "amber"}>{query.status}</StatusBadge></dd>
        </div>
      </dl>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">Message</h3>
      <p className="mt-1 whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm text-slate-800">{query.message}</p>
      {query.answer ? (
        <>
          <h3 className="mt-5 text-sm font-semibold text-slate-900">Answer</h3>
          <p className="mt-1 whitespace-pre-wrap rounded-md bg-green-50 p-3 text-sm text-slate-800">{query.answer}</p>
          <p className="mt-1 text-xs text-slate-500">Answered <LocalTime value={query.answeredAt} /></p>
        </>
      ) : query.answeredAt ? (
        <p className="mt-5 text-sm text-slate-600">Marked answered <LocalTime value={query.answeredAt} />, without a written answer (answered elsewhere, e.g. by phone).</p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-3" preventScrollReset>
        <input type="hidden" name="intent" value="answer" />
        <input type="hidden" name="id" value={query.id} />
        <Field label={query.answer ? "Update the answer" : "Your answer"} htmlFor={fields.answer.id} errors={fields.answer.errors} errorId={fields.answer.errorId}>
          <Textarea {...getTextareaProps(fields.answer)} rows={6} />
        </Field>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" asChild>
            <Link to={closeHref} replace preventScrollReset>Close</Link>
          </Button>
          <Button type="submit" disabled={submitting}>{submitting ? "Submitting…" : "Submit Answer"}</Button>
        </div>
      </Form>
    </RouteDialog>
  );
}

const selection = { list: "customer-queries", rowOf: (query: { id: number; name: string; subject: string }) => ({ id: query.id, name: `${query.subject} (from ${query.name})` }) } as const;

export default function CustomerQueries({ loaderData, actionData }: Route.ComponentProps) {
  const { queries, meta, state, range, shown, selected, toDelete, missing } = loaderData;
  const hrefWith = useSearchHref();
  const closeHref = hrefWith({ query: null, delete: null });

  return (
    <>
      <ListScreen
        saveView={<SaveView list="customer-queries" />}
        exportList={{ name: "customer-queries" }}
        frame={frame}
        list={queryList}
        state={state}
        meta={meta}
        rows={queries}
        selection={selection}
        notice={missing ? <MissingNotice>Query not found. It may have been deleted.</MissingNotice> : null}
        filters={
          <FilterBar
            selects={[
              { name: "status", label: "Status", value: shown.status, allLabel: "All statuses", options: [{ value: "open", label: "Open" }, { value: "answered", label: "Answered" }] },
              {
                name: "olderThanDays",
                label: "Waiting",
                value: shown.olderThanDays,
                allLabel: "Any age",
                options: [...new Set(["2", "7", shown.olderThanDays].filter(Boolean))].map((days) => ({ value: days, label: `Received over ${days} day${days === "1" ? "" : "s"} ago` })),
              },
            ]}
          >
            <DateRangeFilter legend="Received" {...range} />
          </FilterBar>
        }
      >
        {(query) => (
          <tr key={query.id} className="hover:bg-slate-50">
            <td className="whole-words px-4 py-3 font-medium text-slate-900">{query.name}</td>
            <td className="px-4 py-3 text-slate-600"><EmailAddress email={query.email} /></td>
            <td className="max-w-xs truncate px-4 py-3 text-slate-700" title={query.subject}>{query.subject}</td>
            <td className="whitespace-nowrap px-4 py-3 text-slate-600"><LocalTime value={query.createdAt} /></td>
            <td className="px-4 py-3"><StatusBadge tone={query.status === "Answered" ? "green" : "amber"}>{query.status}</StatusBadge></td>
            <RowActions>
              <RowLink to={hrefWith({ query: query.id, delete: null })} preventScrollReset label={`Read query from ${query.name}: ${query.subject}`} icon={Eye} />
              <RowLink to={hrefWith({ delete: query.id, query: null })} preventScrollReset label={`Delete query from ${query.name}: ${query.subject}`} icon={Trash2} danger />
            </RowActions>
          </tr>
        )}
      </ListScreen>
      {selected ? <QueryPanel key={selected.id} query={selected} closeHref={closeHref} lastResult={actionData} /> : null}
      {toDelete ? <ConfirmDeleteDialog id={toDelete.id} name={`the query “${toDelete.subject}” from ${toDelete.name}`} fallbackName="this query" cancelHref={closeHref} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ListScreenError frame={frame}>{`Failed to fetch customer queries${message ? `: ${message}` : ""}`}</ListScreenError>;
}
