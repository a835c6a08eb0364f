import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/two-factor";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { safeRedirect } from "#app/lib/redirect.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { sponsorAdminships } from "#app/modules/sponsorship/sponsorship.server.ts";
import { twoFactorMessages } from "#app/modules/two-factor/messages.ts";
import { secondFactorSchema, turnOffSchema } from "#app/modules/two-factor/schema.ts";
import { confirmSetup, pendingSetup, regenerateRecoveryCodes, turnOffTwoFactor, twoFactorState } from "#app/modules/two-factor/two-factor.server.ts";
import { CodeForm, RecoveryCodes, SetupSteps } from "#app/modules/two-factor/two-factor-ui.tsx";

// Two-factor sign-in of the signed-in person (routes.ts mounts this module under both dashboards' Settings and in the
// console): set up an authenticator app, make new recovery codes, and (not an administrator) turn it off, one form
// each, told apart by `intent`.

const settingsOf = (pathname: string) => pathname.replace(/\/two-factor\/?$/, "");

/** Where "Open your sponsorship" leads: the sponsorship page they came from (`next`), or its overview. */
const sponsorshipPage = (request: Request) => {
  const next = safeRedirect(new URL(request.url).searchParams.get("next"), request, "/sponsor");
  return next === "/sponsor" || next.startsWith("/sponsor/") || next.startsWith("/sponsor?") ? next : "/sponsor";
};

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const person = signedInUser(context);
    const state = await twoFactorState(person.id);
    const [setup, running] = await Promise.all([state.enabled ? null : pendingSetup(person), person.role === "admin" ? [] : sponsorAdminships(person.id)]);
    // Who may not turn it off (turnOffTwoFactor refuses them): an administrator, and whoever runs a sponsorship, who
    // comes here from /sponsor and goes back there once it is on.
    const required = person.role === "admin" ? twoFactorMessages.requiredForAdmins : running.length ? twoFactorMessages.requiredForSponsors : null;
    return { ...state, setup: setup && { secret: setup.secret, qrCode: setup.qrCode }, admin: person.role === "admin", required, sponsorship: running.length > 0 ? sponsorshipPage(request) : null };
  } catch (error) {
    throwForScreen(error);
  }
}

type Replies = { confirm?: SubmissionResult<string[]>; regenerate?: SubmissionResult<string[]>; turnOff?: SubmissionResult<string[]>; recoveryCodes?: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const person = signedInUser(context);
  const { clientAddress } = context.get(requestInfo);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "turn-off") {
    const submission = parseWithZod(formData, { schema: turnOffSchema });
    if (submission.status !== "success") return replyToForm(submission, { as: "turnOff" });
    try {
      await turnOffTwoFactor(person, submission.value, clientAddress);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return refuseForm(submission, error, { as: "turnOff", toast: "Update Failed" });
    }
    return redirectWithSuccess(settingsOf(new URL(request.url).pathname), {
      message: "Two-Factor Sign-In Off",
      description: "You now sign in with your password alone.",
    });
  }

  const as = intent === "regenerate" ? "regenerate" : "confirm";
  const submission = parseWithZod(formData, { schema: secondFactorSchema });
  if (submission.status !== "success") return replyToForm(submission, { as });
  try {
    const recoveryCodes =
      as === "regenerate" ? await regenerateRecoveryCodes(person, submission.value.code, clientAddress) : await confirmSetup(person, submission.value.code, clientAddress);
    return data({ recoveryCodes } satisfies Replies);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { as, toast: "Update Failed" });
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Two-factor sign-in · Ministry Mentors" }];

const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";

function TurnOffForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const busy = useIsPending({ intent: "turn-off" });
  const [form, fields] = useAppForm({
    id: "two-factor-off",
    lastResult,
    schema: () => import("#app/modules/two-factor/schema.ts").then((module) => module.turnOffSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="turn-off" />
      <Field label="Current password" htmlFor={fields.currentPassword.id} errors={fields.currentPassword.errors} errorId={fields.currentPassword.errorId}>
        <Input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" />
      </Field>
      <Field label="Code from the app" htmlFor={fields.code.id} errors={fields.code.errors} errorId={fields.code.errorId}>
        <Input {...getInputProps(fields.code, { type: "text" })} inputMode="numeric" autoComplete="one-time-code" maxLength={20} className="font-mono" />
      </Field>
      <div className="sm:col-span-2">
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <Button type="submit" variant="danger" disabled={busy} className="justify-self-start">
        {busy ? "Turning off…" : "Turn off two-factor sign-in"}
      </Button>
    </Form>
  );
}

export default function TwoFactorSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { recoveryCodesLeft, setup, admin, required, sponsorship } = loaderData;
  const replies = (actionData ?? {}) as Replies;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <Link to=".." relative="path" className="text-sm font-medium text-brand-700 underline">
          {admin ? "Back" : "Back to Settings"}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Two-factor sign-in</h1>
      </div>
      {replies.recoveryCodes ? <RecoveryCodes codes={replies.recoveryCodes} /> : null}
      {setup ? (
        <section aria-labelledby="setup-heading" className={card}>
          <h2 id="setup-heading" className="mb-4 text-lg font-semibold text-slate-900">Set up an authenticator app</h2>
          <SetupSteps setup={setup} lastResult={replies.confirm} />
        </section>
      ) : (
        <>
          <section aria-labelledby="status-heading" className={card}>
            <h2 id="status-heading" className="text-lg font-semibold text-slate-900">Two-factor sign-in is on</h2>
            <p className="mt-1 text-sm text-slate-600">
              You sign in with your password and a code from your authenticator app. {recoveryCodesLeft} unused recovery{" "}
              {recoveryCodesLeft === 1 ? "code" : "codes"} left.
            </p>
            {sponsorship ? (
              <Button asChild className="mt-4">
                <Link to={sponsorship}>Open your sponsorship</Link>
              </Button>
            ) : null}
          </section>
          <section aria-labelledby="regenerate-heading" className={card}>
            <h2 id="regenerate-heading" className="text-lg font-semibold text-slate-900">New recovery codes</h2>
            <p className="mb-4 mt-1 text-sm text-slate-600">Makes ten new recovery codes; the old ones stop working.</p>
            <CodeForm id="two-factor-regenerate" intent="regenerate" label="Code from the app" submit="Make new recovery codes" pending="Making…" lastResult={replies.regenerate} />
          </section>
          {required ? (
            <p className="text-sm text-slate-600">{required}</p>
          ) : (
            <section aria-labelledby="off-heading" className={`${card} border-red-200`}>
              <h2 id="off-heading" className="text-lg font-semibold text-red-700">Turn off two-factor sign-in</h2>
              <p className="mb-4 mt-1 text-sm text-slate-600">You will sign in with your password alone. Enter your password and a current code.</p>
              <TurnOffForm lastResult={replies.turnOff} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
