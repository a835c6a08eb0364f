import { getFormProps, getInputProps } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/login";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { authenticator, EmailNotVerifiedError, limitSignIn, SignInError } from "#app/lib/auth.server.ts";
import { credentialsSchema } from "#app/lib/auth-schema.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { safeRedirect } from "#app/lib/redirect.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { dashboardFor } from "#app/lib/roles.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { sponsorSignInReason } from "#app/modules/sponsorship/messages.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { authLinks } from "#app/lib/links.ts";
import { authHref, verifyEmailHref } from "#app/modules/accounts/account-links.ts";
import { remindToVerify } from "#app/modules/accounts/sign-up.server.ts";
import { signInAfterPassword } from "./two-factor.server.ts";

const isAdminLogin = (url: string) => new URL(url).pathname.startsWith("/admin/");

export function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), request, "");
  // The fields' constraints (required, lengths) are read from the schema here, so the page's script needs no zod.
  return { admin: isAdminLogin(request.url), redirectTo: redirectTo || null, constraint: getZodConstraint(credentialsSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: credentialsSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { clientAddress } = context.get(requestInfo);
  let user;
  try {
    user = await limitSignIn({ email: submission.value.email, clientAddress }, () => authenticator.authenticate("form", request));
  } catch (error) {
    if (error instanceof EmailNotVerifiedError) {
      // The password was right: a fresh code, and on to /verify-email, keeping where they were going.
      await remindToVerify(error.email, clientAddress);
      const redirectTo = safeRedirect(formData.get("redirectTo"), request, "");
      throw redirect(verifyEmailHref(error.email, { reason: "unverified", redirectTo }));
    }
    if (error instanceof SignInError) {
      return data(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), { status: 401 });
    }
    if (error instanceof HttpError && error.status === 429) {
      return data(submission.reply({ formErrors: [error.message], hideFields: ["password"] }), { status: 429, headers: error.headers });
    }
    throw error;
  }
  // The target is settled before the session exists, so a bad one can never leave a session behind.
  const target = safeRedirect(formData.get("redirectTo"), request, dashboardFor[user.role]);
  return signInAfterPassword(user, target, safeRedirect(formData.get("redirectTo"), request, "") || null);
}

/** The action's Retry-After (after too many attempts) reaches the page's response. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { admin, redirectTo, constraint } = loaderData;
  const signingIn = useIsPending();
  const [form, fields] = useAppForm({
    lastResult: actionData,
    constraint,
    schema: () => import("#app/lib/auth-schema.ts").then((module) => module.credentialsSchema),
    // Checked on submit, not on leaving a field: a message appearing as the e-mail field loses focus would move
    // "Forgot password?" and "Create an account" from under the pointer of someone clicking them.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const title = admin ? "Admin sign in" : "Sign in";
  return (
    <section className="mx-auto flex max-w-md flex-col px-6 py-16">
      <title>{`${title} · Ministry Mentors`}</title>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{admin ? "Sign in to the administrator console." : (sponsorSignInReason(redirectTo) ?? "Welcome back. Sign in to your dashboard.")}</p>
      <Form method="post" {...getFormProps(form)} className="mt-8 grid gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field label="Email" htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
          <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" autoFocus />
        </Field>
        <div className="grid gap-2">
          <Field label="Password" htmlFor={fields.password.id} errors={fields.password.errors} errorId={fields.password.errorId}>
            <Input {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" />
          </Field>
          <Link to={authLinks.resetPassword} className="justify-self-end text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            Forgot password?
          </Link>
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={signingIn}>
          {signingIn ? "Signing in…" : "Sign in"}
        </Button>
        {admin ? null : (
          <p className="text-center text-sm text-slate-600">
            New here? <Link to={authHref(authLinks.signup, { redirectTo })} className="font-medium text-brand-600 underline">Create an account</Link>
          </p>
        )}
      </Form>
    </section>
  );
}
