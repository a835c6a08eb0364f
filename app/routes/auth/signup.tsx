import { getFormProps, getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/signup";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { authLinks } from "#app/lib/links.ts";
import { safeRedirect } from "#app/lib/redirect.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { authHref, verifyEmailHref } from "#app/modules/accounts/account-links.ts";
import { NewAccountTimeZone } from "#app/modules/account-settings/device-time-zone.tsx";
import { AccountCard, NewPasswordFields } from "#app/modules/accounts/account-ui.tsx";
import { refuseAccountForm, retryAfterHeaders } from "#app/routes/auth/form-reply.server.ts";
import { signUpSchema } from "#app/modules/accounts/schema.ts";
import { signUp } from "#app/modules/accounts/sign-up.server.ts";
import { sponsorSignInReason } from "#app/modules/sponsorship/messages.ts";
import { TextField as SuggestingTextField } from "#app/components/ui/text-field.tsx";

// /signup sits in the public-only wrapper (routes/auth/public-only.tsx): a signed-in person goes to their dashboard.

export function loader({ request }: Route.LoaderArgs) {
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo"), request, "") || null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: signUpSchema });
  if (submission.status !== "success") return replyToForm(submission);
  const redirectTo = safeRedirect(formData.get("redirectTo"), request, "");
  try {
    await signUp(submission.value, { clientAddress: context.get(requestInfo).clientAddress });
  } catch (error) {
    if (error instanceof HttpError) return refuseAccountForm(submission, error);
    throw error;
  }
  // The same next step whether the address was new or not: nothing here tells them apart.
  throw redirect(verifyEmailHref(submission.value.email, { redirectTo }));
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [
  { name: "description", content: "Create a free Ministry Mentors account to find and book a mentor for your ministry." },
];

function TextField({
  label,
  field,
  autoComplete,
  optional,
  multiline,
}: {
  label: string;
  field: FieldMetadata<string | null | undefined>;
  autoComplete?: string;
  optional?: boolean;
  multiline?: boolean;
}) {
  const text = optional ? (
    <>
      {label} <span className="font-normal text-slate-500">(optional)</span>
    </>
  ) : (
    label
  );
  return (
    <Field label={text} htmlFor={field.id} errors={field.errors} errorId={field.errorId}>
      {multiline ? (
        <Textarea {...getTextareaProps(field)} rows={3} />
      ) : (
        <Input {...getInputProps(field, { type: "text" })} autoComplete={autoComplete} />
      )}
    </Field>
  );
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const navigation = useNavigation();
  const creating = useIsPending();
  const [form, fields] = useAppForm({
    id: "signup",
    schema: () => import("#app/modules/accounts/schema.ts").then((module) => module.signUpSchema),
    lastResult: navigation.state === "idle" ? actionData : null,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  return (
    <AccountCard
      wide
      title="Create an Account"
      lead={sponsorSignInReason(redirectTo) ?? "Join Ministry Mentors to find an experienced mentor and book your first session."}
      aside={
        <>
          Already have an account?{" "}
          <Link to={authHref(authLinks.login, { redirectTo })} className="font-medium text-brand-700 underline">
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" {...getFormProps(form)} className="grid gap-5">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <TextField label="Full name" field={fields.name} autoComplete="name" />
          <Field label="Email" htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
            <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          </Field>
          <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
          <TextField label="Job title" field={fields.title} autoComplete="organization-title" />
          <SuggestingTextField label="Church or organisation" field={fields.organisation} autoComplete="organization" suggestFrom="/api/organisations" />
          <NewAccountTimeZone field={fields.timeZone} />
        </div>
        <fieldset className="grid gap-5 border-t border-slate-200 pt-5">
          <legend className="sr-only">About you</legend>
          <p className="text-sm text-slate-600">These help mentors get to know you. You can add or change them later in your profile.</p>
          <TextField label="Education" field={fields.education} optional />
          <TextField label="Bio" field={fields.bio} optional multiline />
        </fieldset>
        <div className="grid gap-1.5">
          <div className="flex items-start gap-3">
            <input
              {...getInputProps(fields.terms, { type: "checkbox" })}
              className="mt-1 size-4 shrink-0 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            />
            <label htmlFor={fields.terms.id} className="text-sm text-slate-700">
              I agree to the{" "}
              <Link to="/terms-of-service" target="_blank" className="font-medium text-brand-700 underline">
                Terms of Service
                <span className="sr-only"> (opens in a new tab)</span>
              </Link>{" "}
              and the{" "}
              <Link to="/privacy-policy" target="_blank" className="font-medium text-brand-700 underline">
                Privacy Policy
                <span className="sr-only"> (opens in a new tab)</span>
              </Link>
              .
            </label>
          </div>
          <ErrorList id={fields.terms.errorId} errors={fields.terms.errors} />
        </div>
        <div className="hidden has-[li]:grid">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <Button type="submit" disabled={creating} className="w-full sm:w-auto sm:justify-self-start">
          {creating ? "Creating your account…" : "Create account"}
        </Button>
      </Form>
    </AccountCard>
  );
}
