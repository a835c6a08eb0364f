import { Link } from "react-router";
import type { Route } from "./+types/audit-log";
import { ListScreen, ListScreenError, type ListFrame } from "#app/components/list/list-screen.tsx";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { DateRangeFilter } from "#app/components/ui/date-range-filter.tsx";
import { FilterBar } from "#app/components/ui/filter-bar.tsx";
import { dateRangeChoices } from "#app/lib/date-range.ts";
import { knownTimeZone } from "#app/lib/time-zones.ts";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { throwForScreen } from "#app/lib/http.server.ts";
import { parseScreenList, redirectPastLastPage } from "#app/lib/list-params.server.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { AuditChangesDisclosure, recordHref } from "#app/modules/audit/audit-changes.tsx";
import { auditActors, listAudit } from "#app/modules/audit/audit.server.ts";
import { auditList, type AuditSort } from "#app/modules/audit/schema.ts";
import { AUDIT_ACTIONS, AUDIT_KINDS, auditActionLabels, auditKindLabels } from "#app/modules/audit/types.ts";

const frame = {
  title: "Audit log",
  width: "max-w-7xl",
  heading: "Changes",
  search: { placeholder: "Search by record or person...", label: "Search the audit log by record or by the person who acted" },
  caption: "Changes made in the console and to other people's records, newest first unless sorted otherwise",
  minWidth: "60rem",
  columns: [
    { label: "When", sort: "createdAt" },
    { label: "Person" },
    { label: "Record", sort: "recordKind" },
    { label: "Action", sort: "action" },
    { label: "Before and after" },
  ],
  loadingText: "Loading the audit log...",
  empty: "No changes recorded.",
} satisfies ListFrame<AuditSort>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const admin = signedInUser(context);
  try {
    const { state, filters } = parseScreenList(auditList, url);
    const [{ data: entries, meta }, actors] = await Promise.all([listAudit(state, filters, admin), auditActors(admin, filters.actorId)]);
    redirectPastLastPage(url, state, meta);
    const range = { from: filters.from ?? "", to: filters.to ?? "", choices: dateRangeChoices(knownTimeZone(admin.timeZone)) };
    return { entries, meta, state, filters, actors, range };
  } catch (error) {
    throwForScreen(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log · Ministry Mentors" }];

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, meta, state, filters, actors, range } = loaderData;
  const selects = [
    { name: "actorId", label: "Person", value: filters.actorId ? String(filters.actorId) : "", allLabel: "Everyone", options: actors.map((actor) => ({ value: String(actor.id), label: actor.name })) },
    { name: "kind", label: "Record", value: filters.kind ?? "", allLabel: "All records", options: AUDIT_KINDS.map((kind) => ({ value: kind, label: auditKindLabels[kind] })) },
    { name: "action", label: "Action", value: filters.action ?? "", allLabel: "All actions", options: AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionLabels[action] })) },
  ];
  const chips = filters.recordId ? [{ param: "recordId", label: `Record #${filters.recordId}` }] : [];
  return (
    <ListScreen
      frame={frame}
      exportList={{ name: "audit-log" }}
      list={auditList}
      state={state}
      meta={meta}
      rows={entries}
      filters={
        <FilterBar selects={selects} chips={chips}>
          <DateRangeFilter legend="Changed" {...range} />
        </FilterBar>
      }
    >
      {(entry) => {
        const href = recordHref(entry.recordKind, entry.recordId);
        const what = `${auditActionLabels[entry.action]} ${auditKindLabels[entry.recordKind].toLowerCase()} ${entry.recordLabel}`;
        return (
          <tr key={entry.id} className="align-top hover:bg-slate-50">
            <td className="whitespace-nowrap px-4 py-3 text-slate-600"><LocalTime value={entry.createdAt} /></td>
            <td className="px-4 py-3 text-slate-900">
              <span className="block [overflow-wrap:anywhere]">{entry.actorName}</span>
              <span className="text-xs text-slate-500">{entry.door === "api" ? "through the API" : "on screen"}</span>
            </td>
            <td className="px-4 py-3">
              <span className="block text-xs text-slate-500">{`${auditKindLabels[entry.recordKind]} #${entry.recordId}`}</span>
              {href ? (
                <Link to={href} className="font-medium text-brand-700 underline-offset-2 hover:underline [overflow-wrap:anywhere]">{entry.recordLabel}</Link>
              ) : (
                <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{entry.recordLabel}</span>
              )}
            </td>
            <td className="px-4 py-3"><StatusBadge tone="grey">{auditActionLabels[entry.action]}</StatusBadge></td>
            <td className="px-4 py-3"><AuditChangesDisclosure changes={entry.changes} label={what} /></td>
          </tr>
        );
      }}
    </ListScreen>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return <ListScreenError frame={frame}>{`Failed to load the audit log${message ? `: ${message}` : ""}`}</ListScreenError>;
}
