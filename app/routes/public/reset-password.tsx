import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { authLinks } from "#app/lib/links.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { destroySessionCookie } from "#app/lib/session.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { AccountCard, NewPasswordFields, Notice } from "#app/modules/accounts/account-ui.tsx";
import { refuseAccountForm, retryAfterHeaders } from "#app/routes/auth/form-reply.server.ts";
import { requestPasswordReset, resetPassword } from "#app/modules/accounts/password-reset.server.ts";
import { accountMessages } from "#app/modules/accounts/messages.ts";
import { emailOnlySchema, resetPasswordSchema } from "#app/modules/accounts/schema.ts";

/**
 * /reset-password: step 1 asks for the address (always the same answer); step 2 (?email=…, and &code=… from the
 * mail's link) takes the code and a new password. Not public-only: a signed-in person may reset too, and ends every
 * session of theirs by doing so, this one included.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = emailOnlySchema.safeParse({ email: params.get("email") ?? "" });
  const code = params.get("code");
  return {
    email: parsed.success ? parsed.data.email : null,
    code: code && /^\d{6}$/.test(code) ? code : "",
    // The notice's text comes with the page's data: the page's script needs none of the account messages.
    sentNotice: params.get("sent") === "1" ? accountMessages.resetRequested : null,
  };
}

const step2 = (email: string) => `${authLinks.resetPassword}?${new URLSearchParams({ email, sent: "1" })}`;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { clientAddress } = context.get(requestInfo);

  if (formData.get("intent") === "request") {
    const submission = parseWithZod(formData, { schema: emailOnlySchema });
    if (submission.status !== "success") return replyToForm(submission, { as: "request" });
    try {
      await requestPasswordReset(submission.value.email, { clientAddress });
    } catch (error) {
      if (error instanceof HttpError) return refuseAccountForm(submission, error, "request");
      throw error;
    }
    throw redirect(step2(submission.value.email));
  }

  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") return replyToForm(submission, { as: "reset" });
  let role;
  try {
    ({ role } = await resetPassword(submission.value, clientAddress));
  } catch (error) {
    if (error instanceof HttpError) return refuseAccountForm(submission, error, "reset");
    throw error;
  }
  return redirectWithSuccess(
    role === "admin" ? authLinks.adminLogin : authLinks.login,
    { message: "Password Changed", description: "Your password has been reset. Please sign in with your new password." },
    { headers: { "Set-Cookie": await destroySessionCookie() } },
  );
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

type Replies = { request?: SubmissionResult<string[]>; reset?: SubmissionResult<string[]> };

function RequestStep({ lastResult }: { lastResult?: SubmissionResult<string[]> | null }) {
  const sending = useIsPending({ intent: "request" });
  const [form, fields] = useAppForm({
    id: "reset-request",
    schema: () => import("#app/modules/accounts/schema.ts").then((module) => module.emailOnlySchema),
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <AccountCard
      title="Reset your password"
      lead="Enter the e-mail address of your account. We will send you a code to choose a new password."
      aside={
        <>
          Remembered it? <Link to={authLinks.login} className="font-medium text-brand-700 underline">Sign in</Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-5">
        <input type="hidden" name="intent" value="request" />
        <Field label="Email" htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
          <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" autoFocus />
        </Field>
        <div className="hidden has-[li]:grid">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Button type="submit" disabled={sending}>{sending ? "Sending…" : "Send me a code"}</Button>
      </Form>
    </AccountCard>
  );
}

function ResetStep({ email, code, sentNotice, replies }: { email: string; code: string; sentNotice: string | null; replies: Replies }) {
  const saving = useIsPending({ intent: "reset" });
  const resending = useIsPending({ intent: "request" });
  const [form, fields] = useAppForm({
    id: "reset-password",
    schema: () => import("#app/modules/accounts/schema.ts").then((module) => module.resetPasswordSchema),
    lastResult: replies.reset,
    defaultValue: { email, code },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [again] = useAppForm({ id: "reset-again", lastResult: replies.request });
  return (
    <AccountCard
      title="Choose a new password"
      lead={
        <>
          For <strong className="break-all font-semibold text-slate-900">{email}</strong>.
        </>
      }
      aside={
        <Link to={authLinks.resetPassword} className="font-medium text-brand-700 underline">
          Use a different e-mail address
        </Link>
      }
    >
      {sentNotice ? <Notice>{sentNotice}</Notice> : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-5">
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name={fields.email.name} value={email} />
        <Field label="Code from the e-mail" htmlFor={fields.code.id} errors={fields.code.errors} errorId={fields.code.errorId}>
          <Input
            {...getInputProps(fields.code, { type: "text" })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            autoFocus={!code}
            className="max-w-48 text-center font-mono text-2xl tracking-[0.4em]"
          />
        </Field>
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} passwordLabel="New password" />
        <div className="hidden gap-1 has-[li]:grid">
          <ErrorList id={fields.email.errorId} errors={fields.email.errors} />
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Button type="submit" disabled={saving}>{saving ? "Saving…" : "Set new password"}</Button>
      </Form>
      <Form method="post" {...getFormProps(again)} className="mt-6 grid gap-2 border-t border-slate-200 pt-5">
        <input type="hidden" name="intent" value="request" />
        <input type="hidden" name="email" value={email} />
        <p className="text-sm text-slate-600">No code? Check your spam folder, or ask for a new one. Each code expires in 15 minutes.</p>
        <ErrorList id={again.errorId} errors={again.errors} />
        <Button type="submit" variant="secondary" disabled={resending} className="justify-self-start">
          {resending ? "Sending…" : "Send a new code"}
        </Button>
      </Form>
    </AccountCard>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { email, code, sentNotice } = loaderData;
  const navigation = useNavigation();
  const replies: Replies = navigation.state === "idle" ? ((actionData ?? {}) as Replies) : {};
  if (!email) return <RequestStep lastResult={replies.request} />;
  // A new key per address, so the fields start afresh for another one.
  return <ResetStep key={email} email={email} code={code} sentNotice={sentNotice} replies={replies} />;
}
