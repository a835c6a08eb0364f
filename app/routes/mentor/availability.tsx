import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/availability";
import { replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { AvailabilityForm, type AvailabilityDefaults } from "#app/modules/schedule/availability-form.tsx";
import { FreeTimesPreview } from "#app/modules/schedule/free-times-preview.tsx";
import { timeZoneChoices } from "#app/lib/time-zones.ts";
import { getSchedule, previewFreeTimes, saveAvailability, scheduleLimits } from "#app/modules/schedule/schedule.server.ts";
import { availabilitySchema } from "#app/modules/schedule/schema.ts";

/** /mentor-dashboard/availability: the signed-in guide's own hours and booking rules (the layout lets guides only in). */
export async function loader({ context }: Route.LoaderArgs) {
  const guide = signedInUser(context);
  const [schedule, limits, preview] = await Promise.all([getSchedule(guide.id), scheduleLimits(), previewFreeTimes(guide.id)]);
  const defaults: AvailabilityDefaults = {
    timeZone: schedule.timeZone,
    hours: schedule.weekly.map((range) => ({ weekday: String(range.weekday), start: range.startTime, end: range.endTime === "24:00" ? "00:00" : range.endTime })),
    overrides: schedule.overrides.map((entry) => ({ date: entry.date, start: entry.startTime ?? "", end: entry.endTime === "24:00" ? "00:00" : (entry.endTime ?? "") })),
    lengths: schedule.lengths.map(String),
    bufferMinutes: String(schedule.bufferMinutes),
    noticeHours: String(schedule.noticeHours),
    horizonDays: String(schedule.horizonDays),
    bookingPaused: schedule.bookingPaused ? "on" : undefined,
    reviewsRequests: schedule.reviewsRequests ? "on" : undefined,
    meetingUrl: schedule.meetingUrl ?? "",
  };
  return { defaults, limits, preview, timeZones: timeZoneChoices(schedule.timeZone) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const guide = signedInUser(context);
  const limits = await scheduleLimits();
  const submission = parseWithZod(await request.formData(), { schema: availabilitySchema(limits) });
  if (submission.status !== "success") return replyToForm(submission);
  await saveAvailability(guide.id, submission.value);
  return redirectWithSuccess(new URL(request.url).pathname, { message: "Availability Saved", description: "Your hours and booking rules are saved." });
}

export const meta: Route.MetaFunction = () => [{ title: "Availability · Ministry Mentors" }];

export default function Availability({ loaderData, actionData }: Route.ComponentProps) {
  const { defaults, limits, preview, timeZones } = loaderData;
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Availability</h1>
        <p className="mt-1 text-sm text-slate-600">Set when mentees can book you. Free times are your hours minus sessions already booked.</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem] lg:items-start">
        <AvailabilityForm key={JSON.stringify(defaults)} defaults={defaults} limits={limits} timeZones={timeZones} lastResult={actionData} />
        <FreeTimesPreview preview={preview} />
      </div>
    </div>
  );
}
