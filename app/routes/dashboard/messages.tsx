import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Ban, Flag } from "#app/components/ui/icons.ts";
import { useEffect, useRef } from "react";
import { data, Form, Link, replace, useRevalidator } from "react-router";
import type { Route } from "./+types/messages";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Pagination } from "#app/components/ui/data-table.tsx";
import { ErrorList, Textarea } from "#app/components/ui/field.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { MissingNotice } from "#app/components/ui/missing-notice.tsx";
import { cn } from "#app/lib/cn.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { ConversationPanel, MessagesScreenError } from "#app/modules/messages/conversation.tsx";
import { ThreadLink } from "#app/modules/messages/thread-link.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { backTo, HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { parseId } from "#app/lib/id.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import {
  blockPerson,
  listNewContacts,
  listThreads,
  openConversation,
  reportPerson,
  sendMessage,
  unblockPerson,
} from "#app/modules/messages/messages.server.ts";
import { blockSchema, reportSchema, sendMessageSchema, threadList } from "#app/modules/messages/schema.ts";

/**
 * Messages, for mentees (/user-dashboard/messages) and guides (/mentor-dashboard/messages): the conversations,
 * newest first, and the one in ?with=<person id>. Who may write to whom is the messages module's rule (a shared
 * booking, or the support team writing first). New messages arrive live through the layout's event stream.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = signedInUser(context);
  const url = new URL(request.url);
  try {
    const { state } = parseScreenList(threadList, url);
    const withId = url.searchParams.has("with") ? parseId(url.searchParams.get("with")) : null;
    let conversation = null;
    let missing: string | null = null;
    if (url.searchParams.has("with")) {
      try {
        if (!withId) throw new HttpError(404, "Recipient not found");
        // Opening the conversation marks their messages read, so before the threads' unread counts.
        conversation = await openConversation(me, withId, { before: parseId(url.searchParams.get("before")) ?? undefined });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status !== 404) throw error;
        missing = error.message;
      }
    }
    const [{ data: threads, meta }, contacts] = await Promise.all([listThreads(me, state), listNewContacts(me)]);
    redirectPastLastPage(url, state, meta);
    const body = { threads, meta, state, conversation, missing, contacts, isGuide: me.role === "guide" };
    return missing ? data(body, { status: 404 }) : body;
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = signedInUser(context);
  const back = backTo(request, ["before"]);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "block" || intent === "unblock") {
    const submission = parseWithZod(formData, { schema: blockSchema });
    if (submission.status !== "success") return replyToForm(submission);
    try {
      const person = await (intent === "block" ? blockPerson : unblockPerson)(me, submission.value.personId);
      return redirectWithSuccess(back, intent === "block"
        ? { message: "Blocked", description: `${person.name} can no longer send you messages.` }
        : { message: "Unblocked", description: `${person.name} can message you again.` });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithError(back, { message: "Action Failed", description: error.message });
    }
  }

  if (intent === "report") {
    const submission = parseWithZod(formData, { schema: reportSchema });
    if (submission.status !== "success") return data({ report: submission.reply() }, { status: 400 });
    try {
      await reportPerson(me, submission.value.personId, submission.value.reason);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithError(back, { message: "Action Failed", description: error.message });
    }
    return redirectWithSuccess(back, { message: "Report sent", description: "Thank you. Our support team will look into it." });
  }

  const submission = parseWithZod(formData, { schema: sendMessageSchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    await sendMessage(me, submission.value);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // Not allowed to write (no booking, blocked): said above the form with its status (403/404), text kept.
    const refused = refuseForm(submission, error);
    return data(refused.data, { status: error.status });
  }
  const conversation = new URL(back, request.url);
  conversation.searchParams.set("with", String(submission.value.recipientId));
  // Back to the conversation (PRG without JavaScript); `replace` keeps one history entry per conversation.
  return replace(conversation.pathname + conversation.search);
}

export const meta: Route.MetaFunction = () => [{ title: "Messages · Ministry Mentors" }];

type LoaderData = Route.ComponentProps["loaderData"];
type Conversation = NonNullable<LoaderData["conversation"]>;
type ActionData = Route.ComponentProps["actionData"];

/** Who the other person is, in the words the dashboards use: a pastor's mentor, a guide's mentee. */
const roleLabel = (role: string) => (role === "guide" ? "Mentor" : role === "admin" ? "Ministry Mentors support" : "Mentee");

function ThreadList({ threads, meta, state, activeId, contacts, isGuide, hidden }: Pick<LoaderData, "threads" | "meta" | "state" | "contacts" | "isGuide"> & { activeId: number | null; hidden: boolean }) {
  const hrefWith = useSearchHref();
  const list = { state, defaults: threadList.defaults };
  return (
    <section aria-labelledby="threads-heading" className={cn("min-h-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm", hidden ? "hidden lg:flex" : "flex")}>
      <h2 id="threads-heading" className="border-b border-slate-200 p-4 text-lg font-semibold text-slate-900">Conversations</h2>
      {threads.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-500">
          No conversations yet.
          {/* With nobody to write to yet, what opens a conversation. */}
          {contacts.length > 0 ? null : isGuide ? (
            " Once a mentee books a session with you, you can write to each other here."
          ) : (
            <>
              {" "}Once you book a session, you can write to your mentor here.{" "}
              <Link to="/search" className="font-medium text-brand-700 underline underline-offset-2">Find a Mentor</Link>
            </>
          )}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {threads.map((thread) => {
            const active = thread.person.id === activeId;
            return (
              <li key={thread.person.id}>
                <ThreadLink thread={thread} name={thread.person.role === "admin" ? "Ministry Mentors support" : thread.person.name} href={hrefWith({ with: thread.person.id, before: null })} active={active} />
              </li>
            );
          })}
        </ul>
      )}
      {meta.totalPages > 1 ? <Pagination {...list} meta={meta} /> : null}
      {contacts.length > 0 ? (
        <div className="border-t border-slate-200 p-4">
          <h3 className="text-sm font-semibold text-slate-900">Start a conversation</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {contacts.map((contact) => (
              <li key={contact.id}>
                <Link
                  to={hrefWith({ with: contact.id, before: null })}
                  className="flex items-center gap-2 rounded-full border border-slate-200 py-1 pl-1 pr-3 text-sm text-slate-800 hover:bg-slate-50"
                >
                  <Avatar imageId={contact.imageId} name={contact.name} className="size-6" />
                  {contact.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function SafetyActions({ conversation, actionData }: { conversation: Conversation; actionData: ActionData }) {
  const { person, blockedByMe } = conversation;
  const reportReply = actionData && "report" in actionData ? actionData.report : undefined;
  const [form, fields] = useAppForm({
    id: "report",
    lastResult: reportReply,
    // Checked on submit, then again as the person types: a check on blur would take the error line away while the
    // pointer is pressed on "Send report", moving the button from under it so the click is lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/messages/schema.ts").then((module) => module.reportSchema),
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value={blockedByMe ? "unblock" : "block"} />
        <input type="hidden" name="personId" value={person.id} />
        <Button type="submit" variant="secondary" size="sm">
          <Ban className="size-4" /> {blockedByMe ? "Unblock" : "Block"}
        </Button>
      </Form>
      <details className="group relative" open={Boolean(reportReply) || undefined}>
        <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
          <Flag className="size-4" /> Report
        </summary>
        <Form method="post" {...getFormProps(form)} className="absolute right-0 z-30 mt-2 grid w-[min(20rem,calc(100vw-2rem))] gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-xl">
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="personId" value={person.id} />
          <label htmlFor={fields.reason.id} className="text-sm font-medium text-slate-900">What is wrong with {person.name}'s messages?</label>
          <Textarea {...getTextareaProps(fields.reason)} rows={3} />
          <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
          <p className="text-xs text-slate-500">Our support team reads every report. Their latest message to you is included.</p>
          <Button type="submit" size="sm">Send report</Button>
        </Form>
      </details>
    </div>
  );
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { threads, meta, state, conversation, missing, contacts, isGuide } = loaderData;
  const hrefWith = useSearchHref();
  const open = Boolean(conversation || missing);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    // Opening the conversation read messages or notifications: the layout's loader, which ran beside this one,
    // counted them as unread, so the navigation's badge and the bell load again (once: nothing is left to read).
    if (conversation?.markedRead) void revalidate.current();
  }, [conversation]);
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className={cn("mb-6 text-2xl font-bold text-slate-900", open && "sr-only lg:not-sr-only")}>Messages</h1>
      {missing ? (
        <MissingNotice>
          {missing}{" "}
          <Link to={hrefWith({ with: null, before: null })} className="font-medium underline">Back to conversations</Link>
        </MissingNotice>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <ThreadList threads={threads} meta={meta} state={state} contacts={contacts} isGuide={isGuide} activeId={conversation?.person.id ?? null} hidden={open} />
        {conversation ? (
          <ConversationPanel
            {...conversation}
            name={conversation.person.role === "admin" ? "Ministry Mentors support" : conversation.person.name}
            subtitle={roleLabel(conversation.person.role)}
            back={
              <Link to={hrefWith({ with: null, before: null })} className="rounded-md p-1 text-slate-600 hover:bg-slate-100 lg:hidden" aria-label="Back to conversations">
                <ArrowLeft className="size-5" />
              </Link>
            }
            actions={conversation.canBlock ? <SafetyActions conversation={conversation} actionData={actionData} /> : null}
            lastResult={actionData}
          />
        ) : (
          <section className="hidden min-h-[20rem] items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center lg:flex">
            <p className="text-slate-600">{threads.length || contacts.length ? "Choose a conversation to read and reply." : "Nothing to read yet."}</p>
          </section>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <MessagesScreenError title="Messages" error={error} />;
}
