import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Send } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, replace, useFetcher, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/messaging";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Pagination, SearchBox } from "#app/components/ui/data-table.tsx";
import { ErrorList, Textarea } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { cn } from "#app/lib/cn.ts";
import { ThreadLink } from "#app/modules/messages/thread-link.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { backTo, HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { adminLinks } from "#app/lib/links.ts";
import { parseList, redirectPastLastPage } from "#app/lib/list.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { resolveReportSchema, sendMessageSchema, threadList } from "#app/modules/messages/schema.ts";
import { listOpenReports, listThreads, openConversation, resolveReport, sendMessage, type ReportRow } from "#app/modules/messages/messages.server.ts";

/** How often an open Messaging screen checks for new messages while the page is visible. */
const POLL_MS = 5000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInUser(context);
  const url = new URL(request.url);
  try {
    const { state } = parseList(threadList, url.searchParams);
    const withId = parseId(url.searchParams.get("with"));
    let conversation = null;
    let missing = false;
    if (withId) {
      try {
        // Opening the conversation marks their messages read, so do it before counting unread ones.
        conversation = await openConversation(admin, withId, { before: parseId(url.searchParams.get("before")) ?? undefined });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 404) throw error;
        missing = true;
      }
    }
    const [{ data: threads, meta }, reports] = await Promise.all([listThreads(admin, state), listOpenReports(admin)]);
    redirectPastLastPage(url, state, meta);
    return { threads, meta, state, conversation, missing, reports };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const back = backTo(request, ["before"]);
  const formData = await request.formData();
  if (formData.get("intent") === "resolve-report") {
    const resolving = parseWithZod(formData, { schema: resolveReportSchema });
    if (resolving.status !== "success") return replyToForm(resolving);
    try {
      await resolveReport(admin, resolving.value.reportId);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithError(back, { message: "Update Failed", description: error.message });
    }
    return redirectWithSuccess(back, { message: "Report resolved" });
  }
  const submission = parseWithZod(formData, { schema: sendMessageSchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    await sendMessage(admin, submission.value);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirectWithError(back, { message: "Submission Failed", description: error.message || "Failed to send message" });
  }
  const conversation = new URL(back, request.url);
  conversation.searchParams.set("with", String(submission.value.recipientId));
  // Back to the conversation (PRG without JavaScript); `replace` keeps one history entry per conversation.
  return replace(conversation.pathname + conversation.search);
}

export const meta: Route.MetaFunction = () => [{ title: "Messaging · Ministry Mentors" }];

/** Reloads the screen's data every few seconds while the tab is visible and nothing else is loading. */
function usePolling() {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy = useRef(false);
  busy.current = revalidator.state !== "idle" || navigation.state !== "idle";
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && !busy.current) void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer for the life of the screen
  }, []);
}

type LoaderData = Route.ComponentProps["loaderData"];
type Conversation = NonNullable<LoaderData["conversation"]>;

function ThreadList({ threads, meta, state, activeId }: Pick<LoaderData, "threads" | "meta" | "state"> & { activeId: number | null }) {
  const hrefWith = useSearchHref();
  const list = { state, defaults: threadList.defaults };
  return (
    <section aria-labelledby="threads-heading" className="flex min-h-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="grid gap-3 border-b border-slate-200 p-4">
        <h2 id="threads-heading" className="text-lg font-semibold text-slate-900">Conversations</h2>
        <SearchBox {...list} placeholder="Search conversations..." label="Search conversations by name or email" />
      </div>
      {threads.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-500">
          {state.search ? "No conversations found" : "No conversations yet."}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 overflow-y-auto">
          {threads.map((thread) => {
            const active = thread.person.id === activeId;
            return (
              <li key={thread.person.id}>
                <ThreadLink thread={thread} name={thread.person.name} href={hrefWith({ with: thread.person.id, before: null })} active={active} />
              </li>
            );
          })}
        </ul>
      )}
      {meta.totalPages > 1 || state.search ? <Pagination {...list} meta={meta} /> : null}
    </section>
  );
}

function SendForm({ recipientId, name, lastResult }: { recipientId: number; name: string; lastResult: Route.ComponentProps["actionData"] }) {
  const fetcher = useFetcher<typeof action>({ key: `send-${recipientId}` });
  const formRef = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";
  const wasSending = useRef(false);
  const [form, fields] = useForm({
    id: `send-${recipientId}`,
    // Without JavaScript the form posts as a page, and its result is the route's action data.
    lastResult: fetcher.data ?? lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sendMessageSchema }),
  });
  useEffect(() => {
    // A send that went through (the action redirects, so there is no data) empties the box.
    if (wasSending.current && fetcher.state === "idle" && !fetcher.data) formRef.current?.reset();
    wasSending.current = fetcher.state !== "idle";
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" ref={formRef} {...getFormProps(form)} className="border-t border-slate-200 p-4">
      <input type="hidden" name="recipientId" value={recipientId} />
      <label htmlFor={fields.body.id} className="sr-only">Message to {name}</label>
      <div className="flex items-end gap-3">
        <Textarea
          {...getTextareaProps(fields.body)}
          rows={2}
          placeholder={`Write to ${name}…`}
          className="min-h-12 flex-1 resize-y"
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) event.currentTarget.form?.requestSubmit();
          }}
        />
        <Button type="submit" disabled={sending}>
          <Send aria-hidden className="size-4" /> {sending ? "Sending…" : "Send"}
        </Button>
      </div>
      <ErrorList id={fields.body.errorId} errors={fields.body.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
    </fetcher.Form>
  );
}

function ConversationPanel({ conversation, lastResult }: { conversation: Conversation; lastResult: Route.ComponentProps["actionData"] }) {
  const { person, messages, hasEarlier } = conversation;
  const hrefWith = useSearchHref();
  const endRef = useRef<HTMLLIElement>(null);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "nearest" });
  }, [lastId]);
  return (
    <section aria-labelledby="conversation-heading" className="flex min-h-[28rem] flex-col rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-center gap-3 border-b border-slate-200 p-4">
        <Avatar imageId={person.imageId} name={person.name} className="size-10" />
        <div className="min-w-0">
          <h2 id="conversation-heading" className="truncate text-lg font-semibold text-slate-900">{person.name}</h2>
          <p className="truncate text-sm text-slate-500">
            {person.role === "guide" ? "Guide" : "User"} · {person.email}
          </p>
        </div>
      </header>
      <div className="max-h-[60vh] flex-1 overflow-y-auto p-4">
        {hasEarlier ? (
          <p className="mb-4 text-center">
            <Link to={hrefWith({ before: messages[0]?.id ?? null })} preventScrollReset className="text-sm font-medium text-brand-700 underline">Show earlier messages</Link>
          </p>
        ) : null}
        {messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-500">No messages yet. Say hello to {person.name}.</p>
        ) : null}
        <ol className="grid gap-3" aria-live="polite" aria-label={`Messages with ${person.name}`}>
          {messages.map((message) => (
            <li key={message.id} className={cn("flex", message.fromMe ? "justify-end" : "justify-start")}>
              <div className={cn("max-w-[80%] rounded-2xl px-4 py-2 text-sm", message.fromMe ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-900")}>
                <p className="sr-only">{message.fromMe ? "You" : person.name}:</p>
                <p className="whitespace-pre-wrap break-words">{message.body}</p>
                <p className={cn("mt-1 text-xs", message.fromMe ? "text-brand-100" : "text-slate-500")}>
                  <LocalTime value={message.createdAt} />
                  {message.fromMe ? (message.readAt ? " · Read" : " · Sent") : null}
                </p>
              </div>
            </li>
          ))}
          <li ref={endRef} aria-hidden className="h-0" />
        </ol>
      </div>
      <SendForm key={person.id} recipientId={person.id} name={person.name} lastResult={lastResult} />
    </section>
  );
}

/** What mentees and guides reported from their conversations (open ones), with the reported message. */
function Reports({ reports }: { reports: ReportRow[] }) {
  if (reports.length === 0) return null;
  return (
    <section aria-labelledby="reports-heading" className="mb-6 rounded-xl border border-amber-200 bg-amber-50/60 shadow-sm">
      <h2 id="reports-heading" className="border-b border-amber-200 px-4 py-3 text-lg font-semibold text-slate-900">
        Reports <span className="text-sm font-normal text-slate-600">({reports.length} open)</span>
      </h2>
      <ul className="divide-y divide-amber-100">
        {reports.map((report) => (
          <li key={report.id} className="grid gap-2 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-start">
            <div className="min-w-0 text-sm">
              <p className="text-slate-900">
                <Link to={adminLinks.messageTo(report.reporter.id)} className="font-semibold underline">{report.reporter.name}</Link> reported{" "}
                <Link to={adminLinks.messageTo(report.reported.id)} className="font-semibold underline">{report.reported.name}</Link>
                <span className="text-slate-500"> · <LocalTime value={report.createdAt} /></span>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{report.reason}</p>
              {report.message ? (
                <blockquote className="mt-2 border-l-4 border-amber-300 pl-3 text-slate-700">
                  <span className="sr-only">Reported message: </span>
                  <span className="whitespace-pre-wrap break-words">{report.message.body}</span>
                </blockquote>
              ) : null}
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="resolve-report" />
              <input type="hidden" name="reportId" value={report.id} />
              <Button type="submit" variant="secondary" size="sm">Mark resolved</Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Messaging({ loaderData, actionData }: Route.ComponentProps) {
  const { threads, meta, state, conversation, missing, reports } = loaderData;
  usePolling();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Messaging</h1>
      <Reports reports={reports} />
      {missing ? <p role="alert" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">Recipient not found. They may have been removed.</p> : null}
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <ThreadList threads={threads} meta={meta} state={state} activeId={conversation?.person.id ?? null} />
        {conversation ? (
          <ConversationPanel conversation={conversation} lastResult={actionData} />
        ) : (
          <section className="flex min-h-[20rem] items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="text-slate-600">
              Choose a conversation, or find someone in{" "}
              <Link to={adminLinks.peopleDirectory} className="font-medium text-brand-700 underline">Users and Guides</Link> to message.
            </p>
          </section>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Messaging</h1>
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        {`Failed to load messages${message ? `: ${message}` : ""}`}{" "}
        <Link to="." className="font-medium underline">Try again</Link>
      </p>
    </div>
  );
}
