import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/support-queries";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Pagination } from "#app/components/ui/data-table.tsx";
import { ErrorList, Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenList } from "#app/lib/list-params.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { askQuerySchema, ownQueryList } from "#app/modules/queries/schema.ts";
import { askQuery, listQueries } from "#app/modules/queries/queries.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const person = signedInUser(context);
  try {
    const { state } = parseScreenList(ownQueryList, new URL(request.url));
    const { data: queries, meta } = await listQueries(state, person);
    // The question form's constraints (required, lengths), read from its schema here: the page's script needs no zod for them.
    return { queries, meta, state, constraint: getZodConstraint(askQuerySchema) };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const person = signedInUser(context);
  const submission = parseWithZod(await request.formData(), { schema: askQuerySchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    await askQuery(person, submission.value, { clientAddress: context.get(requestInfo).clientAddress });
  } catch (error) {
    // Too many questions in an hour (429): said above the form, what was typed kept.
    if (error instanceof HttpError) return refuseForm(submission, error);
    throw error;
  }
  const url = new URL(request.url);
  return redirectWithSuccess(url.pathname, { message: "Query Submitted", description: "Our team will answer you here." });
}

export const meta: Route.MetaFunction = () => [{ title: "Support Queries · Ministry Mentors" }];

export default function SupportQueries({ loaderData, actionData }: Route.ComponentProps) {
  const { queries, meta, state, constraint } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useAppForm({
    lastResult: navigation.state === "idle" ? actionData : undefined,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/queries/schema.ts").then((module) => module.askQuerySchema),
  });
  const sending = useIsPending();
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <h1 className="text-2xl font-bold text-slate-900">Support Queries</h1>
      <section aria-labelledby="ask-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="ask-heading" className="text-lg font-semibold text-slate-900">Ask the support team</h2>
        <p className="mt-1 text-sm text-slate-600">Questions about bookings, payments or your account. The answer appears below.</p>
        {/* Keyed by the number of queries: a sent query (one more) starts an empty form; a refused one keeps what was typed. */}
        <Form key={meta.total} method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
          <Field label="Subject" htmlFor={fields.subject.id} errors={fields.subject.errors} errorId={fields.subject.errorId}>
            <Input {...getInputProps(fields.subject, { type: "text" })} />
          </Field>
          <Field label="Message" htmlFor={fields.message.id} errors={fields.message.errors} errorId={fields.message.errorId}>
            <Textarea {...getTextareaProps(fields.message)} rows={5} />
          </Field>
          <ErrorList id={form.errorId} errors={form.errors} />
          <div>
            <Button type="submit" disabled={sending}>{sending ? "Sending…" : "Send query"}</Button>
          </div>
        </Form>
      </section>
      <section aria-labelledby="mine-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="mine-heading" className="border-b border-slate-200 px-6 py-4 text-lg font-semibold text-slate-900">My queries</h2>
        {queries.length === 0 ? (
          <p className="px-6 py-10 text-center text-sm text-slate-500">You have not sent a query yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {queries.map((query) => (
              <li key={query.id} className="grid gap-2 px-6 py-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{query.subject}</h3>
                  <div className="flex items-center gap-3 text-sm text-slate-500">
                    <LocalTime value={query.createdAt} />
                    <StatusBadge tone={query.status === "Answered" ? "green" : "amber"}>{query.status}</StatusBadge>
                  </div>
                </div>
                <p className="whitespace-pre-line text-sm text-slate-700">{query.message}</p>
                {query.answer ? (
                  <div className="rounded-md border-l-4 border-brand-500 bg-brand-50 px-4 py-3">
                    <p className="text-sm font-semibold text-brand-800">Answer</p>
                    <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{query.answer}</p>
                  </div>
                ) : query.status === "Answered" ? (
                  <p className="text-sm text-slate-600">Our team answered this outside the site, for example by phone.</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {meta.total > state.limit ? <Pagination state={state} defaults={ownQueryList.defaults} meta={meta} /> : null}
      </section>
    </div>
  );
}
