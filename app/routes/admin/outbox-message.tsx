import { ArrowLeft } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import type { Route } from "./+types/outbox-message";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { OutboxNotice } from "#app/modules/outbox/outbox-notice.tsx";
import { getOutboxMessage, sendsThroughSmtp } from "#app/modules/outbox/outbox.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { message: await getOutboxMessage(recordParam(params.id, "Message not found"), signedInUser(context)), smtp: sendsThroughSmtp() };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.message.subject ?? "Message"} · Outbox · Ministry Mentors` }];

/**
 * The HTML part runs in a sandboxed frame with no permissions (no scripts, no forms, its own opaque origin) and,
 * as a srcdoc document, under this page's Content-Security-Policy too; its own policy below forbids loading anything.
 */
function htmlDocument(html: string) {
  const policy = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`;
  // Right after the doctype, so the policy lands in the document's head and the page keeps standards mode.
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)?.[0] ?? "";
  return `${doctype || "<!doctype html>"}${policy}${html.slice(doctype.length)}`;
}

function BackLink() {
  return (
    <Link to={adminLinks.outbox} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft className="size-4" />
      Back to the outbox
    </Link>
  );
}

export default function OutboxMessage({ loaderData }: Route.ComponentProps) {
  const { message, smtp } = loaderData;
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div className="grid gap-3">
        <BackLink />
        <h1 className="break-words text-2xl font-bold text-slate-900">{message.subject}</h1>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-500">To</dt>
          <dd className="break-all text-slate-900">{message.to}</dd>
          <dt className="font-medium text-slate-500">Written</dt>
          <dd className="text-slate-900"><LocalTime value={message.createdAt} /></dd>
        </dl>
      </div>
      {smtp ? <OutboxNotice smtp /> : null}
      <section aria-labelledby="text-part" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="text-part" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">Text part</h2>
        <pre className="overflow-x-auto whitespace-pre-wrap break-words p-4 font-sans text-sm text-slate-800">{message.text}</pre>
      </section>
      <section aria-labelledby="html-part" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="html-part" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">HTML part</h2>
        <iframe
          title={`HTML part of “${message.subject}”`}
          sandbox=""
          srcDoc={htmlDocument(message.html)}
          referrerPolicy="no-referrer"
          className="h-[32rem] w-full rounded-b-xl bg-white"
        />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <div className="mx-auto grid max-w-5xl gap-4">
      <BackLink />
      <h1 className="text-2xl font-bold text-slate-900">Message</h1>
      <p role="alert" className="rounded-xl border border-slate-200 bg-white p-6 text-red-700 shadow-sm">{message ?? "Failed to fetch Details"}</p>
    </div>
  );
}
