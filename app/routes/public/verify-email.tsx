import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/verify-email";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { authLinks } from "#app/lib/links.ts";
import { safeRedirect } from "#app/lib/redirect.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { dashboardFor } from "#app/lib/roles.ts";
import { commitSession, createSession } from "#app/lib/session.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { authHref, verifyEmailHref } from "#app/modules/accounts/account-links.ts";
import { AccountCard, Notice } from "#app/modules/accounts/account-ui.tsx";
import { refuseAccountForm, retryAfterHeaders } from "#app/routes/auth/form-reply.server.ts";
import { accountMessages } from "#app/modules/accounts/messages.ts";
import { emailOnlySchema, verifyEmailSchema } from "#app/modules/accounts/schema.ts";
import { resendVerificationCode, verifyEmail } from "#app/modules/accounts/sign-up.server.ts";
import { userFormMessages } from "#app/modules/users/messages.ts";
import { secondStepFor } from "#app/modules/two-factor/two-factor.server.ts";
import { signInAfterPassword } from "#app/routes/auth/two-factor.server.ts";

/**
 * /verify-email?email=…[&reason=unverified][&redirectTo=…]: the person types the 6-digit code sent to the address
 * (after sign-up, a guide application, or signing in before verifying) and is signed in. Public: it needs no
 * session, and a signed-in person verifying another address simply becomes that person.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const given = params.get("email");
  const parsed = given === null ? null : emailOnlySchema.safeParse({ email: given });
  const email = parsed?.success ? parsed.data.email : null;
  const unverified = params.get("reason") === "unverified";
  return {
    email,
    typedEmail: given,
    badEmail: parsed !== null && !parsed.success,
    unverified,
    // The notice's text comes with the page's data: the page's script needs none of the account messages.
    notice: unverified ? accountMessages.awaitingVerification : email ? accountMessages.codeSent : null,
    redirectTo: safeRedirect(params.get("redirectTo"), request, "") || null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { clientAddress } = context.get(requestInfo);
  const redirectTo = safeRedirect(formData.get("redirectTo"), request, "");

  if (formData.get("intent") === "resend") {
    const submission = parseWithZod(formData, { schema: emailOnlySchema });
    if (submission.status !== "success") return replyToForm(submission, { as: "resend" });
    try {
      await resendVerificationCode(submission.value.email, clientAddress);
    } catch (error) {
      if (error instanceof HttpError) return refuseAccountForm(submission, error, "resend");
      throw error;
    }
    return redirectWithSuccess(verifyEmailHref(submission.value.email, { redirectTo }), {
      message: "Code Sent",
      description: `We sent a new code to ${submission.value.email}.`,
    });
  }

  const submission = parseWithZod(formData, { schema: verifyEmailSchema });
  if (submission.status !== "success") return replyToForm(submission, { as: "verify" });
  let person;
  try {
    person = await verifyEmail(submission.value.email, submission.value.code, clientAddress);
  } catch (error) {
    if (error instanceof HttpError) return refuseAccountForm(submission, error, "verify");
    throw error;
  }
  const target = safeRedirect(redirectTo, request, dashboardFor[person.role]);
  // An e-mail code is no second factor: an account with one (or an administrator) takes the two-factor step too.
  if ((await secondStepFor(person)) !== "none") return signInAfterPassword(person, target, redirectTo || null);
  const token = await createSession(person.id, "web");
  return redirectWithSuccess(
    target,
    {
      message: "Email Verified",
      description:
        person.role === "guide"
          ? "Your e-mail address is verified. We will let you know when your application has been reviewed."
          : "Your e-mail address is verified. Welcome to Ministry Mentors!",
    },
    { headers: { "Set-Cookie": await commitSession(token) } },
  );
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

/** No address yet (or a mistyped one): ask which address to verify. */
function AddressStep({ typedEmail, badEmail, redirectTo }: { typedEmail: string | null; badEmail: boolean; redirectTo: string | null }) {
  return (
    <AccountCard title="Verify your email" lead="Enter the address you signed up with, then the 6-digit code we sent to it.">
      <Form method="get" className="grid gap-5">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field label="Email" htmlFor="verify-address" errors={badEmail ? [userFormMessages.email] : undefined} errorId="verify-address-error">
          <Input id="verify-address" name="email" type="email" required autoComplete="email" defaultValue={typedEmail ?? ""} aria-invalid={badEmail || undefined} aria-describedby={badEmail ? "verify-address-error" : undefined} />
        </Field>
        <Button type="submit">Continue</Button>
      </Form>
    </AccountCard>
  );
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { email, typedEmail, badEmail, unverified, notice, redirectTo } = loaderData;
  const navigation = useNavigation();
  const verifying = useIsPending({ intent: "verify" });
  const resending = useIsPending({ intent: "resend" });
  const idle = navigation.state === "idle";
  const replies = (actionData ?? {}) as { verify?: SubmissionResult<string[]>; resend?: SubmissionResult<string[]> };
  const [form, fields] = useAppForm({
    id: "verify-email",
    schema: () => import("#app/modules/accounts/schema.ts").then((module) => module.verifyEmailSchema),
    lastResult: idle ? replies.verify : null,
    defaultValue: { email: email ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [resendForm] = useAppForm({ id: "resend-code", lastResult: idle ? replies.resend : null });

  if (!email) return <AddressStep typedEmail={typedEmail} badEmail={badEmail} redirectTo={redirectTo} />;

  return (
    <AccountCard
      title="Verify your email"
      lead={
        <>
          Enter the 6-digit code we sent to <strong className="break-all font-semibold text-slate-900">{email}</strong>.
        </>
      }
      aside={
        <>
          Wrong address?{" "}
          <Link to={authHref(authLinks.signup, { redirectTo })} className="font-medium text-brand-700 underline">
            Sign up again
          </Link>{" "}
          or{" "}
          <Link to={authHref(authLinks.login, { redirectTo })} className="font-medium text-brand-700 underline">
            sign in
          </Link>
        </>
      }
    >
      <Notice tone={unverified ? "warning" : "info"}>{notice}</Notice>
      <Form method="post" {...getFormProps(form)} className="grid gap-5">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name={fields.email.name} value={email} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field label="Verification code" htmlFor={fields.code.id} errors={fields.code.errors} errorId={fields.code.errorId}>
          <Input
            {...getInputProps(fields.code, { type: "text" })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            autoFocus
            className="max-w-48 text-center font-mono text-2xl tracking-[0.4em]"
          />
        </Field>
        <div className="hidden gap-1 has-[li]:grid">
          <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Button type="submit" disabled={verifying}>
          {verifying ? "Verifying…" : "Verify and continue"}
        </Button>
      </Form>
      <Form method="post" {...getFormProps(resendForm)} className="mt-6 grid gap-2 border-t border-slate-200 pt-5">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={email} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {/* The notice above already points to the spam folder and the 15 minutes after a code was just sent. */}
        <p className="text-sm text-slate-600">
          {unverified ? "Didn't get it? Check your spam folder, or ask for a new code. The code expires in 15 minutes." : "Still nothing after a few minutes? Ask for a new code."}
        </p>
        <ErrorList id={resendForm.errorId} errors={resendForm.errors} />
        <Button type="submit" variant="secondary" disabled={resending} className="justify-self-start">
          {resending ? "Sending…" : "Send a new code"}
        </Button>
      </Form>
    </AccountCard>
  );
}
