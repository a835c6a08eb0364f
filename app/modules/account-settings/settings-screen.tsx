import { getFormProps, getInputProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { useState, type ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { PASSWORD_RULE_TEXT } from "#app/lib/password-rules.ts";
import { RouteDialog } from "#app/components/ui/route-dialog.tsx";
import { sameClock, zoneTitle } from "#app/lib/time-zone-names.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { COMMUNICATION_CHOICES, COMMUNICATION_LABELS, DELETE_CONFIRMATION_WORD, type Communication } from "./options.ts";
import { useDeviceTimeZone } from "./time-zone-notice.tsx";
import { TimeZoneSelect } from "./time-zone-select.tsx";
import { OpenedRecords } from "#app/modules/audit/opened-records.tsx";
import type { OpenedRow } from "#app/modules/audit/types.ts";
import { AccessTokensSection } from "#app/modules/access-tokens/access-tokens-section.tsx";
import type { AccessTokenView } from "#app/modules/access-tokens/access-tokens.server.ts";
import { CalendarFeedSection } from "#app/modules/calendar-feed/calendar-feed-section.tsx";
import type { CalendarFeedView } from "#app/modules/calendar-feed/calendar-feed.server.ts";
import { WebhooksSection } from "#app/modules/webhooks/webhooks-section.tsx";
import type { EndpointView } from "#app/modules/webhooks/webhooks.server.ts";

type Reply = SubmissionResult<string[]>;
type ActionData =
  | (Partial<Record<"preferences" | "password" | "delete" | "newToken" | "newWebhook", Reply>> & { createdToken?: { name: string; token: string }; webhookSecret?: { url: string; secret: string } })
  | undefined;

type Props = {
  settings: {
    email: string;
    role: string;
    timeZone: string;
    notifications: boolean;
    communication: Communication;
    darkMode: boolean;
    upcomingBookings: number;
  };
  opened: OpenedRow[];
  calendarFeed: CalendarFeedView;
  accessTokens: AccessTokenView[];
  webhooks: EndpointView[];
  /** Two-factor sign-in: whether it is on, and how many unused recovery codes are left. */
  twoFactor: { enabled: boolean; recoveryCodesLeft: number };
  timeZones: string[];
  confirmingDelete: boolean;
  actionData: unknown;
  /** Another domain's sections (Sponsorship), in the same column, before the person's records and the account's deletion. */
  children?: ReactNode;
};

const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";
const checkboxClass = "mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-600";

function Section({ id, title, description, children, tone }: { id: string; title: string; description?: ReactNode; children: ReactNode; tone?: "danger" }) {
  return (
    <section aria-labelledby={id} className={tone === "danger" ? `${card} border-red-200` : card}>
      <h2 id={id} className={tone === "danger" ? "text-lg font-semibold text-red-700" : "text-lg font-semibold text-slate-900"}>{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

function PreferencesForm({ settings, timeZones, lastResult }: Pick<Props, "settings" | "timeZones"> & { lastResult?: Reply }) {
  const saving = useIsPending({ intent: "preferences" });
  const detected = useDeviceTimeZone();
  const [form, fields] = useAppForm({
    id: "preferences",
    lastResult,
    defaultValue: {
      timeZone: settings.timeZone,
      notifications: settings.notifications ? "on" : undefined,
      communication: settings.communication,
      darkMode: settings.darkMode ? "on" : undefined,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/account-settings/schema.ts").then((module) => module.preferencesSchema),
  });
  // The select is controlled: the device's zone can be picked with one click.
  const [zone, setZone] = useState(settings.timeZone);
  const zones = timeZones.includes(settings.timeZone) ? timeZones : [settings.timeZone, ...timeZones];
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6">
      <input type="hidden" name="intent" value="preferences" />
      <TimeZoneSelect
        field={fields.timeZone}
        zones={zones}
        value={zone}
        onChange={setZone}
        hint={
          <>
            Session times, reminders and e-mails use this zone.
            {detected && !sameClock(detected, zone) && zones.includes(detected) ? (
              <>
                {" "}Your device is set to <strong className="font-medium text-slate-700">{zoneTitle(detected)}</strong>.{" "}
                <button type="button" className="font-medium text-brand-700 underline" onClick={() => setZone(detected)}>
                  Use {zoneTitle(detected)}
                </button>
              </>
            ) : null}
          </>
        }
      />

      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium text-slate-800">Notifications</legend>
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input {...getInputProps(fields.notifications, { type: "checkbox" })} className={checkboxClass} />
          <span>
            <span className="font-medium text-slate-900">Send me notifications</span>
            <span className="block text-slate-600">New messages, booking confirmations, changes and reminders.</span>
          </span>
        </label>
      </fieldset>

      <fieldset className="grid gap-3" aria-describedby={fields.communication.errorId}>
        <legend className="text-sm font-medium text-slate-800">How should we reach you?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {COMMUNICATION_CHOICES.map((choice) => (
            <label key={choice} className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm text-slate-700 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-500/15">
              <input
                type="radio"
                name={fields.communication.name}
                value={choice}
                defaultChecked={fields.communication.initialValue === choice}
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
              />
              <span>
                <span className="font-medium text-slate-900">{COMMUNICATION_LABELS[choice].label}</span>
                <span className="block text-slate-600">{(settings.role === "guide" && COMMUNICATION_LABELS[choice].guideHint) || COMMUNICATION_LABELS[choice].hint}</span>
              </span>
            </label>
          ))}
        </div>
        <ErrorList id={fields.communication.errorId} errors={fields.communication.errors} />
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium text-slate-800">Appearance</legend>
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input {...getInputProps(fields.darkMode, { type: "checkbox" })} className={checkboxClass} />
          <span>
            <span className="font-medium text-slate-900">Dark mode</span>
            <span className="block text-slate-600">Light text on a dark background, on every page while you are signed in.</span>
          </span>
        </label>
      </fieldset>

      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>{saving ? "Saving…" : "Save settings"}</Button>
      </div>
    </Form>
  );
}

function PasswordForm({ lastResult }: { lastResult?: Reply }) {
  const changing = useIsPending({ intent: "password" });
  const [form, fields] = useAppForm({
    id: "change-password",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/accounts/password-schema.ts").then((module) => module.changeOwnPasswordSchema),
  });
  return (
    // One field under another: the new password's rule above its box would push that box below its neighbours' in a row.
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <input type="hidden" name="intent" value="password" />
      <Field label="Current password" htmlFor={fields.currentPassword.id} errors={fields.currentPassword.errors} errorId={fields.currentPassword.errorId}>
        <Input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" />
      </Field>
      <Field label="New password" htmlFor={fields.password.id} hint={PASSWORD_RULE_TEXT} errors={fields.password.errors} errorId={fields.password.errorId}>
        <Input {...getInputProps(fields.password, { type: "password", ariaDescribedBy: `${fields.password.id}-hint` })} autoComplete="new-password" />
      </Field>
      <Field label="Confirm new password" htmlFor={fields.confirmPassword.id} errors={fields.confirmPassword.errors} errorId={fields.confirmPassword.errorId}>
        <Input {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" />
      </Field>
      <p className="text-xs text-slate-500">Changing your password signs you out everywhere else.</p>
      <div className="[&:not(:has(li))]:hidden">
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={changing}>{changing ? "Changing…" : "Change password"}</Button>
      </div>
    </Form>
  );
}

function DeleteAccountDialog({ closeHref, lastResult }: { closeHref: string; lastResult?: Reply }) {
  const deleting = useIsPending({ intent: "delete" });
  const [form, fields] = useAppForm({
    id: "delete-account",
    lastResult,
    shouldValidate: "onSubmit",
    schema: () => import("#app/modules/account-settings/schema.ts").then((module) => module.deleteAccountSchema),
  });
  return (
    <RouteDialog
      title="Delete your account?"
      description="You will be signed out and will no longer be able to sign in. Your past sessions, payments and reviews stay on record for the people you met with and for our books."
      closeHref={closeHref}
      className="max-w-lg"
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="delete" />
        <Field
          label={<>Type <strong>{DELETE_CONFIRMATION_WORD}</strong> or your password to confirm</>}
          htmlFor={fields.confirmation.id}
          errors={fields.confirmation.errors}
          errorId={fields.confirmation.errorId}
        >
          <Input {...getInputProps(fields.confirmation, { type: "password" })} autoComplete="off" autoFocus />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" asChild>
            <Link to={closeHref} replace preventScrollReset>Cancel</Link>
          </Button>
          <Button type="submit" variant="danger" disabled={deleting}>{deleting ? "Deleting…" : "Delete my account"}</Button>
        </div>
      </Form>
    </RouteDialog>
  );
}

/** The Settings screen of both dashboards. */
export function SettingsScreen({ settings, opened, calendarFeed, accessTokens, webhooks, twoFactor, timeZones, confirmingDelete, actionData, children }: Props) {
  const replies = (actionData ?? undefined) as ActionData;
  const { pathname } = useLocation();
  const bookingsHref = settings.role === "guide" ? "/mentor-dashboard/bookings" : "/user-dashboard/bookings";
  const blocked = settings.upcomingBookings > 0;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
      <Section id="preferences-heading" title="Preferences" description={<>Signed in as <span className="font-medium text-slate-800">{settings.email}</span>.</>}>
        <PreferencesForm settings={settings} timeZones={timeZones} lastResult={replies?.preferences} />
      </Section>
      <Section id="password-heading" title="Change password">
        <PasswordForm lastResult={replies?.password} />
      </Section>
      <Section id="calendar-feed-heading" title="Calendar feed" description="Your sessions in the calendar app you already use, kept up to date when a session is booked, moved or cancelled.">
        <CalendarFeedSection feed={calendarFeed} />
      </Section>
      <Section
        id="api-tokens-heading"
        title="API tokens"
        description="Let your own programs (a church website, a script) use Ministry Mentors as you, through the API, with only what you allow."
      >
        <AccessTokensSection tokens={accessTokens} created={replies?.createdToken} lastResult={replies?.newToken} />
      </Section>
      <Section
        id="webhooks-heading"
        title="Webhooks"
        description="Let another system know at once when your sessions are booked, confirmed, moved, cancelled or completed, and when a review or a message comes: signed POST requests to an address of yours."
      >
        <WebhooksSection endpoints={webhooks} secret={replies?.webhookSecret} lastResult={replies?.newWebhook} />
      </Section>
      <Section
        id="two-factor-heading"
        title="Two-factor sign-in"
        description="Sign in with your password and a code from an authenticator app on your phone, so a stolen password alone cannot open your account."
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700">
            {twoFactor.enabled ? (
              <>
                <strong className="font-semibold text-emerald-700">On.</strong> {twoFactor.recoveryCodesLeft} unused recovery{" "}
                {twoFactor.recoveryCodesLeft === 1 ? "code" : "codes"} left.
              </>
            ) : (
              <strong className="font-semibold text-slate-900">Off.</strong>
            )}
          </p>
          <Button variant={twoFactor.enabled ? "secondary" : "primary"} asChild>
            <Link to={`${pathname.replace(/\/$/, "")}/two-factor`}>{twoFactor.enabled ? "Manage two-factor sign-in" : "Turn on two-factor sign-in"}</Link>
          </Button>
        </div>
      </Section>
      {children}
      <Section
        id="opened-heading"
        title="Who on our team opened your records"
        description="Each time someone on the Ministry Mentors team opens your profile, bookings, payments, reviews or a reported conversation, it is listed here (the latest 50)."
      >
        <OpenedRecords rows={opened} self />
      </Section>
      <Section
        id="delete-heading"
        title="Delete my account"
        tone="danger"
        description="Closes your account for good: you are signed out everywhere and cannot sign in again. Your sessions, payments and reviews stay on record."
      >
        {blocked ? (
          <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            You have {settings.upcomingBookings} upcoming {settings.upcomingBookings === 1 ? "session" : "sessions"}. Cancel{" "}
            {settings.upcomingBookings === 1 ? "it" : "them"} (or let {settings.upcomingBookings === 1 ? "it" : "them"} take place) before deleting your account.{" "}
            <Link to={bookingsHref} className="font-medium underline">Go to bookings</Link>
          </p>
        ) : (
          <Button variant="danger" asChild>
            <Link to="?delete-account" preventScrollReset>Delete my account…</Link>
          </Button>
        )}
      </Section>
      {confirmingDelete || replies?.delete ? <DeleteAccountDialog closeHref={pathname} lastResult={replies?.delete} /> : null}
    </div>
  );
}
