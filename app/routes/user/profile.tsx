import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { Button } from "#app/components/ui/button.tsx";
import { ErrorList } from "#app/components/ui/field.tsx";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { userLinks } from "#app/lib/links.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { useAppForm } from "#app/lib/use-app-form.ts";
import { useIsPending } from "#app/lib/use-is-pending.ts";
import { imageFileMessages } from "#app/modules/uploads/schema.ts";
import { ownProfileSchema } from "#app/modules/users/own-profile.ts";
import { userPictureFormSchema } from "#app/modules/users/schema.ts";
import { ReadOnlyEmail, UserDetailsFields, userDetailsDefaults } from "#app/modules/users/user-fields.tsx";
import { PictureUploadForm, REMOVE_PICTURE_INTENT } from "#app/modules/uploads/picture-form.tsx";
import { getUser, removeUserPicture, setUserPicture, updateUser } from "#app/modules/users/users.server.ts";

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
  if (formData.get("intent") === REMOVE_PICTURE_INTENT) {
    await removeUserPicture(me.id, me);
    return redirectWithSuccess(here, { message: "Profile Picture/Image Updated", description: "Your profile picture is removed." });
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

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const navigation = useNavigation();
  const saving = useIsPending({ intent: "profile" });
  const [form, fields] = useAppForm<typeof ownProfileSchema, ProfileFields>({
    id: "my-profile",
    lastResult: navigation.state === "idle" ? actionData : null,
    defaultValue: userDetailsDefaults(profile),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    schema: () => import("#app/modules/users/own-profile.ts").then((module) => module.ownProfileSchema),
  });
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
        <p className="mt-1 text-sm text-slate-600">What mentors see about you when you book a session or send a message.</p>
      </div>
      <section aria-label="Profile picture" className={card}>
        <PictureUploadForm
          imageId={profile.imageId}
          name={profile.name}
          inputId="picture"
          fieldName="image"
          intent="picture"
          hint="Mentors see it beside your messages and bookings. It is saved as soon as you pick it."
        />
      </section>
      <section aria-labelledby="details-heading" className={card}>
        <h2 id="details-heading" className="text-lg font-semibold text-slate-900">About you</h2>
        <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-5">
          <input type="hidden" name="intent" value="profile" />
          <UserDetailsFields
            fields={fields}
            account={<ReadOnlyEmail email={profile.email} note="Your sign-in address. To change it, write to us from Support Queries." />}
            hints={{
              experience: "Optional: your years and roles in ministry.",
              challenges: "Optional: the challenges you would like a mentor's help with.",
              specialties: "Areas you are interested in; they help us suggest mentors.",
            }}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <div className="flex justify-end">
            <Button type="submit" disabled={saving}>{saving ? "Saving…" : "Save profile"}</Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
