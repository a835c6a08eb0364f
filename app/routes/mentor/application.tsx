import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Clock, XCircle } from "#app/components/ui/icons.ts";
import { Form, Link } from "react-router";
import type { Route } from "./+types/application";
import { StatusBadge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Textarea } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { formatPhone } from "#app/lib/phone.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { mentorLinks } from "#app/lib/links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { ApplicationDetails } from "#app/modules/guide-requests/application-details.tsx";
import { guideApplicationOf, reapplyAsGuide, SUPPORT_PATH } from "#app/modules/guide-requests/guide-requests.server.ts";
import { APPLICATION_DECISION_TIME } from "#app/modules/guide-requests/decision-time.ts";
import { HOW_TO_SERVE_MAX } from "#app/modules/guide-requests/limits.ts";
import { reapplySchema } from "#app/modules/guide-requests/schema.ts";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const application = await guideApplicationOf(signedInUser(context));
    return { application: { ...application, guide: { ...application.guide, phone: formatPhone(application.guide.phone) } }, support: SUPPORT_PATH };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const guide = signedInUser(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: reapplySchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    await reapplyAsGuide(guide, submission.value);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { toast: "Submission Failed" });
  }
  return redirectWithSuccess(mentorLinks.application, {
    message: "Application sent again",
    description: `Thank you. We usually decide within ${APPLICATION_DECISION_TIME} and write to you by e-mail.`,
  });
}

export const meta: Route.MetaFunction = () => [{ title: "My Application · Ministry Mentors" }];

type Application = Route.ComponentProps["loaderData"]["application"];

function PendingStatus({ application }: { application: Application }) {
  return (
    <>
      <div className="flex items-start gap-3">
        <Clock className="mt-0.5 size-6 shrink-0 text-amber-600" />
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Your application is being reviewed</h2>
          <p className="mt-1 text-slate-600">Thank you for offering to serve other leaders. A member of our team reads every application.</p>
        </div>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">What happens next</h3>
        <ol className="mt-2 list-inside list-decimal space-y-1 text-sm text-slate-700">
          <li>We read your application and may contact your references.</li>
          <li>{`We usually decide within ${APPLICATION_DECISION_TIME} of your application.`}</li>
          <li>{`We e-mail you at ${application.guide.email} either way. Once approved, your profile goes live and your full dashboard opens here.`}</li>
        </ol>
      </div>
    </>
  );
}

function RejectedStatus({ application, support, lastResult }: { application: Application; support: string; lastResult: Route.ComponentProps["actionData"] }) {
  const sending = useIsPending();
  const [form, fields] = useAppForm({
    id: "reapply",
    lastResult,
    defaultValue: { howToServe: application.howToServe ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/guide-requests/schema.ts").then((module) => module.reapplySchema),
  });
  return (
    <>
      <div className="flex items-start gap-3">
        <XCircle className="mt-0.5 size-6 shrink-0 text-red-600" />
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Your application was not approved</h2>
          {application.decidedAt ? (
            <p className="mt-1 text-sm text-slate-600">Decided on <LocalTime value={application.decidedAt} format="date" /></p>
          ) : null}
        </div>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">The reason we gave</h3>
        <blockquote className="mt-2 whitespace-pre-line break-words rounded-lg border-l-4 border-red-300 bg-red-50 px-4 py-3 text-slate-800">
          {application.declineReason || "No reason was recorded."}
        </blockquote>
      </div>
      <div className="grid gap-3">
        <h3 className="text-sm font-semibold text-slate-900">Apply again</h3>
        <p className="text-sm text-slate-600">
          Once you have addressed the reason above, send your application again with a fresh word on how you would like to serve. Questions
          first? <Link to={support} className="font-medium text-brand-700 underline">Contact support</Link>.
        </p>
        <Form method="post" {...getFormProps(form)} className="grid gap-3">
          <Field label="How would you like to serve?" htmlFor={fields.howToServe.id} errors={fields.howToServe.errors} errorId={fields.howToServe.errorId}>
            <Textarea {...getTextareaProps(fields.howToServe)} rows={5} maxLength={HOW_TO_SERVE_MAX} />
          </Field>
          <ErrorList id={form.errorId} errors={form.errors} />
          <Button type="submit" className="w-fit" disabled={sending}>{sending ? "Sending…" : "Send my application again"}</Button>
        </Form>
      </div>
    </>
  );
}

function ApprovedStatus() {
  return (
    <div className="flex items-start gap-3">
      <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-green-600" />
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Your application has been approved</h2>
        <p className="mt-1 text-slate-600">Welcome. Your profile is public and pastors can book sessions with you.</p>
        <Button asChild className="mt-4">
          <Link to={mentorLinks.overview}>Go to your dashboard</Link>
        </Button>
      </div>
    </div>
  );
}

const badges = {
  pending: <StatusBadge tone="amber">Pending review</StatusBadge>,
  rejected: <StatusBadge tone="red">Not approved</StatusBadge>,
  approved: <StatusBadge tone="green">Approved</StatusBadge>,
} as const;

export default function MyApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { application, support } = loaderData;
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">My Application</h1>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span>Submitted on <LocalTime value={application.submittedAt} format="date" /></span>
          <span className="sr-only">Status:</span>
          {badges[application.status]}
        </p>
      </div>
      <section aria-label="Status" className="grid gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {application.status === "pending" ? <PendingStatus application={application} /> : null}
        {application.status === "rejected" ? <RejectedStatus application={application} support={support} lastResult={actionData} /> : null}
        {application.status === "approved" ? <ApprovedStatus /> : null}
        {application.status !== "rejected" ? (
          <p className="text-sm text-slate-600">
            Questions about your application? <Link to={support} className="font-medium text-brand-700 underline">Contact support</Link>.
          </p>
        ) : null}
      </section>
      <section aria-labelledby="submitted-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="submitted-heading" className="mb-5 text-lg font-semibold text-slate-900">What you submitted</h2>
        <ApplicationDetails application={application.guide} howToServe={application.howToServe} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">My Application</h1>
      <p role="alert" className="rounded-xl border border-slate-200 bg-white p-6 text-red-700 shadow-sm">{message ?? "Failed to fetch Details"}</p>
    </div>
  );
}
