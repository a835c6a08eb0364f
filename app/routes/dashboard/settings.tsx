import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/settings";
import { refuseForm, replyToForm } from "#app/lib/form.server.ts";
import { signedInUser } from "#app/lib/guards.server.ts";
import { HttpError, throwForScreen } from "#app/lib/http.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { destroySessionCookie, readSessionToken } from "#app/lib/session.server.ts";
import { redirectWithError, redirectWithSuccess } from "#app/lib/toast.server.ts";
import { deleteAccountSchema, deviceZoneSchema, preferencesSchema } from "#app/modules/account-settings/schema.ts";
import { zoneTitle } from "#app/lib/time-zone-names.ts";
import { TIME_ZONE_MESSAGE, timeZoneChoices } from "#app/lib/time-zones.ts";
import { safeRedirect } from "#app/lib/redirect.server.ts";
import { deleteOwnAccount, getAccountSettings, setTimeZone, updatePreferences } from "#app/modules/account-settings/account-settings.server.ts";
import { SettingsScreen } from "#app/modules/account-settings/settings-screen.tsx";
import { openedRecordsOf } from "#app/modules/audit/audit.server.ts";
import { changeOwnPasswordSchema } from "#app/modules/accounts/password-schema.ts";
import { changeOwnPassword } from "#app/modules/accounts/own-password.server.ts";
import { calendarFeedOf, renewCalendarFeed, showTopicsInFeed, turnOffCalendarFeed } from "#app/modules/calendar-feed/calendar-feed.server.ts";
import { calendarFeedSchema } from "#app/modules/calendar-feed/schema.ts";
import { accessTokensOf, createAccessToken, revokeAccessToken } from "#app/modules/access-tokens/access-tokens.server.ts";
import { newTokenSchema, revokeTokenSchema } from "#app/modules/access-tokens/schema.ts";
import { webhookEndpointsOf } from "#app/modules/webhooks/webhooks.server.ts";
import { webhookAction } from "./webhook-actions.server.ts";
import { twoFactorState } from "#app/modules/two-factor/two-factor.server.ts";
import { activeSponsorship, leaveSponsorship, sponsorAdminships } from "#app/modules/sponsorship/sponsorship.server.ts";
import { SponsorshipSettings } from "#app/modules/sponsorship/settings-card.tsx";

// Settings of both dashboards (routes.ts mounts this module as user/settings and mentor/settings): preferences,
// password and closing the account, one form each, told apart by `intent`; and `intent=time-zone`, the time zone
// notice's "Use …" (posted from any dashboard screen or the booking dialog, which it goes back to).

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const person = signedInUser(context);
    const [settings, opened, calendarFeed, accessTokens, webhooks, twoFactor, sponsoredBy, running] = await Promise.all([
      getAccountSettings(person),
      openedRecordsOf(person.id, person),
      calendarFeedOf(person),
      accessTokensOf(person),
      webhookEndpointsOf(person),
      twoFactorState(person.id),
      activeSponsorship(person.id),
      sponsorAdminships(person.id),
    ]);
    const url = new URL(request.url);
    const sponsorship = { current: sponsoredBy, running, canJoin: person.role === "user" };
    return { settings, opened, calendarFeed, accessTokens, webhooks, twoFactor, sponsorship, timeZones: timeZoneChoices(), confirmingDelete: url.searchParams.has("delete-account") };
  } catch (error) {
    throwForScreen(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const person = signedInUser(context);
  const here = new URL(request.url).pathname;
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: changeOwnPasswordSchema });
    if (submission.status !== "success") return replyToForm(submission, { as: "password" });
    try {
      await changeOwnPassword(person, submission.value, { keepToken: await readSessionToken(request), clientAddress: context.get(requestInfo).clientAddress });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return refuseForm(submission, error, { as: "password", toast: "Update Failed" });
    }
    return redirectWithSuccess(here, {
      message: "Password Changed",
      description: "Your password has been changed. Your other sessions have been signed out.",
    });
  }

  if (intent === "time-zone") {
    const back = safeRedirect(formData.get("redirectTo"), request, here);
    const submission = parseWithZod(formData, { schema: deviceZoneSchema });
    if (submission.status !== "success") return redirectWithError(back, { message: "Update Failed", description: TIME_ZONE_MESSAGE });
    try {
      await setTimeZone(person, submission.value.timeZone);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithError(back, { message: "Update Failed", description: error.message });
    }
    return redirectWithSuccess(back, { message: "Time Zone Saved", description: `Times are now shown in ${zoneTitle(submission.value.timeZone)}.` });
  }

  if (intent === "calendar-feed") {
    const submission = parseWithZod(formData, { schema: calendarFeedSchema });
    if (submission.status !== "success") return redirectWithError(here, { message: "Update Failed", description: "Choose what your calendar shows." });
    const change = submission.value;
    try {
      if (change.change === "renew") {
        const had = await calendarFeedOf(person);
        await renewCalendarFeed(person);
        return redirectWithSuccess(here, had
          ? { message: "New Calendar Address", description: "The old address no longer works. Add the new one to your calendar app." }
          : { message: "Calendar Address Ready", description: "Add it to your calendar app to see your sessions there." });
      }
      if (change.change === "off") {
        await turnOffCalendarFeed(person);
        return redirectWithSuccess(here, { message: "Calendar Feed Off", description: "Your calendar address no longer works." });
      }
      await showTopicsInFeed(person, change.showTopics === "yes");
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithError(here, { message: "Update Failed", description: error.message });
    }
    return redirectWithSuccess(here, { message: "Settings Saved", description: change.showTopics === "yes" ? "Your calendar now shows session topics." : "Your calendar no longer shows session topics." });
  }

  if (intent === "new-token") {
    const submission = parseWithZod(formData, { schema: newTokenSchema });
    if (submission.status !== "success") return replyToForm(submission, { as: "newToken" });
    try {
      const { token, view } = await createAccessToken(person, submission.value);
      // Answered, not redirected: the token is shown this once and never stored in a form it could be read back from.
      return { createdToken: { name: view.name, token }, toast: { type: "success", message: "Token Made", description: "Copy it now: it is not shown again." } } as const;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return refuseForm(submission, error, { as: "newToken", toast: "Token Not Made" });
    }
  }

  if (intent === "revoke-token") {
    const submission = parseWithZod(formData, { schema: revokeTokenSchema });
    try {
      if (submission.status !== "success") throw new HttpError(404, "Token not found");
      await revokeAccessToken(person, submission.value.tokenId);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithError(here, { message: "Update Failed", description: error.message });
    }
    return redirectWithSuccess(here, { message: "Token Revoked", description: "Programs using it can no longer reach your account." });
  }

  const webhook = await webhookAction(person, formData, here);
  if (webhook) return webhook;

  if (intent === "leave-sponsorship") {
    try {
      await leaveSponsorship(person);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithError(here, { message: "Not Changed", description: error.message });
    }
    return redirectWithSuccess(here, { message: "Sponsorship Left", description: "From now on nothing new is covered or shown to them." });
  }

  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: deleteAccountSchema });
    if (submission.status !== "success") return replyToForm(submission, { as: "delete" });
    try {
      await deleteOwnAccount(person, submission.value);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return refuseForm(submission, error, { as: "delete", toast: "Delete Failed" });
    }
    return redirectWithSuccess(
      "/",
      { message: "Account Deleted", description: "Your account has been deleted and you have been signed out." },
      { headers: { "Set-Cookie": await destroySessionCookie() } },
    );
  }

  const submission = parseWithZod(formData, { schema: preferencesSchema });
  if (submission.status !== "success") return replyToForm(submission, { as: "preferences" });
  try {
    await updatePreferences(person, submission.value);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return refuseForm(submission, error, { as: "preferences", toast: "Update Failed" });
  }
  return redirectWithSuccess(here, { message: "Settings Saved", description: "Your settings have been saved." });
}

export const meta: Route.MetaFunction = () => [{ title: "Settings · Ministry Mentors" }];

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { sponsorship, ...screen } = loaderData;
  return (
    <SettingsScreen {...screen} actionData={actionData}>
      <SponsorshipSettings {...sponsorship} />
    </SettingsScreen>
  );
}
