import { getFormProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { Route } from "./+types/covenant";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Textarea, describedBy } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { covenantVersions, publishCovenant } from "#app/modules/covenant/covenant.server.ts";
import { COVENANT_MESSAGES, COVENANT_TEXT_MAX } from "#app/modules/covenant/messages.ts";
import { publishCovenantSchema } from "#app/modules/covenant/schema.ts";

// /admin/dashboard/covenant: the confidentiality covenant between mentees and mentors. The current version, the
// earlier ones, and a form that publishes the next (versions are never edited).

export async function loader({ context }: Route.LoaderArgs) {
  return { versions: await covenantVersions(signedInUser(context)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const submission = parseWithZod(await request.formData(), { schema: publishCovenantSchema });
  if (submission.status !== "success") return replyToForm(submission);
  let published;
  try {
    published = await publishCovenant(admin, submission.value);
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) return refuseForm(submission, error, { toast: "Publishing Failed" });
    throw error;
  }
  return redirectWithSuccess(new URL(request.url).pathname, { message: "Covenant Published", description: COVENANT_MESSAGES.published(published.version) });
}

export const meta: Route.MetaFunction = () => [{ title: "Covenant · Ministry Mentors" }];

export default function Covenant({ loaderData, actionData }: Route.ComponentProps) {
  const { versions } = loaderData;
  const [current, ...earlier] = versions;
  const publishing = useIsPending();
  const [form, fields] = useAppForm({
    id: `publish-covenant-${current?.version ?? 0}`,
    lastResult: actionData,
    defaultValue: { text: current?.text ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/covenant/schema.ts").then((module) => module.publishCovenantSchema),
  });
  const nextVersion = (current?.version ?? 0) + 1;
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Confidentiality covenant</h1>
        <p className="mt-2 text-sm text-slate-600">
          What each mentee and mentor promise each other. A mentee accepts it when they book their first session with a mentor, and the mentor when they
          first accept or confirm that mentee. Each new version is accepted again before the pair&apos;s next session.
        </p>
      </div>
      <section aria-labelledby="current-heading" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="current-heading" className="text-lg font-semibold text-slate-900">
          {current ? `Current version: ${current.version}` : "No version published yet"}
        </h2>
        {current ? (
          <>
            <p className="text-sm text-slate-600">
              Published <LocalTime value={current.publishedAt} /> by {current.publishedBy}.
            </p>
            <div className="whitespace-pre-line break-words text-slate-800">{current.text}</div>
          </>
        ) : (
          <p className="text-sm text-slate-600">Until a version is published, nobody is asked to accept a covenant.</p>
        )}
      </section>
      {earlier.length ? (
        <section aria-labelledby="earlier-heading" className="grid gap-3">
          <h2 id="earlier-heading" className="text-lg font-semibold text-slate-900">Earlier versions</h2>
          <ul className="grid gap-2">
            {earlier.map((version) => (
              <li key={version.version} className="rounded-lg border border-slate-200 bg-white p-4">
                <details>
                  <summary className="cursor-pointer font-medium text-slate-900">
                    Version {version.version}, published <LocalTime value={version.publishedAt} /> by {version.publishedBy}
                  </summary>
                  <div className="mt-3 whitespace-pre-line break-words text-sm text-slate-700">{version.text}</div>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-semibold text-slate-900">Publish version {nextVersion}</h2>
        <Field
          label="Covenant text"
          htmlFor={fields.text.id}
          errors={fields.text.errors}
          errorId={fields.text.errorId}
          hint={`Plain text; a blank line starts a new paragraph. At most ${COVENANT_TEXT_MAX.toLocaleString("en-US")} characters. Published versions are never changed: this becomes version ${nextVersion}.`}
        >
          <Textarea {...getTextareaProps(fields.text)} aria-describedby={describedBy(fields.text.id, fields.text.errorId)} rows={14} maxLength={COVENANT_TEXT_MAX} />
        </Field>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex justify-end">
          <Button type="submit" disabled={publishing}>{publishing ? "Publishing…" : `Publish version ${nextVersion}`}</Button>
        </div>
      </Form>
    </div>
  );
}
