import { getFormProps, getInputProps, getTextareaProps, useForm, type Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ExternalLink } from "lucide-react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/profile";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Input, Textarea } from "#app/components/ui/field.tsx";
import { asListFields, refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { mentorLinks } from "#app/lib/links.ts";
import { routeErrorMessage } from "#app/lib/route-error.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { CategoryField, describedBy, FormSection, HintedField, ListField, SpecialtiesField } from "#app/modules/guides/guide-form-fields.tsx";
import { getGuide, setGuidePicture, updateOwnGuideProfile } from "#app/modules/guides/guides.server.ts";
import { EXPERTISE_TYPING, guideProfileSchema } from "#app/modules/guides/schema.ts";
import { PictureUploadForm } from "#app/modules/uploads/picture-form.tsx";

export async function loader({ context }: Route.LoaderArgs) {
  const guide = signedInUser(context);
  try {
    return { guide: await getGuide(guide.id, guide) };
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

/** What the form holds, as text: guideProfileSchema turns it into a profile. */
type ProfileFormValues = {
  name: string;
  phone: string;
  title: string;
  organisation: string;
  experience: string;
  category: string;
  education: string[];
  languages: string[];
  expertise: string[];
  bio: string;
  specialties: string[];
  recentSuccess: string;
  videoUrl: string;
};

type Guide = Route.ComponentProps["loaderData"]["guide"];

function defaultsOf(guide: Guide): ProfileFormValues {
  const atLeastOne = (items: string[]) => (items.length ? items : [""]);
  return {
    name: guide.name,
    phone: guide.phone ?? "",
    title: guide.title ?? "",
    organisation: guide.organisation ?? "",
    experience: String(guide.experience),
    category: guide.category ?? "",
    education: atLeastOne(guide.education),
    languages: atLeastOne(guide.languages),
    expertise: atLeastOne(guide.expertise),
    bio: guide.bio ?? "",
    specialties: guide.specialties,
    recentSuccess: guide.recentSuccess ?? "",
    videoUrl: guide.videoUrl ?? "",
  };
}

export default function MentorProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { guide } = loaderData;
  const saving = useIsPending({ match: (form) => form.get("intent") !== "image" && !form.has("__intent__") });
  const [form, fields] = useForm<ProfileFormValues>({
    id: `guide-profile-${guide.id}`,
    lastResult: actionData,
    defaultValue: defaultsOf(guide),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The schema reads the form's text (lists) into typed values; the form itself holds text.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: guideProfileSchema }) as unknown as Submission<ProfileFormValues>,
  });
  const text = (
    name: "name" | "phone" | "title" | "organisation" | "recentSuccess" | "videoUrl",
    label: string,
    { type = "text", hint, optional, autoComplete, placeholder }: { type?: string; hint?: string; optional?: boolean; autoComplete?: string; placeholder?: string } = {},
  ) => {
    const field = fields[name];
    const { key, ...props } = getInputProps(field, { type: type as "text" });
    return (
      <HintedField label={label} htmlFor={field.id} hint={hint} optional={optional} errors={field.errors} errorId={field.errorId}>
        <Input key={key} {...props} autoComplete={autoComplete} placeholder={placeholder} aria-describedby={describedBy(field.id, field.errorId, Boolean(hint))} />
      </HintedField>
    );
  };
  const { key: experienceKey, ...experienceProps } = getInputProps(fields.experience, { type: "text" });
  const { key: bioKey, ...bioProps } = getTextareaProps(fields.bio);
  const publicHref = `/mentor/${guide.id}`;

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
          <p className="mt-1 text-slate-600">What mentees read on your public profile and in Find a Mentor.</p>
        </div>
        <Link to={publicHref} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          View my public profile <ExternalLink aria-hidden className="size-4" />
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
          {text("name", "Full name", { autoComplete: "name" })}
          {text("phone", "Phone number", { type: "tel", autoComplete: "tel", placeholder: "+1234567890" })}
          <p className="text-sm text-slate-600 sm:col-span-2">
            {`You sign in as ${guide.email}. `}
            <Link to={mentorLinks.settings} className="font-medium text-brand-700 underline">Change your e-mail or password in Settings</Link>.
          </p>
        </FormSection>

        <FormSection step={2} title="Your ministry" intro="Where you serve, and the road that brought you there.">
          {text("title", "Title", { placeholder: "Senior Pastor" })}
          {text("organisation", "Church or organisation", { autoComplete: "organization" })}
          <HintedField label="Years of ministry experience" htmlFor={fields.experience.id} hint="A whole number from 0 to 50." errors={fields.experience.errors} errorId={fields.experience.errorId}>
            <Input
              key={experienceKey}
              {...experienceProps}
              inputMode="numeric"
              placeholder="0-50"
              aria-describedby={describedBy(fields.experience.id, fields.experience.errorId)}
              onInput={(event) => void (event.currentTarget.value = event.currentTarget.value.replace(/\D/g, ""))}
            />
          </HintedField>
          <CategoryField field={fields.category} hint="The leaders you are best placed to mentor." />
          <ListField form={form} field={fields.education} label="Education" entryLabel="Education entry" placeholder="M.Div., Fuller Theological Seminary" hint="Degrees, seminary or training, one per entry." />
          <ListField form={form} field={fields.languages} label="Languages" entryLabel="Language" hint="Languages you can mentor in." />
        </FormSection>

        <FormSection step={3} title="Your mentoring" intro="What helps a pastor choose you.">
          <HintedField className="sm:col-span-2" label="Bio" htmlFor={fields.bio.id} hint="A few sentences about you and your ministry (up to 500 characters)." errors={fields.bio.errors} errorId={fields.bio.errorId}>
            <Textarea key={bioKey} {...bioProps} rows={5} maxLength={500} aria-describedby={describedBy(fields.bio.id, fields.bio.errorId)} />
          </HintedField>
          <SpecialtiesField field={fields.specialties} />
          <ListField form={form} field={fields.expertise} label="Areas of expertise" entryLabel="Area of expertise" filter={EXPERTISE_TYPING} placeholder="Conflict resolution" hint="Letters and spaces, one area per entry." />
          <div className="grid content-start gap-5">
            {text("recentSuccess", "Recent success", { optional: true, hint: "Something from your ministry you are thankful for (up to 200 characters)." })}
            {text("videoUrl", "Video introduction link", { type: "url", optional: true, placeholder: "https://www.youtube.com/watch?v=…", hint: "A YouTube or Vimeo link to a short video of you." })}
          </div>
        </FormSection>

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
