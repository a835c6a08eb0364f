import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/change-password";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { readSessionToken } from "#app/lib/session.server.ts";
import { dataWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { changePasswordSchema, currentPasswordMessages } from "#app/modules/admin-account/schema.ts";
import { changeAdminPassword } from "#app/modules/admin-account/admin-account.server.ts";

const hidePasswords = { hideFields: ["currentPassword", "password", "confirmPassword"] };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const submission = parseWithZod(await request.formData(), { schema: changePasswordSchema });
  if (submission.status !== "success") return data(submission.reply(hidePasswords), { status: 400 });
  try {
    await changeAdminPassword(admin, submission.value, { keepToken: await readSessionToken(request) });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const description = error.message || "Failed to change password";
    const fieldErrors = description === currentPasswordMessages.incorrect ? { currentPassword: [description] } : undefined;
    return dataWithError(
      submission.reply({ ...hidePasswords, fieldErrors, formErrors: fieldErrors ? undefined : [description] }),
      { message: "Update Failed", description },
      { status: error.status },
    );
  }
  return redirectWithSuccess(new URL(request.url).pathname, {
    message: "Password Changed",
    description: "Your password has been changed. Your other sessions have been signed out.",
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Change Password · Ministry Mentors" }];

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <div className="mx-auto max-w-xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Change Password</h1>
      <Form method="post" {...getFormProps(form)} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <Field label="Current password" htmlFor={fields.currentPassword.id} errors={fields.currentPassword.errors} errorId={fields.currentPassword.errorId}>
          <Input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" />
        </Field>
        <Field label="New password" htmlFor={fields.password.id} errors={fields.password.errors} errorId={fields.password.errorId}>
          <Input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" aria-describedby={`${fields.password.errorId} password-rule`} />
        </Field>
        <p id="password-rule" className="-mt-2 text-xs text-slate-500">
          At least 8 characters, with a lowercase letter, an uppercase letter, a number and one of @$!%*?&amp;.
        </p>
        <Field label="Confirm new password" htmlFor={fields.confirmPassword.id} errors={fields.confirmPassword.errors} errorId={fields.confirmPassword.errorId}>
          <Input {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <p className="text-sm text-slate-600">Changing your password signs you out everywhere else.</p>
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>{saving ? "Changing…" : "Change Password"}</Button>
        </div>
      </Form>
    </div>
  );
}
