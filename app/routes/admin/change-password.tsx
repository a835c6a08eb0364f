import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/change-password";
import { Button } from "#app/components/ui/button.tsx";
import { describedBy, ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { PASSWORD_RULE_TEXT } from "#app/lib/password-rules.ts";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { readSessionToken } from "#app/lib/session.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { changeOwnPasswordSchema } from "#app/modules/accounts/password-schema.ts";
import { changeOwnPassword } from "#app/modules/accounts/own-password.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { adminLinks } from "#app/lib/admin-links.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const submission = parseWithZod(await request.formData(), { schema: changeOwnPasswordSchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    await changeOwnPassword(admin, submission.value, { keepToken: await readSessionToken(request), clientAddress: context.get(requestInfo).clientAddress });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { toast: "Update Failed" });
  }
  return redirectWithSuccess(new URL(request.url).pathname, {
    message: "Password Changed",
    description: "Your password has been changed. Your other sessions have been signed out.",
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Change Password · Ministry Mentors" }];

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  const saving = useIsPending();
  const [form, fields] = useAppForm({
    id: "change-password",
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/accounts/password-schema.ts").then((module) => module.changeOwnPasswordSchema),
  });
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Change Password</h1>
      <Form method="post" {...getFormProps(form)} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <Field label="Current password" htmlFor={fields.currentPassword.id} errors={fields.currentPassword.errors} errorId={fields.currentPassword.errorId}>
          <Input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" />
        </Field>
        <Field label="New password" htmlFor={fields.password.id} hint={PASSWORD_RULE_TEXT} errors={fields.password.errors} errorId={fields.password.errorId}>
          <Input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" aria-describedby={describedBy(fields.password.id, fields.password.errorId)} />
        </Field>
        <Field label="Confirm new password" htmlFor={fields.confirmPassword.id} errors={fields.confirmPassword.errors} errorId={fields.confirmPassword.errorId}>
          <Input {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <p className="text-sm text-slate-600">Changing your password signs you out everywhere else.</p>
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>{saving ? "Changing…" : "Change Password"}</Button>
        </div>
      </Form>
      <p className="mt-6 text-sm text-slate-600">
        You also sign in with a code from your authenticator app.{" "}
        <Link to={adminLinks.twoFactor} className="font-medium text-brand-700 underline">Two-factor sign-in and recovery codes</Link>
      </p>
    </div>
  );
}
