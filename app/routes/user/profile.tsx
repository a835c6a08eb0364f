import { getCollectionProps, getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { z } from "zod";
import { Form, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { userLinks } from "#app/lib/links.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { SPECIALTY_OPTIONS } from "#app/modules/guides/schema.ts";
import { imageFileMessages } from "#app/modules/uploads/schema.ts";
import { ownProfileSchema } from "#app/modules/users/own-profile.ts";
import { userPictureFormSchema } from "#app/modules/users/schema.ts";
import { getUser, setUserPicture, updateUser } from "#app/modules/users/users.server.ts";

type ProfileFields = Omit<z.input<typeof ownProfileSchema>, "specialties"> & { specialties?: string[] };

export async function loader({ context }: Route.LoaderArgs) {
  const me = signedInUser(context);
  try {
    return { profile: await getUser(me.id, me) };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = signedInUser(context);
  const formData = await request.formData();
  const here = userLinks.profile;

  if (formData.get("intent") === "picture") {
    // The picture: its own form, sent as soon as a file is picked (a submit button does it without JavaScript).
    const picture = parseWithZod(formData, { schema: userPictureFormSchema });
    if (picture.status !== "success") {
      return redirectWithError(here, { message: "Update Failed", description: picture.error?.image?.[0] ?? imageFileMessages.notImage });
    }
    try {
      await setUserPicture(me.id, picture.value.image, me);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithError(here, { message: "Update Failed", description: error.message || "Failed to update profile picture" });
    }
    return redirectWithSuccess(here, { message: "Profile Picture/Image Updated", description: "Your new profile picture is saved." });
  }

  const submission = parseWithZod(formData, { schema: ownProfileSchema });
  if (submission.status !== "success") return replyToForm(submission);
  try {
    // The admin's Edit User, on one's own account: no password given, so the password stays.
    await updateUser(me.id, { ...submission.value, password: "", confirmPassword: "" }, me);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { toast: "Update Failed" });
  }
  return redirectWithSuccess(here, { message: "Profile Updated", description: "Your profile has been updated." });
}

export const meta: Route.MetaFunction = () => [{ title: "Profile · Ministry Mentors" }];

const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";

function TextField({ label, field, multiline, autoComplete, hint }: { label: string; field: FieldMetadata<string | null | undefined>; multiline?: boolean; autoComplete?: string; hint?: string }) {
  const hintId = `${field.id}-hint`;
  return (
    <Field label={label} htmlFor={field.id} errors={field.errors} errorId={field.errorId}>
      {multiline ? (
        <Textarea {...getTextareaProps(field, { ariaDescribedBy: hint ? hintId : undefined })} rows={4} />
      ) : (
        <Input {...getInputProps(field, { type: "text", ariaDescribedBy: hint ? hintId : undefined })} autoComplete={autoComplete} />
      )}
      {hint ? <p id={hintId} className="text-xs text-slate-500">{hint}</p> : null}
    </Field>
  );
}

function PictureForm({ profile }: { profile: { name: string; imageId: string | null } }) {
  const picture = useFetcher();
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = picture.state !== "idle";
  return (
    <picture.Form method="post" encType="multipart/form-data" className="flex flex-col gap-4 sm:flex-row sm:items-center" aria-label="Profile picture">
      <input type="hidden" name="intent" value="picture" />
      <Avatar imageId={profile.imageId} name={profile.name} className="size-24" />
      <div className="grid gap-1.5">
        <label htmlFor="picture" className="text-sm font-medium text-slate-800">Profile picture</label>
        <input
          id="picture"
          name="image"
          type="file"
          accept="image/*"
          aria-describedby="picture-error picture-hint"
          className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700 hover:file:bg-brand-100"
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            if (!file) return;
            const result = userPictureFormSchema.safeParse({ image: file });
            if (!result.success) {
              setProblem(result.error.issues[0]?.message ?? imageFileMessages.notImage);
              input.value = "";
              return;
            }
            setProblem(null);
            picture.submit(input.form, { method: "post", encType: "multipart/form-data" });
          }}
        />
        <p id="picture-hint" className="text-xs text-slate-500">A JPEG, PNG or WebP image, up to 5 MB. Mentors see it beside your messages and bookings.</p>
        <ErrorList id="picture-error" errors={problem ? [problem] : null} />
        {uploading ? <p role="status" className="text-sm text-slate-500">Uploading…</p> : null}
        <noscript>
          <button type="submit" className="mt-1 h-9 w-fit rounded-md px-3 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50">Upload picture</button>
        </noscript>
      </div>
    </picture.Form>
  );
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const navigation = useNavigation();
  const saving = useIsPending({ intent: "profile" });
  const [form, fields] = useForm<ProfileFields, z.output<typeof ownProfileSchema>>({
    id: "my-profile",
    lastResult: navigation.state === "idle" ? actionData : null,
    defaultValue: {
      name: profile.name,
      title: profile.title ?? "",
      organisation: profile.organisation ?? "",
      education: profile.education ?? "",
      bio: profile.bio ?? "",
      experience: profile.experience ?? "",
      challenges: profile.challenges ?? "",
      specialties: profile.specialties,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ownProfileSchema }),
  });
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
        <p className="mt-1 text-sm text-slate-600">What mentors see about you when you book a session or send a message.</p>
      </div>
      <section aria-label="Profile picture" className={card}>
        <PictureForm profile={profile} />
      </section>
      <section aria-labelledby="details-heading" className={card}>
        <h2 id="details-heading" className="text-lg font-semibold text-slate-900">About you</h2>
        <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-5">
          <input type="hidden" name="intent" value="profile" />
          <div className="grid items-start gap-5 md:grid-cols-2">
            <TextField label="Name" field={fields.name} autoComplete="name" />
            <Field label="Email" htmlFor="email-readonly" errorId="email-readonly-note">
              <Input id="email-readonly" type="email" value={profile.email} readOnly aria-readonly="true" aria-describedby="email-note" className="bg-slate-100 text-slate-600" />
              <p id="email-note" className="text-xs text-slate-500">Your sign-in address. To change it, write to us from Support Queries.</p>
            </Field>
            <TextField label="Job Title" field={fields.title} autoComplete="organization-title" />
            <TextField label="Organization" field={fields.organisation} autoComplete="organization" />
            <TextField label="Education" field={fields.education} />
            <TextField label="Experience" field={fields.experience} hint="Optional: your years and roles in ministry." />
          </div>
          <TextField label="Bio" field={fields.bio} multiline />
          <TextField label="Share Your Journey" field={fields.challenges} multiline hint="Optional: the challenges you would like a mentor's help with." />
          <fieldset className="grid gap-2" aria-describedby={fields.specialties.errorId}>
            <legend className="text-sm font-medium text-slate-800">Specialties</legend>
            <p className="text-xs text-slate-500">Areas you are interested in; they help us suggest mentors.</p>
            <div className="grid gap-2 sm:grid-cols-2 md:grid-cols-3">
              {getCollectionProps(fields.specialties, { type: "checkbox", options: SPECIALTY_OPTIONS.map((option) => option.code) }).map((props) => (
                <label key={props.key} className="flex items-center gap-2 text-sm text-slate-700">
                  <input {...props} key={props.key} className="size-4 rounded border-slate-300 accent-brand-600" />
                  {SPECIALTY_OPTIONS.find((option) => option.code === props.value)?.label}
                </label>
              ))}
            </div>
            <ErrorList id={fields.specialties.errorId} errors={fields.specialties.errors} />
          </fieldset>
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="flex justify-end">
            <Button type="submit" disabled={saving}>{saving ? "Saving…" : "Save profile"}</Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
