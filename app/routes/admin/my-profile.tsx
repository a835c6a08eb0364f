import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import type { Route } from "./+types/my-profile";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList, Field, Input } from "#app/components/ui/field.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { adminLinks } from "#app/lib/admin-links.ts";
import { redirectWithSuccess } from "#app/lib/toast.server.ts";
import { adminPictureSchema, adminProfileSchema } from "#app/modules/admin-account/schema.ts";
import { getAdminProfile, setAdminPicture, updateAdminProfile } from "#app/modules/admin-account/admin-account.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return { profile: await getAdminProfile(signedInUser(context)) };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const back = new URL(request.url).pathname;
  const formData = await request.formData();
  if (formData.get("intent") === "picture") {
    const submission = parseWithZod(formData, { schema: adminPictureSchema });
    if (submission.status !== "success") return replyToForm(submission, { as: "picture" });
    try {
      await setAdminPicture(admin, submission.value.imageUrl);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return refuseForm(submission, error, { as: "picture", toast: "Update Failed" });
    }
    return redirectWithSuccess(back, { message: "Profile Picture/Image Updated", description: "Your profile picture has been updated." });
  }
  const submission = parseWithZod(formData, { schema: adminProfileSchema });
  if (submission.status !== "success") return replyToForm(submission, { as: "profile" });
  try {
    await updateAdminProfile(admin, submission.value);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { conflictField: "email", as: "profile", toast: "Update Failed" });
  }
  return redirectWithSuccess(back, { message: "Profile Updated", description: "Your profile has been updated." });
}

export const meta: Route.MetaFunction = () => [{ title: "My Profile · Ministry Mentors" }];

const card = "rounded-xl border border-slate-200 bg-white p-6 shadow-sm";

export default function MyProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const uploading = useIsPending({ intent: "picture" });
  const saving = useIsPending({ intent: "profile" });
  const [pictureForm, pictureFields] = useAppForm({
    id: "admin-picture",
    lastResult: actionData && "picture" in actionData ? actionData.picture : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/admin-account/schema.ts").then((module) => module.adminPictureSchema),
  });
  const [form, fields] = useAppForm({
    id: "admin-profile",
    lastResult: actionData && "profile" in actionData ? actionData.profile : undefined,
    defaultValue: { name: profile.name, email: profile.email },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/admin-account/schema.ts").then((module) => module.adminProfileSchema),
  });

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">My Profile</h1>
      <div className="grid gap-6">
        <section className={card} aria-labelledby="picture-heading">
          <h2 id="picture-heading" className="text-lg font-semibold text-slate-900">Profile picture</h2>
          <div className="mt-4 flex flex-col gap-6 sm:flex-row sm:items-center">
            <Avatar imageId={profile.imageId} name={profile.name} className="size-24" />
            <Form method="post" encType="multipart/form-data" {...getFormProps(pictureForm)} className="grid flex-1 gap-3">
              <input type="hidden" name="intent" value="picture" />
              <Field label="Choose a new picture" htmlFor={pictureFields.imageUrl.id} errors={pictureFields.imageUrl.errors} errorId={pictureFields.imageUrl.errorId}>
                <input
                  {...getInputProps(pictureFields.imageUrl, { type: "file" })}
                  accept="image/*"
                  className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
                />
              </Field>
              <div>
                <Button type="submit" variant="secondary" disabled={uploading}>{uploading ? "Uploading…" : "Upload picture"}</Button>
              </div>
            </Form>
          </div>
        </section>

        <section className={card} aria-labelledby="details-heading">
          <h2 id="details-heading" className="text-lg font-semibold text-slate-900">Account details</h2>
          <p className="mt-1 text-sm text-slate-600">
            Administrator since <LocalTime value={profile.createdAt} format="date" />.
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
            <input type="hidden" name="intent" value="profile" />
            <Field label="Full Name" htmlFor={fields.name.id} errors={fields.name.errors} errorId={fields.name.errorId}>
              <Input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
            </Field>
            <Field label="Email" htmlFor={fields.email.id} errors={fields.email.errors} errorId={fields.email.errorId}>
              <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
            </Field>
            <Field label="Current password" htmlFor={fields.currentPassword.id} errors={fields.currentPassword.errors} errorId={fields.currentPassword.errorId}>
              <Input {...getInputProps(fields.currentPassword, { type: "password", ariaDescribedBy: "current-password-hint" })} autoComplete="current-password" />
              <p id="current-password-hint" className="text-xs text-slate-500">Needed only when you change your e-mail.</p>
            </Field>
            <ErrorList id={form.errorId} errors={form.errors} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Link to={adminLinks.changePassword} className="text-sm font-medium text-brand-700 underline">Change password</Link>
              <Button type="submit" disabled={saving}>{saving ? "Saving…" : "Save changes"}</Button>
            </div>
          </Form>
        </section>
      </div>
    </div>
  );
}
