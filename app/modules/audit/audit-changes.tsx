import { adminLinks } from "#app/lib/admin-links.ts";
import type { AuditChanges, AuditKind, AuditValue } from "./types.ts";

/** A field's name as a reader says it ("isVerified" → "is verified", "declineReason" → "decline reason"). */
export const fieldLabel = (field: string) => field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[-_]/g, " ").toLowerCase();

function Value({ value }: { value: AuditValue }) {
  if (value === null || value === "") return <span className="text-slate-500">(empty)</span>;
  return <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{String(value)}</span>;
}

/** The fields one change touched, before and after side by side. */
export function AuditChangesTable({ changes, caption }: { changes: AuditChanges; caption: string }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <p className="text-sm text-slate-600">No field values recorded for this change.</p>;
  return (
    <table className="w-full table-fixed border-collapse text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-xs uppercase tracking-wide text-slate-500">
          <th scope="col" className="w-1/4 py-1 pr-3 font-medium">Field</th>
          <th scope="col" className="py-1 pr-3 font-medium">Before</th>
          <th scope="col" className="py-1 font-medium">After</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 align-top">
        {fields.map(([field, { before, after }]) => (
          <tr key={field}>
            <th scope="row" className="py-1.5 pr-3 font-medium text-slate-700 [overflow-wrap:anywhere]">{fieldLabel(field)}</th>
            <td className="py-1.5 pr-3 text-slate-700"><Value value={before} /></td>
            <td className="py-1.5 text-slate-900"><Value value={after} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A change's fields behind a disclosure: "2 fields changed", opened to the table. */
export function AuditChangesDisclosure({ changes, label }: { changes: AuditChanges; label: string }) {
  const count = Object.keys(changes).length;
  if (count === 0) return <span className="text-slate-500">—</span>;
  return (
    <details className="group">
      <summary className="cursor-pointer text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        {count === 1 ? "1 field changed" : `${count} fields changed`}
        <span className="sr-only">{`: ${label}`}</span>
      </summary>
      <div className="mt-2 min-w-0">
        <AuditChangesTable changes={changes} caption={`Before and after: ${label}`} />
      </div>
    </details>
  );
}

/** The console page of a record the log names, where it has one. */
export function recordHref(kind: AuditKind, id: string): string | null {
  const number = Number(id);
  if (!Number.isSafeInteger(number)) return null;
  if (kind === "user") return adminLinks.userProfile(number);
  if (kind === "guide") return adminLinks.guideProfile(number);
  if (kind === "booking") return adminLinks.bookingProfile(number);
  return null;
}

/** The audit log filtered to one record: its whole history. */
export const auditLogOf = (kind: AuditKind, id: number | string) => `${adminLinks.auditLog}?${new URLSearchParams({ kind, recordId: String(id) })}`;
