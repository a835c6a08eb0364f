import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Send } from "#app/components/ui/icons.ts";
import { useEffect, useRef, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Textarea } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { useSearchHref } from "#app/components/ui/route-dialog.tsx";
import { cn } from "#app/lib/cn.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import type { ConversationMessage } from "./messages.server.ts";

/**
 * One conversation as the console's Messaging and both dashboards' Messages show it: the other person, the messages
 * (earlier ones a link away, the newest in view), and the box to write in. `name` is the person as the viewer should
 * read them; `subtitle`, `back` and `actions` are what each screen adds to the header; `refusal` replaces the box
 * when the viewer may not write.
 */
export function ConversationPanel({
  person,
  name,
  messages,
  hasEarlier,
  subtitle,
  back,
  actions,
  refusal,
  lastResult,
}: {
  person: { id: number; imageId: string | null; name: string };
  name: string;
  messages: ConversationMessage[];
  hasEarlier: boolean;
  subtitle: ReactNode;
  back?: ReactNode;
  actions?: ReactNode;
  refusal?: string | null;
  /** The route's action data: without JavaScript the box posts as a page, and its result comes back this way. */
  lastResult: unknown;
}) {
  const hrefWith = useSearchHref();
  const endRef = useRef<HTMLLIElement>(null);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "nearest" });
  }, [lastId]);
  return (
    <section aria-labelledby="conversation-heading" className="flex min-h-[28rem] flex-col rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
        {back}
        <Avatar imageId={person.imageId} name={person.name} className="size-10 shrink-0" />
        {/* At least 10rem for the name, so on a phone the actions go to a line of their own rather than cut it short. */}
        <div className="min-w-0 flex-1 basis-40">
          <h2 id="conversation-heading" className="text-lg font-semibold break-words text-slate-900">{name}</h2>
          <p className="text-sm break-words text-slate-500">{subtitle}</p>
        </div>
        {actions}
      </header>
      {/* It scrolls on its own, so it takes focus: a keyboard can scroll it without a link inside. */}
      <div role="region" aria-label={`Conversation with ${name}`} tabIndex={0} className="max-h-[60vh] flex-1 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500">
        {hasEarlier ? (
          <p className="mb-4 text-center">
            <Link to={hrefWith({ before: messages[0]?.id ?? null })} preventScrollReset className="text-sm font-medium text-brand-700 underline">Show earlier messages</Link>
          </p>
        ) : null}
        {messages.length === 0 ? <p className="py-10 text-center text-sm text-slate-500">No messages yet. Say hello to {name}.</p> : null}
        <ol className="grid gap-3" aria-live="polite" aria-label={`Messages with ${name}`}>
          {messages.map((message) => (
            <li key={message.id} className={cn("flex", message.fromMe ? "justify-end" : "justify-start")}>
              <div className={cn("max-w-[85%] rounded-2xl px-4 py-2 text-sm sm:max-w-[75%]", message.fromMe ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-900")}>
                <p className="sr-only">{message.fromMe ? "You" : name}:</p>
                <p className="whitespace-pre-wrap break-words">{message.body}</p>
                <p className={cn("mt-1 text-xs", message.fromMe ? "text-brand-100" : "text-slate-600")}>
                  <LocalTime value={message.createdAt} />
                  {message.fromMe ? (message.readAt ? " · Read" : " · Sent") : null}
                </p>
              </div>
            </li>
          ))}
          <li ref={endRef} aria-hidden className="h-0" />
        </ol>
      </div>
      {refusal ? (
        <p role="status" className="border-t border-slate-200 bg-amber-50 p-4 text-sm text-amber-900">{refusal}</p>
      ) : (
        <MessageComposer key={person.id} recipientId={person.id} name={name} lastResult={lastResult} />
      )}
    </section>
  );
}

/** A form's reply (conform), as opposed to other action data a screen may answer with. */
const asFormReply = (value: unknown) => (value && typeof value === "object" && "status" in value ? (value as SubmissionResult<string[]>) : undefined);

/** The box to write a message in: sent in the background, emptied once it went through; Ctrl/Cmd+Enter sends. */
function MessageComposer({ recipientId, name, lastResult }: { recipientId: number; name: string; lastResult: unknown }) {
  const fetcher = useFetcher({ key: `send-${recipientId}` });
  const formRef = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";
  const wasSending = useRef(false);
  const [form, fields] = useAppForm({
    id: `send-${recipientId}`,
    lastResult: asFormReply(fetcher.data ?? lastResult),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/messages/schema.ts").then((module) => module.sendMessageSchema),
  });
  useEffect(() => {
    if (wasSending.current && fetcher.state === "idle") {
      // A send that went through (the action redirects, so there is no data) empties the box.
      if (!fetcher.data) formRef.current?.reset();
      // "Send" is disabled while sending, which drops the focus to the page: it goes back to the box, ready for the
      // next message (or the fix a refusal asks for), unless the person has moved on meanwhile.
      const focused = document.activeElement;
      if (!focused || focused === document.body) document.getElementById(fields.body.id)?.focus();
    }
    wasSending.current = fetcher.state !== "idle";
  }, [fetcher.state, fetcher.data, fields.body.id]);
  return (
    <fetcher.Form method="post" ref={formRef} {...getFormProps(form)} className="border-t border-slate-200 p-4">
      <input type="hidden" name="recipientId" value={recipientId} />
      <label htmlFor={fields.body.id} className="sr-only">Message to {name}</label>
      <ErrorList id={form.errorId} errors={form.errors} />
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
          <Send className="size-4" /> {sending ? "Sending…" : "Send"}
        </Button>
      </div>
      <ErrorList id={fields.body.errorId} errors={fields.body.errors} />
    </fetcher.Form>
  );
}

/** What a messages screen (the console's Messaging, a dashboard's Messages) shows when it cannot load. */
export function MessagesScreenError({ title, error }: { title: string; error: unknown }) {
  const message = routeErrorMessage(error);
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        {`Failed to load messages${message ? `: ${message}` : ""}`}{" "}
        <Link to="." className="font-medium underline">Try again</Link>
      </p>
    </div>
  );
}
