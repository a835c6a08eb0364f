import { getCollectionProps, getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { z } from "zod";
import { Form, isRouteErrorResponse, Link, useFetcher, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/user-form";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input, Textarea } from "#app/components/ui/field.tsx";
import { isRetryable, ProfileError } from "#app/components/ui/profile-parts.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { HttpError, idParam, throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/links.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { SPECIALTY_OPTIONS } from "#app/modules/guides/schema.ts";
import { imageFileMessages } from "#app/modules/uploads/schema.ts";
import {
  createUserFormSchema,
  unmetPasswordHints,
  updateUserSchema,
  userFormMessages,
  userPictureFormSchema,
} from "#app/modules/users/schema.ts";
import { createUser, getUser, setUserPicture, updateUser } from "#app/modules/users/users.server.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";

const userList = adminLinks.users;
type UserFormFields = Omit<z.input<typeof createUserFormSchema>, "specialties"> & { specialties?: string[] };

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.id === undefined) return { user: null };
  try {
    return { user: await getUser(idParam(params.id, "user id"), signedInUser(context)) };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const formData = await request.formData();

  if (params.id !== undefined) {
    let id: number;
    try {
      id = idParam(params.id, "user id");
    } catch (error) {
      throwForScreen(error);
    }
    const here = adminLinks.editUser(id);

    if (formData.get("intent") === "image") {
      // The picture of Edit User: its own form, sent as soon as a file is picked.
      const picture = parseWithZod(formData, { schema: userPictureFormSchema });
      if (picture.status !== "success") {
        return redirectWithError(here, { message: "Update Failed", description: picture.error?.image?.[0] ?? imageFileMessages.notImage });
      }
      try {
        await setUserPicture(id, picture.value.image, admin);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return redirectWithError(here, { message: "Update Failed", description: error.message || "Failed to update profile picture" });
      }
      return redirectWithSuccess(here, { message: "Profile Picture/Image Updated", description: "The new profile picture is saved." });
    }

    const submission = parseWithZod(formData, { schema: updateUserSchema });
    if (submission.status !== "success") return replyToForm(submission);
    try {
      await updateUser(id, submission.value, admin);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // The user is gone: nothing left to edit, back to the list. Any other refusal stays on the form.
      if (error.status === 404) return redirectWithError(userList, { message: "Update Failed", description: error.message });
      return refuseForm(submission, error, { toast: "Update Failed" });
    }
    return redirectWithSuccess(userList, { message: "Success", description: "User updated successfully." });
  }

  const submission = parseWithZod(formData, { schema: createUserFormSchema });
  if (submission.status !== "success") return replyToForm(submission);
  const { image, ...input } = submission.value;
  let user;
  try {
    user = await createUser(input, admin);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { conflictField: "email", toast: "Creation Failed" });
  }
  if (image) {
    // The account exists: a picture that cannot be stored does not undo it (SPEC §8: logged, the form still navigates).
    await setUserPicture(user.id, image, admin).catch((error: unknown) => console.error(`Profile picture of new user ${user.id} was not stored:`, error));
  }
  return redirectWithSuccess(userList, { message: "User created", description: `${user.name} can now sign in.` });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.user ? "Edit User" : "Create User"} · Ministry Mentors` }];

/** A live list of what the password still needs, in the policy's order, shown as the person types. */
function Hints({ id, hints }: { id: string; hints: string[] }) {
  return (
    <ul id={id} aria-live="polite" className="grid gap-0.5 text-sm text-amber-700">
      {hints.map((hint) => <li key={hint}>{hint}</li>)}
    </ul>
  );
}

function TextField({ label, field, multiline, autoComplete }: { label: string; field: FieldMetadata<string | null | undefined>; multiline?: boolean; autoComplete?: string }) {
  return (
    <Field label={label} htmlFor={field.id} errors={field.errors} errorId={field.errorId}>
      {multiline ? <Textarea {...getTextareaProps(field)} rows={4} /> : <Input {...getInputProps(field, { type: "text" })} autoComplete={autoComplete} />}
    </Field>
  );
}

/** Edit User's picture: uploaded as soon as a file is picked (a submit button does it without JavaScript). */
function PictureForm({ user }: { user: { id: number; name: string; imageId: string | null } }) {
  const picture = useFetcher();
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = picture.state !== "idle";
  return (
    <picture.Form method="post" encType="multipart/form-data" className="flex flex-col gap-4 sm:flex-row sm:items-center" aria-label="Profile picture">
      <input type="hidden" name="intent" value="image" />
      <Avatar imageId={user.imageId} name={user.name} className="size-20" />
      <div className="grid gap-1.5">
        <label htmlFor="picture" className="text-sm font-medium text-slate-800">Profile Image</label>
        <input
          id="picture"
          name="image"
          type="file"
          accept="image/*"
          aria-describedby="picture-error"
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700 hover:file:bg-brand-100"
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
        <ErrorList id="picture-error" errors={problem ? [problem] : null} />
        {uploading ? <p role="status" className="text-sm text-slate-500">Uploading…</p> : null}
        <noscript>
          <button type="submit" className="mt-1 h-9 w-fit rounded-md px-3 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50">Upload picture</button>
        </noscript>
      </div>
    </picture.Form>
  );
}

export default function UserForm({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const editing = Boolean(user);
  const navigation = useNavigation();
  // One set of fields for both modes (edit simply has no e-mail or picture field); each mode validates with its own schema.
  const schema = (editing ? updateUserSchema : createUserFormSchema) as typeof createUserFormSchema;
  const [form, fields] = useForm<UserFormFields, z.output<typeof createUserFormSchema>>({
    id: editing ? `edit-user-${user?.id}` : "create-user",
    lastResult: navigation.state === "idle" ? actionData : null,
    defaultValue: user
      ? {
          name: user.name,
          title: user.title ?? "",
          organisation: user.organisation ?? "",
          education: user.education ?? "",
          bio: user.bio ?? "",
          experience: user.experience ?? "",
          challenges: user.challenges ?? "",
          specialties: user.specialties,
        }
      : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const [password, setPassword] = useState({ value: "", typed: false });
  const [confirmation, setConfirmation] = useState("");
  const [preview, setPreview] = useState<string | null>(null);

  const hints = password.typed && (password.value || !editing) ? unmetPasswordHints(password.value) : [];
  // The form's own message (SPEC §5) stays on submit; the live hints list each unmet rule, so those are not repeated.
  const passwordErrors = hints.length ? fields.password.errors?.filter((error) => !hints.includes(error)) : fields.password.errors;
  const confirmHints: string[] = confirmation && !password.value ? [userFormMessages.passwordFirst] : [];
  const saving = useIsPending();
  const title = editing ? "Edit User" : "Create User";

  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
      <section aria-label={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {user ? (
          <div className="mb-6 border-b border-slate-200 pb-6">
            <PictureForm user={user} />
          </div>
        ) : null}
        <Form method="post" encType={editing ? undefined : "multipart/form-data"} {...getFormProps(form)} className="grid gap-5">
          {editing ? null : (
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
              {preview ? <img src={preview} alt="Chosen profile picture" className="size-20 rounded-full object-cover" /> : <Avatar imageId={null} name="" className="size-20" />}
              <Field label="Profile Image" htmlFor={fields.image.id} errors={fields.image.errors} errorId={fields.image.errorId}>
                <input
                  {...getInputProps(fields.image, { type: "file" })}
                  accept="image/*"
                  className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700 hover:file:bg-brand-100"
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    setPreview((previous) => {
                      if (previous) URL.revokeObjectURL(previous);
                      return file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
                    });
                  }}
                />
              </Field>
            </div>
          )}
          <div className="grid items-start gap-5 md:grid-cols-2">
            <TextField label="Name" field={fields.name} autoComplete="name" />
            {user ? (
              <Field label="Email" htmlFor="email-readonly" errorId="email-readonly-note">
                <Input id="email-readonly" type="email" value={user.email} readOnly aria-readonly="true" className="bg-slate-100 text-slate-600" />
              </Field>
            ) : (
              <Field label="Email" htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
                <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />
              </Field>
            )}
            <div className="grid gap-1.5">
              <label htmlFor={fields.password.id} className="text-sm font-medium text-slate-800">
                Password{editing ? <span className="font-normal text-slate-500"> (leave blank to keep the current one)</span> : null}
              </label>
              <Input
                {...getInputProps(fields.password, { type: "password", ariaDescribedBy: "password-hints" })}
                autoComplete="new-password"
                onInput={(event) => setPassword({ value: event.currentTarget.value, typed: true })}
              />
              <Hints id="password-hints" hints={hints} />
              <ErrorList id={fields.password.errorId} errors={passwordErrors} />
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={fields.confirmPassword.id} className="text-sm font-medium text-slate-800">Confirm Password</label>
              <Input
                {...getInputProps(fields.confirmPassword, { type: "password", ariaDescribedBy: "confirm-hints" })}
                autoComplete="new-password"
                onInput={(event) => setConfirmation(event.currentTarget.value)}
              />
              <Hints id="confirm-hints" hints={confirmHints} />
              <ErrorList id={fields.confirmPassword.errorId} errors={fields.confirmPassword.errors?.filter((error) => !confirmHints.includes(error))} />
            </div>
            <TextField label="Job Title" field={fields.title} autoComplete="organization-title" />
            <TextField label="Organization" field={fields.organisation} autoComplete="organization" />
            <TextField label="Education" field={fields.education} />
            <TextField label="Experience" field={fields.experience} />
          </div>
          <TextField label="Bio" field={fields.bio} multiline />
          <TextField label="Share Your Journey" field={fields.challenges} multiline />
          <fieldset className="grid gap-2" aria-describedby={fields.specialties.errorId}>
            <legend className="text-sm font-medium text-slate-800">Specialties</legend>
            <div className="grid gap-2 sm:grid-cols-2 md:grid-cols-3">
              {getCollectionProps(fields.specialties, { type: "checkbox", options: SPECIALTY_OPTIONS.map((option) => option.code) }).map((props) => (
                <label key={props.key} className="flex items-center gap-2 text-sm text-slate-700">
                  <input {...props} key={props.key} className="size-4 rounded border-slate-300 text-brand-600" />
                  {SPECIALTY_OPTIONS.find((option) => option.code === props.value)?.label}
                </label>
              ))}
            </div>
            <ErrorList id={fields.specialties.errorId} errors={fields.specialties.errors} />
          </fieldset>
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="flex justify-end gap-3 border-t border-slate-200 pt-5">
            <Button variant="secondary" asChild>
              <Link to={userList}>Cancel</Link>
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : editing ? "Update" : "Submit"}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const message = isRouteErrorResponse(error) && typeof error.data?.message === "string" ? (error.data.message as string) : undefined;
  const editing = location.pathname.includes("/edit-User/");
  return (
    <ProfileError
      title={editing ? "Edit User" : "Create User"}
      message={message ?? (editing ? "Failed to fetch user" : "Failed to create user")}
      retryHref={isRetryable(error) ? location.pathname : undefined}
      backHref={userList}
      backLabel="Back to the user list"
    />
  );
}
