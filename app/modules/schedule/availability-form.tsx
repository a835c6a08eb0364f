import { getCollectionProps, getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input, Select } from "#app/components/ui/field.tsx";
import { TimeZoneSelect } from "#app/modules/account-settings/time-zone-select.tsx";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { BUFFER_CHOICES, SESSION_LENGTHS, WEEK_ORDER, WEEKDAYS, type ScheduleLimits } from "./schema.ts";

export type AvailabilityDefaults = {
  timeZone: string;
  hours: Array<{ weekday: string; start: string; end: string }>;
  overrides: Array<{ date: string; start: string; end: string }>;
  lengths: string[];
  bufferMinutes: string;
  noticeHours: string;
  horizonDays: string;
  bookingPaused: "on" | undefined;
  reviewsRequests: "on" | undefined;
  meetingUrl: string;
};

const sectionClass = "grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";
const legendClass = "float-left mb-1 w-full text-lg font-semibold text-slate-900";
const hintClass = "text-sm text-slate-600";
const timeInput = "w-full min-w-0 sm:w-32";
// A weekly range's start and end share a line on a phone too (Remove wraps below them).
const rangeInput = "min-w-0 flex-1 basis-28 sm:w-32 sm:flex-none";

/** The Availability screen's form: weekly hours per weekday, date overrides, lengths, rules and the meeting link. */
export function AvailabilityForm({
  defaults,
  limits,
  timeZones,
  lastResult,
}: {
  defaults: AvailabilityDefaults;
  limits: ScheduleLimits;
  timeZones: string[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const saving = useIsPending();
  const [form, fields] = useAppForm({
    id: "availability",
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Built from the platform's limits as the page loaded them (the server checks every save against the current ones).
    schema: () => import("#app/modules/schedule/schema.ts").then((module) => module.availabilitySchema(limits)),
  });
  const hours = fields.hours.getFieldList();
  const overrides = fields.overrides.getFieldList();

  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6">
      <fieldset className={sectionClass}>
        <legend className={legendClass}>Time zone</legend>
        <TimeZoneSelect field={fields.timeZone} label="Your hours are in" zones={timeZones} className="max-w-sm" />
        <p className={hintClass}>Mentees see your free times in their own time zone; daylight-saving changes are handled for you.</p>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Weekly hours</legend>
        <p className={hintClass}>When you are free each week. A day with no hours is unavailable. Sessions start on the hour and half hour.</p>
        <ul className="grid gap-3">
          {WEEK_ORDER.map((weekday) => {
            const day = WEEKDAYS[weekday];
            const rows = hours.map((row, index) => ({ row, index })).filter(({ row }) => row.getFieldset().weekday.value === String(weekday));
            return (
              <li key={weekday} className="grid gap-2 border-t border-slate-100 pt-3 first:border-t-0 first:pt-0 sm:grid-cols-[8rem_1fr] sm:items-start">
                <p className="pt-2 text-sm font-semibold text-slate-900">{day}</p>
                <div className="grid gap-2">
                  {rows.length === 0 ? <p className="pt-2 text-sm text-slate-500">Unavailable</p> : null}
                  {rows.map(({ row, index }, position) => {
                    const range = row.getFieldset();
                    return (
                      <div key={row.key ?? index} className="grid gap-1">
                        <div className="flex flex-wrap items-center gap-2">
                          <input {...getInputProps(range.weekday, { type: "hidden" })} />
                          <label htmlFor={range.start.id} className="sr-only">{`${day} start ${position + 1}`}</label>
                          <Input {...getInputProps(range.start, { type: "time" })} step={900} className={rangeInput} />
                          <span aria-hidden="true" className="text-slate-500">–</span>
                          <label htmlFor={range.end.id} className="sr-only">{`${day} end ${position + 1}`}</label>
                          <Input {...getInputProps(range.end, { type: "time" })} step={900} className={rangeInput} />
                          <Button type="submit" variant="ghost" size="sm" {...form.remove.getButtonProps({ name: fields.hours.name, index })} aria-label={`Remove ${day} hours ${position + 1}`}>
                            Remove
                          </Button>
                        </div>
                        <ErrorList id={range.start.errorId} errors={range.start.errors} />
                        <ErrorList id={range.end.errorId} errors={range.end.errors} />
                      </div>
                    );
                  })}
                  <Button
                    type="submit"
                    variant="secondary"
                    size="sm"
                    className="w-fit"
                    {...form.insert.getButtonProps({ name: fields.hours.name, defaultValue: { weekday: String(weekday), start: "09:00", end: "17:00" } })}
                    aria-label={`Add hours on ${day}`}
                  >
                    Add hours
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        <ErrorList id={fields.hours.errorId} errors={fields.hours.errors} />
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Date overrides</legend>
        <p className={hintClass}>Hours on a date replace that day&apos;s weekly hours: add extra hours, or leave the times empty to take the day off.</p>
        {overrides.length === 0 ? <p className="text-sm text-slate-500">No dates set.</p> : null}
        <ul className="grid gap-3">
          {overrides.map((row, index) => {
            const entry = row.getFieldset();
            return (
              <li key={row.key ?? index} className="grid gap-1">
                {/* On a phone the date has its own line, its From and To share the next, and Remove goes below them. */}
                <div className="grid grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap">
                  <div className="col-span-2 grid gap-1">
                    <label htmlFor={entry.date.id} className="text-xs font-medium text-slate-700">{`Date ${index + 1}`}</label>
                    <Input {...getInputProps(entry.date, { type: "date" })} className="w-full min-w-0 sm:w-44" />
                  </div>
                  <div className="grid gap-1">
                    <label htmlFor={entry.start.id} className="text-xs font-medium text-slate-700">{`From (date ${index + 1})`}</label>
                    <Input {...getInputProps(entry.start, { type: "time" })} step={900} className={timeInput} />
                  </div>
                  <div className="grid gap-1">
                    <label htmlFor={entry.end.id} className="text-xs font-medium text-slate-700">{`To (date ${index + 1})`}</label>
                    <Input {...getInputProps(entry.end, { type: "time" })} step={900} className={timeInput} />
                  </div>
                  <Button type="submit" variant="ghost" size="sm" className="col-span-2 w-fit" {...form.remove.getButtonProps({ name: fields.overrides.name, index })} aria-label={`Remove date ${index + 1}`}>
                    Remove
                  </Button>
                </div>
                <ErrorList id={entry.date.errorId} errors={entry.date.errors} />
                <ErrorList id={entry.start.errorId} errors={entry.start.errors} />
                <ErrorList id={entry.end.errorId} errors={entry.end.errors} />
              </li>
            );
          })}
        </ul>
        <Button type="submit" variant="secondary" size="sm" className="w-fit" {...form.insert.getButtonProps({ name: fields.overrides.name, defaultValue: { date: "", start: "", end: "" } })}>
          Add a date
        </Button>
        <ErrorList id={fields.overrides.errorId} errors={fields.overrides.errors} />
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Sessions</legend>
        <fieldset className="grid gap-2" aria-describedby={fields.lengths.errorId}>
          <legend className="text-sm font-medium text-slate-800">Session lengths offered</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {getCollectionProps(fields.lengths, { type: "checkbox", options: SESSION_LENGTHS.map(String) }).map(({ key, ...props }) => (
              <label key={`${props.value}-${key}`} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input {...props} className="size-4 rounded border-slate-300 accent-brand-600" />
                {props.value} minutes
              </label>
            ))}
          </div>
          <ErrorList id={fields.lengths.errorId} errors={fields.lengths.errors} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Buffer after each session" htmlFor={fields.bufferMinutes.id} errors={fields.bufferMinutes.errors} errorId={fields.bufferMinutes.errorId}>
            <Select {...getSelectProps(fields.bufferMinutes)}>
              {BUFFER_CHOICES.map((minutes) => (
                <option key={minutes} value={String(minutes)}>{minutes === 0 ? "No buffer" : `${minutes} minutes`}</option>
              ))}
            </Select>
          </Field>
          <Field label="Minimum notice (hours)" htmlFor={fields.noticeHours.id} errors={fields.noticeHours.errors} errorId={fields.noticeHours.errorId}>
            <Input {...getInputProps(fields.noticeHours, { type: "number" })} min={limits.minimumNoticeHours} max={720} step={1} inputMode="numeric" />
          </Field>
          <Field label="Booking window (days ahead)" htmlFor={fields.horizonDays.id} errors={fields.horizonDays.errors} errorId={fields.horizonDays.errorId}>
            <Input {...getInputProps(fields.horizonDays, { type: "number" })} min={1} max={limits.maxAdvanceDays} step={1} inputMode="numeric" />
          </Field>
        </div>
        <p className={hintClass}>
          Notice is at least {limits.minimumNoticeHours} hours and the window at most {limits.maxAdvanceDays} days (the platform&apos;s limits).
        </p>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Bookings</legend>
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input {...getInputProps(fields.bookingPaused, { type: "checkbox" })} role="switch" className="peer sr-only" />
          <span
            aria-hidden="true"
            className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors peer-checked:bg-amber-500 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 peer-checked:[&>span]:translate-x-5"
          >
            <span className="inline-block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform" />
          </span>
          <span>
            <span className="font-medium">Pause new bookings</span>
            <span className="block text-slate-600">Mentees see no free times while paused; sessions already booked stand.</span>
          </span>
        </label>
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input {...getInputProps(fields.reviewsRequests, { type: "checkbox" })} className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600" />
          <span>
            <span className="font-medium">I review requests before confirming</span>
            <span className="block text-slate-600">A free session waits for you to accept it instead of being confirmed at once.</span>
          </span>
        </label>
        <Field label="Meeting link" htmlFor={fields.meetingUrl.id} errors={fields.meetingUrl.errors} errorId={fields.meetingUrl.errorId}>
          <Input {...getInputProps(fields.meetingUrl, { type: "url" })} placeholder="https://meet.example.com/your-room" />
        </Field>
        <p className="-mt-2 text-sm text-slate-600">Sent to the mentee with every confirmed session.</p>
      </fieldset>

      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={saving}>{saving ? "Saving…" : "Save availability"}</Button>
      </div>
    </Form>
  );
}
