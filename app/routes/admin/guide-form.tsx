import { getFormProps, getInputProps, type FieldMetadata, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/guide-form";
import { ErrorList } from "#app/components/ui/field.tsx";
import { FormActions } from "#app/components/ui/form-actions.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { PASSWORD_RULE_TEXT } from "#app/lib/password-rules.ts";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { formatPhone } from "#app/lib/phone.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { createGuide, getGuide, removeGuidePicture, setGuidePicture, updateGuide } from "#app/modules/guides/guides.server.ts";
import {
  CategoryField,
  guideFieldDefaults,
  ListField,
  SpecialtiesField,
  type GuideAccountValues,
  type GuideFieldValues,
} from "#app/modules/guides/guide-form-fields.tsx";
import { EXPERTISE_TYPING, guideCreateSchema, guideUpdateSchema } from "#app/modules/guides/schema.ts";
import { PicturePicker, PictureUploadForm, REMOVE_PICTURE_INTENT } from "#app/modules/uploads/picture-form.tsx";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { logError } from "#app/lib/logger.server.ts";

const listPath = adminLinks.guides;

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.id) return { guide: null };
  try {
    const guide = await getGuide(recordParam(params.id, "Guide not found"), signedInUser(context));
    return { guide: { ...guide, phone: formatPhone(guide.phone) } };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  let editId: number | null = null;
  try {
    editId = params.id ? recordParam(params.id, "Guide not found") : null;
  } catch (error) {
    throwForScreen(error);
  }
  const formData = await request.formData();

  if (editId && formData.get("intent") === "image") {
    // Edit mode: the picture is saved as soon as it is picked, apart from the rest of the form.
    const back = adminLinks.editGuide(editId);
    try {
      await setGuidePicture(editId, formData.get("imageUrl"), admin);
      return redirectWithSuccess(back, { message: "Profile Picture Updated", description: "The guide's picture has been updated." });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithError(back, { message: "Update Failed", description: error.message || "Failed to update profile picture" });
    }
  }

  if (editId && formData.get("intent") === REMOVE_PICTURE_INTENT) {
    const back = adminLinks.editGuide(editId);
    try {
      await removeGuidePicture(editId, admin);
      return redirectWithSuccess(back, { message: "Profile Picture Updated", description: "The guide's picture has been removed." });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithError(back, { message: "Update Failed", description: error.message || "Failed to update profile picture" });
    }
  }

  if (editId) {
    const id = editId;
    const submission = parseWithZod(formData, { schema: guideUpdateSchema });
    if (submission.status !== "success") return replyToForm(submission);
    return saveOr(submission, "Update Failed", async () => {
      const guide = await updateGuide(id, submission.value, admin);
      return redirectWithSuccess(listPath, { message: "Mentor Updated", description: `${guide.name} has been updated.` });
    });
  }
  const submission = parseWithZod(formData, { schema: guideCreateSchema });
  if (submission.status !== "success") return replyToForm(submission);
  return saveOr(submission, "Creation Failed", async () => {
    const guide = await createGuide(submission.value, admin);
    const image = formData.get("imageUrl");
    let description = `${guide.name} has been added.`;
    if (image instanceof File && image.size > 0) {
      // The guide is saved; a picture that cannot be stored does not undo that.
      try {
        await setGuidePicture(guide.id, image, admin);
      } catch (error) {
        logError(error, {}, `Guide ${guide.id} was created but the picture was not stored: ${error instanceof Error ? error.message : String(error)}`);
        description += ` The picture was not saved${error instanceof HttpError ? `: ${error.message}` : "."}`;
      }
    }
    return redirectWithSuccess(listPath, { message: "Mentor Created", description });
  });
}

/** Runs the save; a refusal (e.g. an e-mail in use) keeps the form as typed, marks the field and shows the toast. */
async function saveOr(submission: Pick<Submission<unknown>, "status" | "reply">, toast: string, save: () => Promise<Response>) {
  try {
    return await save();
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // The guide is gone: nothing left to edit, back to the list (as the user form does).
    if (error.status === 404) return redirectWithError(listPath, { message: toast, description: error.message });
    return refuseForm(submission, error, { conflictField: "email", toast });
  }
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${params.id ? "Edit Guide" : "Create Guide"} · Ministry Mentors` }];

/** What the form holds, as text: the schemas turn it into a guide. */
type GuideFormValues = GuideFieldValues & GuideAccountValues & { references: string[]; isToggled: boolean; accountStatus: boolean };

type Guide = NonNullable<Route.ComponentProps["loaderData"]["guide"]>;

function defaultsOf(guide: Guide | null): Partial<GuideFormValues> {
  if (!guide) return { education: [""], languages: [""], expertise: [""], references: [], specialties: [] };
  return { ...guideFieldDefaults(guide), email: guide.email, references: guide.guideReferences };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-5 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );
}

function Switch({ field, label, hint }: { field: FieldMetadata<boolean, GuideFormValues>; label: string; hint: string }) {
  const { key, ...props } = getInputProps(field, { type: "checkbox" });
  return (
    <div className="flex items-start gap-3">
      <span className="relative mt-0.5 inline-flex h-6 w-11 shrink-0">
        <input key={key} {...props} role="switch" aria-describedby={`${field.id}-hint`} className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0" />
        <span
          aria-hidden
          className="pointer-events-none relative h-6 w-11 rounded-full bg-slate-300 transition-colors peer-checked:bg-green-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
        />
      </span>
      <span className="grid">
        <label htmlFor={field.id} className="cursor-pointer text-sm font-medium text-slate-800">{label}</label>
        <span id={`${field.id}-hint`} className="text-xs text-slate-500">{hint}</span>
      </span>
    </div>
  );
}

export default function GuideForm({ loaderData, actionData }: Route.ComponentProps) {
  const { guide } = loaderData;
  const isEdit = Boolean(guide);
  const saving = useIsPending({ match: (form) => form.get("intent") !== "image" && form.get("intent") !== REMOVE_PICTURE_INTENT });
  const [form, fields] = useAppForm<typeof guideCreateSchema, GuideFormValues>({
    id: guide ? `guide-edit-${guide.id}` : "guide-create",
    lastResult: actionData,
    defaultValue: defaultsOf(guide),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The schemas read the form's text (lists, 'on' switches) into typed values; the form itself holds text.
    // Each variant (create, edit) has its own form id, so each loads its own schema.
    schema: () =>
      import("#app/modules/guides/schema.ts").then((module) => (isEdit ? module.guideUpdateSchema : module.guideCreateSchema) as typeof guideCreateSchema),
  });
  const title = isEdit ? "Edit Guide" : "Create Guide";

  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="grid gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {guide ? <PictureUploadForm imageId={guide.imageId} name={guide.name} inputId="guide-image" /> : null}
        <Form method="post" encType={isEdit ? undefined : "multipart/form-data"} {...getFormProps(form)} className="grid gap-8">
          {isEdit ? null : <PicturePicker inputId="guide-image" />}

          <Section title="Personal information">
            <TextField field={fields.name} label="Full Name" autoComplete="off" />
            <TextField field={fields.email} label="Email" type="email" autoComplete="off" />
            <TextField field={fields.phone} label="Phone Number" type="tel" placeholder="(503) 555-0147" />
            <div className="hidden sm:block" />
            <TextField
              field={fields.password}
              label={isEdit ? "New Password" : "Password"}
              type="password"
              autoComplete="new-password"
              hint={isEdit ? `${PASSWORD_RULE_TEXT}. Leave both password fields blank to keep the current password.` : PASSWORD_RULE_TEXT}
            />
            <TextField field={fields.confirmPassword} label={isEdit ? "Confirm New Password" : "Confirm Password"} type="password" autoComplete="new-password" />
          </Section>

          <Section title="Professional details">
            <TextField field={fields.title} label="Job Title" autoComplete="organization-title" />
            <TextField field={fields.organisation} label="Church or Organisation" autoComplete="organization" suggestFrom="/api/organisations" />
            <TextField field={fields.experience} label="Years of Experience" inputMode="numeric" placeholder="0-50" />
            <CategoryField field={fields.category} />
            <ListField form={form} field={fields.education} label="Education" entryLabel="Education entry" />
            <ListField form={form} field={fields.languages} label="Languages" entryLabel="Language" />
          </Section>

          <Section title="Background and expertise">
            <TextField className="sm:col-span-2" field={fields.bio} label="Bio" multiline rows={5} />
            <SpecialtiesField className="sm:col-span-2" field={fields.specialties} hint="" />
            <ListField form={form} field={fields.expertise} label="Areas of Expertise" entryLabel="Area of expertise" filter={EXPERTISE_TYPING} />
            <ListField form={form} field={fields.references} label="References" entryLabel="Reference" />
          </Section>

          <Section title="Additional details">
            <TextField field={fields.recentSuccess} label="Recent Success" />
            <TextField field={fields.videoUrl} label="Video Introduction URL" type="url" placeholder="https://www.youtube.com/embed/…" />
            {isEdit ? null : (
              <>
                <Switch field={fields.isToggled} label="Pay what you want" hint="Mentees choose what they pay for a session." />
                <Switch field={fields.accountStatus} label="Verified account" hint="A verified guide is approved at once and can be booked." />
              </>
            )}
          </Section>

          <ErrorList id={form.errorId} errors={form.errors} />
          <FormActions className="border-t border-slate-200 pt-6" cancelHref={listPath} submitLabel={isEdit ? "Update Guide" : "Submit"} submitting={saving} />
        </Form>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = routeErrorMessage(error);
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Guide</h1>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" role="alert">
        <p className="text-red-700">{message ?? "Failed to fetch Details"}</p>
        <Link to={listPath} className="mt-4 inline-block font-medium text-brand-600 underline">Back to the guides</Link>
      </div>
    </div>
  );
}
