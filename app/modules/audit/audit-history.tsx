import { Link } from "react-router";
import { ProfileSection } from "#app/components/ui/profile-parts.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { ListResult } from "#app/lib/list.ts";
import { AuditChangesDisclosure, auditLogOf } from "./audit-changes.tsx";
import { OpenedRecords } from "./opened-records.tsx";
import { auditActionLabels, type AuditKind, type AuditRow, type OpenedRow } from "./types.ts";

/**
 * A record's latest changes on its console page (User Profile, Guide Profile, a booking), with a link to all of them;
 * on a person's profile also who on the team opened their records.
 */
export function AuditHistory({ kind, id, history }: { kind: AuditKind; id: number; history: ListResult<AuditRow> & { opened?: OpenedRow[] } }) {
  const { data, meta, opened } = history;
  const changes = (
    <ProfileSection title="History">
      {data.length === 0 ? (
        <p className="text-sm text-slate-600">No changes recorded yet.</p>
      ) : (
        <ol className="grid gap-3">
          {data.map((entry) => (
            <li key={entry.id} className="grid gap-1 border-b border-slate-100 pb-3 last:border-0 last:pb-0">
              <p className="text-sm text-slate-900">
                <span className="font-medium">{auditActionLabels[entry.action]}</span>
                {` by ${entry.actorName} `}
                <span className="text-slate-600">
                  (<LocalTime value={entry.createdAt} />{entry.door === "api" ? ", through the API" : ""})
                </span>
              </p>
              <AuditChangesDisclosure changes={entry.changes} label={`${auditActionLabels[entry.action]} by ${entry.actorName}`} />
            </li>
          ))}
        </ol>
      )}
      {meta.total > data.length ? (
        <p className="mt-4 text-sm">
          <Link to={auditLogOf(kind, id)} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {`See all ${meta.totalCapped ? `${meta.total.toLocaleString("en-US")}+` : meta.total.toLocaleString("en-US")} changes in the audit log`}
          </Link>
        </p>
      ) : null}
    </ProfileSection>
  );
  if (!opened) return changes;
  return (
    <>
      {changes}
      <ProfileSection title="Who opened these records">
        <OpenedRecords rows={opened} self={false} />
      </ProfileSection>
    </>
  );
}
