import { Eye } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import type { Route } from "./+types/outbox";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { RowActions, RowLink } from "#app/components/ui/data-table.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { OutboxNotice } from "#app/modules/outbox/outbox-notice.tsx";
import { listOutbox, sendsThroughSmtp } from "#app/modules/outbox/outbox.server.ts";
import { outboxList, type OutboxSort } from "#app/modules/outbox/schema.ts";
import { SaveView } from "#app/modules/saved-views/save-view.tsx";
import { EmailAddress } from "#app/components/ui/email-address.tsx";

const frame = {
  title: "Outbox",
  heading: "Messages",
  search: { placeholder: "Search by recipient or subject...", label: "Search the outbox by recipient or subject" },
  caption: "Messages in the outbox, newest first",
  minWidth: "44rem",
  empty: "No messages",
  columns: [
    { label: "Recipient" },
    { label: "Subject" },
    { label: "Written", sort: "createdAt" },
    { label: "Actions", align: "right" },
  ],
} satisfies ListFrame<OutboxSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  try {
    const { state } = parseScreenList(outboxList, url);
    const { data: messages, meta } = await listOutbox(state, signedInUser(context));
    redirectPastLastPage(url, state, meta);
    return { messages, meta, state, smtp: sendsThroughSmtp() };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Outbox · Ministry Mentors" }];

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { messages, meta, state, smtp } = loaderData;
  return (
    <ListScreen saveView={<SaveView list="outbox" />} exportList={{ name: "outbox" }} frame={frame} list={outboxList} state={state} meta={meta} rows={messages} notice={<OutboxNotice smtp={smtp} />}>
      {(message) => (
        <tr key={message.id} className="hover:bg-slate-50">
          <td className="px-4 py-3 text-slate-700"><EmailAddress email={message.to} /></td>
          <td className="px-4 py-3">
            <Link to={adminLinks.outboxMessage(message.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">{message.subject}</Link>
          </td>
          <td className="whitespace-nowrap px-4 py-3 text-slate-600"><LocalTime value={message.createdAt} /></td>
          <RowActions>
            <RowLink to={adminLinks.outboxMessage(message.id)} label={`View message: ${message.subject} to ${message.to}`} icon={Eye} />
          </RowActions>
        </tr>
      )}
    </ListScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ListScreenError frame={frame}>{`Failed to load data${message ? `: ${message}` : ""}`}</ListScreenError>;
}
