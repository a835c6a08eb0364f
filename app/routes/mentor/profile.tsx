import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink } from "#app/components/ui/icons.ts";
import { Form, Link } from "react-router";
import type { Route } from "./+types/profile";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList } from "#app/components/ui/field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { asListFields, refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { formatPhone } from "#app/lib/phone.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { mentorLinks } from "#app/lib/links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { FormSection, guideFieldDefaults, MentoringSection, MinistrySection, type GuideFieldValues } from "#app/modules/guides/guide-form-fields.tsx";
import { getGuide, removeGuidePicture, setGuidePicture, updateOwnGuideProfile } from "#app/modules/guides/guides.server.ts";
import { guideProfileSchema } from "#app/modules/guides/schema.ts";
import { PictureUploadForm, REMOVE_PICTURE_INTENT } from "#app/modules/uploads/picture-form.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const guide = signedInUser(context);
  try {
    const profile = await getGuide(guide.id, guide);
    // The number as people read it; saved again, it is kept in E.164 (lib/phone.ts).
    return { guide: { ...profile, phone: formatPhone(profile.phone) } };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const guide = signedInUser(context);
  const formData = await request.formData();

  if (formData.get("intent") === "image") {
    // The picture is saved as soon as it is picked, apart from the rest of the form.
    try {
      await setGuidePicture(guide.id, formData.get("imageUrl"), guide);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithError(mentorLinks.profile, { message: "Update Failed", description: error.message || "Failed to update profile picture" });
    }
    return redirectWithSuccess(mentorLinks.profile, { message: "Profile Picture Updated", description: "Your new picture shows on your public profile." });
  }
  if (formData.get("intent") === REMOVE_PICTURE_INTENT) {
    await removeGuidePicture(guide.id, guide);
    return redirectWithSuccess(mentorLinks.profile, { message: "Profile Picture Updated", description: "Your picture is removed; your public profile shows the default picture." });
  }

  const submission = parseWithZod(asListFields(formData, ["education", "languages", "expertise"]), { schema: guideProfileSchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    await updateOwnGuideProfile(submission.value, guide);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { toast: "Update Failed" });
  }
  return redirectWithSuccess(mentorLinks.profile, { message: "Profile Updated", description: "Your changes show on your public profile." });
}

export const meta: Route.MetaFunction = () => [{ title: "Profile · Ministry Mentors" }];

export default function MentorProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { guide } = loaderData;
  const saving = useIsPending({ match: (form) => form.get("intent") !== "image" && !form.has("__intent__") });
  const [form, fields] = useAppForm<typeof guideProfileSchema, GuideFieldValues>({
    id: `guide-profile-${guide.id}`,
    lastResult: actionData,
    defaultValue: guideFieldDefaults(guide),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The schema reads the form's text (lists) into typed values; the form itself holds text.
    schema: () => import("#app/modules/guides/schema.ts").then((module) => module.guideProfileSchema),
  });
  const publicHref = `/mentor/${guide.id}`;

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
          <p className="mt-1 text-slate-600">What mentees read on your public profile and in Find a Mentor.</p>
        </div>
        <Link to={publicHref} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          View my public profile <ExternalLink className="size-4" />
        </Link>
      </div>

      <section aria-label="Profile picture" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <PictureUploadForm imageId={guide.imageId} name={guide.name} inputId="profile-image" hint="A clear photo of your face. It is saved as soon as you pick it." />
      </section>

      <Form method="post" {...getFormProps(form)} className="grid gap-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {/* Enter in a text field saves the profile, not the first Add or Remove button of the form. */}
        <button type="submit" tabIndex={-1} aria-hidden className="sr-only">Save profile</button>
        <p className="text-sm text-slate-600">All fields are required unless marked optional.</p>

        <FormSection step={1} title="About you" intro="Your name and how our team can reach you. Your phone number is never shown publicly.">
          <TextField field={fields.name} label="Full name" autoComplete="name" />
          <TextField field={fields.phone} label="Phone number" type="tel" autoComplete="tel" placeholder="(503) 555-0147" />
          <p className="text-sm text-slate-600 sm:col-span-2">
            {`You sign in as ${guide.email}. `}
            <Link to={mentorLinks.settings} className="font-medium text-brand-700 underline">Change your e-mail or password in Settings</Link>.
          </p>
        </FormSection>

        <MinistrySection form={form} fields={fields} />
        <MentoringSection form={form} fields={fields} intro="What helps a pastor choose you." />

        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center sm:justify-end">
          <Button type="submit" disabled={saving} className="h-11 px-6">{saving ? "Saving…" : "Save profile"}</Button>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Profile</h1>
      <p role="alert" className="rounded-xl border border-slate-200 bg-white p-6 text-red-700 shadow-sm">{routeErrorMessage(error) ?? "Failed to fetch Details"}</p>
    </div>
  );
}
