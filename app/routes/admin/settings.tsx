import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { Route } from "./+types/settings";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { platformSettingsSchema } from "#app/modules/settings/schema.ts";
import { getPlatformSettings, updatePlatformSettings } from "#app/modules/settings/settings.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";

export async function loader() {
  return { settings: await getPlatformSettings() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const submission = parseWithZod(await request.formData(), { schema: platformSettingsSchema });
  if (submission.status !== "success") return replyToForm(submission);
  await updatePlatformSettings(submission.value, admin);
  return redirectWithSuccess(new URL(request.url).pathname, { message: "Settings Updated", description: "The platform settings have been saved." });
}

export const meta: Route.MetaFunction = () => [{ title: "Settings · Ministry Mentors" }];

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const saving = useIsPending();
  const [form, fields] = useAppForm({
    id: "platform-settings",
    lastResult: actionData,
    defaultValue: {
      supportEmail: settings.supportEmail,
      platformFeePercent: String(settings.platformFeePercent),
      minimumNoticeHours: String(settings.minimumNoticeHours),
      cancellationWindowHours: String(settings.cancellationWindowHours),
      lateCancellationRefundPercent: String(settings.lateCancellationRefundPercent),
      holdMinutes: String(settings.holdMinutes),
      maxAdvanceDays: String(settings.maxAdvanceDays),
      disputeWindowHours: String(settings.disputeWindowHours),
      requestExpiryHours: String(settings.requestExpiryHours),
      autoCompleteHours: String(settings.autoCompleteHours),
      maxHoldsPerGuide: String(settings.maxHoldsPerGuide),
      maxHoldsPerMentee: String(settings.maxHoldsPerMentee),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/settings/schema.ts").then((module) => module.platformSettingsSchema),
  });
  const number = (meta: typeof fields.platformFeePercent, max: number) => ({
    ...getInputProps(meta, { type: "number" }),
    min: 0,
    max,
    step: 1,
    inputMode: "numeric" as const,
  });
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Settings</h1>
      <p className="mb-6 text-sm text-slate-600">
        {settings.updatedAt ? <>Last saved <LocalTime value={settings.updatedAt} />.</> : "These are the default settings; nothing has been saved yet."}
      </p>
      <Form method="post" {...getFormProps(form)} className="grid gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">Support</legend>
          <Field label="Support email" htmlFor={fields.supportEmail.id} errors={fields.supportEmail.errors} errorId={fields.supportEmail.errorId}>
            <Input {...getInputProps(fields.supportEmail, { type: "email" })} />
          </Field>
          <p className="-mt-2 text-xs text-slate-500">Shown to visitors on the Contact page.</p>
        </fieldset>
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">Payments</legend>
          <Field label="Platform fee (%)" htmlFor={fields.platformFeePercent.id} errors={fields.platformFeePercent.errors} errorId={fields.platformFeePercent.errorId}>
            <Input {...number(fields.platformFeePercent, 50)} className="max-w-32" />
          </Field>
          <p className="-mt-2 text-xs text-slate-500">The share of each session payment the platform keeps, 0 to 50.</p>
          <Field label="Dispute window (hours)" htmlFor={fields.disputeWindowHours.id} errors={fields.disputeWindowHours.errors} errorId={fields.disputeWindowHours.errorId}>
            <Input {...number(fields.disputeWindowHours, 720)} className="max-w-32" />
          </Field>
          <p className="-mt-2 text-xs text-slate-500">How long after a session is completed the mentee may report a problem, 0 to 720. The mentor is paid once it has passed with no problem open.</p>
        </fieldset>
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">Booking rules</legend>
          <Field label="Minimum notice (hours)" htmlFor={fields.minimumNoticeHours.id} errors={fields.minimumNoticeHours.errors} errorId={fields.minimumNoticeHours.errorId}>
            <Input {...number(fields.minimumNoticeHours, 720)} className="max-w-32" />
          </Field>
          <p className="-mt-2 text-xs text-slate-500">How far ahead a session must be booked.</p>
          <Field label="Cancellation window (hours)" htmlFor={fields.cancellationWindowHours.id} errors={fields.cancellationWindowHours.errors} errorId={fields.cancellationWindowHours.errorId}>
            <Input {...number(fields.cancellationWindowHours, 720)} className="max-w-32" />
          </Field>
          <p className="-mt-2 text-xs text-slate-500">Up to how many hours before a session it can be cancelled for a full refund (and rescheduled).</p>
          <Field label="Late cancellation refund (%)" htmlFor={fields.lateCancellationRefundPercent.id} errors={fields.lateCancellationRefundPercent.errors} errorId={fields.lateCancellationRefundPercent.errorId}>
            <Input {...number(fields.lateCancellationRefundPercent, 100)} className="max-w-32" />
          </Field>
          <p className="-mt-2 text-xs text-slate-500">The share of the price refunded when a mentee cancels later than the window allows, 0 to 100. Cancellations by the mentor are always refunded in full.</p>
          <Field label="Payment hold (minutes)" htmlFor={fields.holdMinutes.id} errors={fields.holdMinutes.errors} errorId={fields.holdMinutes.errorId}>
            <Input {...number(fields.holdMinutes, 120)} min={5} className="max-w-32" />
          </Field>
          <p className="-mt-2 text-xs text-slate-500">How long a chosen time is held for a mentee while they pay, 5 to 120.</p>
          <Field label="Furthest advance booking (days)" htmlFor={fields.maxAdvanceDays.id} errors={fields.maxAdvanceDays.errors} errorId={fields.maxAdvanceDays.errorId}>
            <Input {...number(fields.maxAdvanceDays, 365)} min={1} className="max-w-32" />
          </Field>
          <p className="-mt-2 text-xs text-slate-500">How far ahead any mentor may let people book, 1 to 365. A mentor's own booking window cannot go further.</p>
          <Field label="Unpaid holds per mentor" htmlFor={fields.maxHoldsPerGuide.id} errors={fields.maxHoldsPerGuide.errors} errorId={fields.maxHoldsPerGuide.errorId}>
            <Input {...number(fields.maxHoldsPerGuide, 20)} min={1} className="max-w-32" />
          </Field>
          <p className="-mt-2 text-xs text-slate-500">How many times one mentee may hold with the same mentor at once while paying, 1 to 20.</p>
          <Field label="Unpaid holds in all" htmlFor={fields.maxHoldsPerMentee.id} errors={fields.maxHoldsPerMentee.errors} errorId={fields.maxHoldsPerMentee.errorId}>
            <Input {...number(fields.maxHoldsPerMentee, 50)} min={1} className="max-w-32" />
          </Field>
          <p className="-mt-2 text-xs text-slate-500">How many unpaid holds one mentee may have at once with all mentors together, 1 to 50.</p>
        </fieldset>
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">Sessions that need an answer</legend>
          <Field label="Request expiry (hours)" htmlFor={fields.requestExpiryHours.id} errors={fields.requestExpiryHours.errors} errorId={fields.requestExpiryHours.errorId}>
            <Input {...number(fields.requestExpiryHours, 720)} min={1} className="max-w-32" />
          </Field>
          <p className="-mt-2 text-xs text-slate-500">How long a request may wait for the mentor's answer, 1 to 720. It expires sooner when the mentor's minimum notice before the session is reached. An expired request is refunded in full.</p>
          <Field label="Automatic completion (hours)" htmlFor={fields.autoCompleteHours.id} errors={fields.autoCompleteHours.errors} errorId={fields.autoCompleteHours.errorId}>
            <Input {...number(fields.autoCompleteHours, 720)} className="max-w-32" />
          </Field>
          <p className="-mt-2 text-xs text-slate-500">How long after a confirmed session ends it is marked completed on its own, unless a problem was reported, 0 to 720.</p>
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>{saving ? "Saving…" : "Save settings"}</Button>
        </div>
      </Form>
    </div>
  );
}
