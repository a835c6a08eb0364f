import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { z } from "zod";
import { Form, isRouteErrorResponse, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/user-form";
import { ErrorList, Input } from "#app/components/ui/field.tsx";
import { FormActions } from "#app/components/ui/form-actions.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { isRetryable, ProfileError } from "#app/components/ui/profile-parts.tsx";
import { signedInUser } from "#app/lib/guards.server.ts";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { HttpError, recordParam, throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { imageFileMessages } from "#app/modules/uploads/schema.ts";
import { PASSWORD_RULE_TEXT, unmetPasswordHints } from "#app/lib/password-rules.ts";
import { userFormMessages } from "#app/modules/users/messages.ts";
import { createUserFormSchema, updateUserSchema, userPictureFormSchema } from "#app/modules/users/schema.ts";
import { ReadOnlyEmail, UserDetailsFields, userDetailsDefaults } from "#app/modules/users/user-fields.tsx";
import { PicturePicker, PictureUploadForm, REMOVE_PICTURE_INTENT } from "#app/modules/uploads/picture-form.tsx";
import { createUser, getUser, removeUserPicture, setUserPicture, updateUser } from "#app/modules/users/users.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { logError } from "#app/lib/logger.server.ts";

const userList = adminLinks.users;
type UserFormFields = Omit<z.input<typeof createUserFormSchema>, "specialties"> & { specialties?: string[] };

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.id === undefined) return { user: null };
  try {
    return { user: await getUser(recordParam(params.id, "User not found"), signedInUser(context)) };
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
      id = recordParam(params.id, "User not found");
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
    if (formData.get("intent") === REMOVE_PICTURE_INTENT) {
      try {
        await removeUserPicture(id, admin);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return redirectWithError(here, { message: "Update Failed", description: error.message || "Failed to update profile picture" });
      }
      return redirectWithSuccess(here, { message: "Profile Picture/Image Updated", description: "The profile picture is removed." });
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
    await setUserPicture(user.id, image, admin).catch((error: unknown) => logError(error, {}, `Profile picture of new user ${user.id} was not stored: ${error instanceof Error ? error.message : String(error)}`));
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

export default function UserForm({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const editing = Boolean(user);
  const navigation = useNavigation();
  // One set of fields for both modes (edit simply has no e-mail or picture field); each mode validates with its own schema.
  const [form, fields] = useAppForm<typeof createUserFormSchema, UserFormFields>({
    id: editing ? `edit-user-${user?.id}` : "create-user",
    lastResult: navigation.state === "idle" ? actionData : null,
    defaultValue: user ? userDetailsDefaults(user) : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () =>
      import("#app/modules/users/schema.ts").then((module) => (editing ? module.updateUserSchema : module.createUserFormSchema) as typeof createUserFormSchema),
  });
  const [password, setPassword] = useState({ value: "", typed: false });
  const [confirmation, setConfirmation] = useState("");

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
            <PictureUploadForm imageId={user.imageId} name={user.name} inputId="user-image" fieldName="image" />
          </div>
        ) : null}
        <Form method="post" encType={editing ? undefined : "multipart/form-data"} {...getFormProps(form)} className="grid gap-5">
          {editing ? null : <PicturePicker inputId="user-image" name={fields.image.name} errors={fields.image.errors} />}
          <UserDetailsFields
            fields={fields}
            account={
              <>
                {user ? <ReadOnlyEmail email={user.email} /> : <TextField label="Email" field={fields.email} type="email" autoComplete="off" />}
                <div className="grid gap-1.5">
                  <label htmlFor={fields.password.id} className="text-sm font-medium text-slate-800">
                    Password{editing ? <span className="font-normal text-slate-500"> (leave blank to keep the current one)</span> : null}
                  </label>
                  <p id="password-rule" className="text-xs text-slate-500">{PASSWORD_RULE_TEXT}</p>
                  <Input
                    {...getInputProps(fields.password, { type: "password", ariaDescribedBy: "password-rule password-hints" })}
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
              </>
            }
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <FormActions className="border-t border-slate-200 pt-5" cancelHref={userList} submitLabel={editing ? "Update" : "Submit"} submitting={saving} />
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
