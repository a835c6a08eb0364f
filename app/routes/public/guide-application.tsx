import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/guide-application";
import { Button } from "#app/components/ui/button.tsx";
import { CheckCircle2, Clock, MailCheck, Send } from "#app/components/ui/icons.ts";
import { describedBy, ErrorList, Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { PASSWORD_RULE_TEXT } from "#app/lib/password-rules.ts";
import { asListFields, refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { authLinks, mentorLinks } from "#app/lib/links.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import type { loader as rootLoader } from "#app/root.tsx";
import { NewAccountTimeZone } from "#app/modules/account-settings/device-time-zone.tsx";
import { type ApplicationFormValues } from "#app/modules/guide-requests/application-form.tsx";
import { FormSection, ListField, MentoringSection, MinistrySection } from "#app/modules/guides/guide-form-fields.tsx";
import { submitGuideApplication } from "#app/modules/guide-requests/guide-requests.server.ts";
import { APPLICATION_DECISION_TIME } from "#app/modules/guide-requests/decision-time.ts";
import { HOW_TO_SERVE_MAX, REFERENCES_REQUIRED } from "#app/modules/guide-requests/limits.ts";
import { guideApplicationSchema } from "#app/modules/guide-requests/schema.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const formData = asListFields(await request.formData(), ["education", "languages", "expertise", "references"]);
  const submission = parseWithZod(formData, { schema: guideApplicationSchema });
  // A failed check, or an entry added or removed without JavaScript: the form again, as typed.
  if (submission.status !== "success") return replyToForm(submission);
  try {
    const { email } = await submitGuideApplication(submission.value, { clientAddress: context.get(requestInfo).clientAddress });
    return redirectWithSuccess(`/verify-email?${new URLSearchParams({ email })}`, {
      message: "Application received",
      description: "Enter the 6-digit code we sent to your e-mail address.",
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 429) {
      return data(submission.reply({ formErrors: [error.message], hideFields: ["password", "confirmPassword"] }), { status: 429, headers: error.headers });
    }
    return refuseForm(submission, error);
  }
}

/** The action's Retry-After (after too many applications) reaches the page's response. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export const meta: Route.MetaFunction = () => [
  { title: "Apply to Mentor · Ministry Mentors" },
  { name: "description", content: "Apply to mentor pastors and ministry leaders on Ministry Mentors: share your experience, your ministry and how you would like to serve." },
];

/** The page's longer texts, sent with its data rather than in its script (page-weight.test.ts: a 130 KB budget). */
export function loader() {
  return {
    lead: "Tell us about your ministry, what you have learned and how you would like to serve. Every application is read by a person on our team.",
    steps: [
      { title: "Apply", text: "About 15 minutes. Have your references ready." },
      { title: "Confirm your e-mail", text: "Enter the 6-digit code we send you." },
      { title: "We review", text: `Usually within ${APPLICATION_DECISION_TIME}.` },
      { title: "Start mentoring", text: "Your profile goes live and pastors can book you." },
    ],
  };
}

/** The icon of each step of `steps`, in order. */
const stepIcons = [Send, MailCheck, Clock, CheckCircle2];

const defaultValue: Partial<ApplicationFormValues> = { education: [""], languages: ["English"], expertise: [""], references: ["", ""], specialties: [] };

function SignedInNotice() {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  if (!user) return null;
  return (
    <div role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      {user.role === "guide" ? (
        <>
          You already have a guide account as {user.email}.{" "}
          <Link to={mentorLinks.application} className="font-medium underline">See where your application stands</Link>.
        </>
      ) : (
        <>
          You are signed in as {user.email}. An application creates a separate guide account with the e-mail address you give below.
        </>
      )}
    </div>
  );
}

export default function GuideApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, steps } = loaderData;
  const submitting = useIsPending({ match: (form) => !form.has("__intent__") });
  const [form, fields] = useAppForm<typeof guideApplicationSchema, ApplicationFormValues>({
    id: "guide-application",
    lastResult: actionData,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The schema reads the form's text (lists, 'on' checkboxes) into typed values; the form itself holds text.
    schema: () => import("#app/modules/guide-requests/schema.ts").then((module) => module.guideApplicationSchema),
  });

  const { key: serveKey, ...serveProps } = getTextareaProps(fields.howToServe);
  const { key: priceKey, ...priceProps } = getInputProps(fields.price, { type: "text" });
  const { key: pwywKey, ...pwywProps } = getInputProps(fields.payWhatYouWant, { type: "checkbox" });
  const { key: termsKey, ...termsProps } = getInputProps(fields.terms, { type: "checkbox" });
  const serveLength = String(fields.howToServe.value ?? "").length;

  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <header className="max-w-3xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Guide application</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">Apply to mentor ministry leaders</h1>
          <p className="mt-4 text-lg text-slate-600">{lead}</p>
        </header>

        <div className="mt-10 grid gap-8 lg:grid-cols-[16rem_1fr]">
          <aside aria-labelledby="how-it-works" className="lg:sticky lg:top-6 lg:self-start">
            <h2 id="how-it-works" className="text-sm font-semibold text-slate-900">How it works</h2>
            <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
              {steps.map(({ title, text: body }, index) => {
                const Icon = stepIcons[index];
                return (
                  <li key={title} className="flex gap-3">
                    <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" />
                    <div>
                      <p className="text-sm font-medium text-slate-900">{`${index + 1}. ${title}`}</p>
                      <p className="text-sm text-slate-600">{body}</p>
                    </div>
                  </li>
                );
              })}
            </ol>
            <p className="mt-6 text-sm text-slate-600">
              Already applied? <Link to={authLinks.login} className="font-medium text-brand-700 underline">Sign in</Link> to see where your application stands.
            </p>
          </aside>

          <div className="grid gap-6">
            <SignedInNotice />
            <Form method="post" {...getFormProps(form)} className="grid gap-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
              {/* Enter in a text field submits the application, not the first Add or Remove button of the form. */}
              <button type="submit" tabIndex={-1} aria-hidden className="sr-only">Submit application</button>
              <p className="text-sm text-slate-600">All fields are required unless marked optional.</p>

              <FormSection step={1} title="About you" intro="Your account: you will sign in with this e-mail address and password.">
                <TextField field={fields.name} label="Full name" autoComplete="name" />
                <TextField field={fields.email} label="Email" type="email" autoComplete="email" hint="We send a 6-digit code here to confirm it is yours." />
                <TextField field={fields.phone} label="Phone number" type="tel" autoComplete="tel" placeholder="(503) 555-0147" hint="Only our team sees it, to reach you about your application." />
                <div className="hidden sm:block" />
                <TextField
                  field={fields.password}
                  label="Password"
                  type="password"
                  autoComplete="new-password"
                  hint={PASSWORD_RULE_TEXT}
                />
                <TextField field={fields.confirmPassword} label="Confirm password" type="password" autoComplete="new-password" />
                <NewAccountTimeZone field={fields.timeZone} />
              </FormSection>

              <MinistrySection form={form} fields={fields} titleHint="Your role today, or the last one you held." />
              <MentoringSection form={form} fields={fields} intro="What pastors will read on your profile once you are approved." />

              <FormSection step={4} title="References" intro="People who know your ministry and whom we may contact.">
                <ListField
                  className="sm:col-span-2"
                  form={form}
                  field={fields.references}
                  label={`References (${REFERENCES_REQUIRED} required)`}
                  entryLabel="Reference"
                  placeholder="Rev. Ana Díaz, Senior Pastor, Grace Church, ana@grace.org"
                  hint={`Give ${REFERENCES_REQUIRED} people: name, role and how to reach them, 2 to 100 characters each.`}
                />
              </FormSection>

              <FormSection step={5} title="How you would like to serve" intro="In your own words: the admin team reads this first.">
                <Field
                  className="sm:col-span-2"
                  label="How would you like to serve?"
                  htmlFor={fields.howToServe.id}
                  hint="Who you hope to mentor, what you can offer them and how much time you can give."
                  errors={fields.howToServe.errors}
                  errorId={fields.howToServe.errorId}
                >
                  <Textarea key={serveKey} {...serveProps} rows={6} maxLength={HOW_TO_SERVE_MAX} aria-describedby={describedBy(fields.howToServe.id, fields.howToServe.errorId)} />
                  <p className="text-right text-xs text-slate-500" aria-hidden>{`${serveLength} / ${HOW_TO_SERVE_MAX}`}</p>
                </Field>
              </FormSection>

              <FormSection step={6} title="Sessions and pricing" intro="You can change this later from your dashboard.">
                <Field label="Price for 60 minutes (USD)" htmlFor={fields.price.id} hint="For example 75 or 49.50. Other lengths and their prices you set from your dashboard. Leave it empty if mentees choose what they pay." errors={fields.price.errors} errorId={fields.price.errorId}>
                  <div className="relative">
                    <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">$</span>
                    <Input key={priceKey} {...priceProps} inputMode="decimal" className="pl-7" aria-describedby={describedBy(fields.price.id, fields.price.errorId)} />
                  </div>
                </Field>
                <div className="flex items-start gap-3 self-center">
                  <input key={pwywKey} {...pwywProps} aria-describedby={`${fields.payWhatYouWant.id}-hint`} className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600" />
                  <div>
                    <label htmlFor={fields.payWhatYouWant.id} className="text-sm font-medium text-slate-800">Pay what you want</label>
                    <p id={`${fields.payWhatYouWant.id}-hint`} className="text-xs text-slate-500">Mentees choose what they pay for a session.</p>
                  </div>
                </div>
              </FormSection>

              <div className="grid gap-2 border-t border-slate-200 pt-6">
                <div className="flex items-start gap-3">
                  <input key={termsKey} {...termsProps} aria-describedby={fields.terms.errorId} className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600" />
                  <label htmlFor={fields.terms.id} className="text-sm text-slate-700">
                    I agree to the <Link to="/terms-of-service" className="font-medium text-brand-700 underline">Terms of Service</Link> and the{" "}
                    <Link to="/privacy-policy" className="font-medium text-brand-700 underline">Privacy Policy</Link>, and I confirm that what I wrote is true.
                  </label>
                </div>
                <ErrorList id={fields.terms.errorId} errors={fields.terms.errors} />
              </div>

              <ErrorList id={form.errorId} errors={form.errors} />
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
                <Link to="/become-mentor" className="text-center text-sm font-medium text-slate-600 underline hover:text-slate-900">Back to Become a Mentor</Link>
                <Button type="submit" disabled={submitting} className="h-11 px-6">
                  {submitting ? "Sending your application…" : "Submit application"}
                </Button>
              </div>
            </Form>
          </div>
        </div>
      </div>
    </div>
  );
}
