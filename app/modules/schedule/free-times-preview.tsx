import { LocalTime } from "#app/components/ui/local-time.tsx";
import { zoneTitle } from "#app/lib/time-zone-names.ts";
import type { FreeTimesPreview as Preview } from "./schedule.server.ts";

/** The guide's next free times as mentees will be offered them, in the guide's own time zone (named). */
export function FreeTimesPreview({ preview }: { preview: Preview }) {
  return (
    <section aria-labelledby="preview-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:sticky lg:top-6">
      <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">Your next free times</h2>
      <p className="mt-1 text-sm text-slate-600">
        {preview.minutes}-minute sessions, shown in your time zone: <strong className="font-medium text-slate-800">{zoneTitle(preview.timeZone)}</strong>
      </p>
      {preview.paused ? (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">Bookings are paused: mentees see no free times until you turn the pause off.</p>
      ) : preview.times.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">No free times in your booking window yet. Add weekly hours or a date, then save.</p>
      ) : (
        <ul className="mt-4 grid gap-2" aria-label="Next free times preview">
          {preview.times.map((time) => (
            <li key={time.startsAt} className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
              <LocalTime value={time.startsAt} format="slot" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
