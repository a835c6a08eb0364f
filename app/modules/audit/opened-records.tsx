import { LocalTime } from "#app/components/ui/local-time.tsx";
import { auditActionLabels, openedWords, type OpenedRow } from "./types.ts";

/**
 * The latest times staff opened a person's private records: in the person's own words on their Settings ("Ana Admin
 * opened your payments"), or as the console says it on their profile ("Opened payments by Ana Admin").
 */
export function OpenedRecords({ rows, self }: { rows: OpenedRow[]; self: boolean }) {
  if (rows.length === 0) {
    return <p className="text-sm text-slate-600">{self ? "Nobody on our team has opened your records." : "Nobody on the team has opened these records."}</p>;
  }
  return (
    <ol className="grid gap-2">
      {rows.map((row) => (
        <li key={row.id} className="border-b border-slate-100 pb-2 text-sm text-slate-900 last:border-0 last:pb-0">
          {self ? `${row.actorName} opened ${openedWords[row.action]} ` : `${auditActionLabels[row.action]} by ${row.actorName} `}
          <span className="text-slate-600">
            (<LocalTime value={row.createdAt} />{row.door === "api" ? ", through the API" : ""})
          </span>
        </li>
      ))}
    </ol>
  );
}
