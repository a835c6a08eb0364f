import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, Link, replace, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/messaging";
import { Button } from "#app/components/ui/button.tsx";
import { Pagination, SearchBox } from "#app/components/ui/data-table.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { MissingNotice } from "#app/components/ui/missing-notice.tsx";
import { ConversationPanel, MessagesScreenError } from "#app/modules/messages/conversation.tsx";
import { ThreadLink } from "#app/modules/messages/thread-link.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { backTo, HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { resolveReportSchema, sendMessageSchema, threadList } from "#app/modules/messages/schema.ts";
import { listOpenReports, listThreads, openConversation, resolveReport, sendMessage, type ReportRow } from "#app/modules/messages/messages.server.ts";

/** How often an open Messaging screen checks for new messages while the page is visible. */
const POLL_MS = 5000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = signedInUser(context);
  const url = new URL(request.url);
  try {
    const { state } = parseScreenList(threadList, url);
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
      {missing ? <MissingNotice>Recipient not found. They may have been removed.</MissingNotice> : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <ThreadList threads={threads} meta={meta} state={state} activeId={conversation?.person.id ?? null} />
        {conversation ? (
          <ConversationPanel
            {...conversation}
            name={conversation.person.name}
            subtitle={`${conversation.person.role === "guide" ? "Guide" : "User"} · ${conversation.person.email}`}
            lastResult={actionData}
          />
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
  return <MessagesScreenError title="Messaging" error={error} />;
}
