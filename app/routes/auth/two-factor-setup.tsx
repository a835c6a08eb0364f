import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/two-factor-setup";
import { Button } from "#app/components/ui/button.tsx";
import { replyToForm } from "#app/lib/form.server.ts";
import { currentUser } from "#app/lib/guards.server.ts";
import { HttpError } from "#app/lib/http.server.ts";
import { authLinks } from "#app/lib/links.ts";
import { refuseForm } from "#app/lib/form.server.ts";
import { safeRedirect } from "#app/lib/redirect.server.ts";
import { requestInfo } from "#app/lib/request-info.server.ts";
import { dashboardFor } from "#app/lib/roles.ts";
import { authHref } from "#app/modules/accounts/account-links.ts";
import { AccountCard } from "#app/modules/accounts/account-ui.tsx";
import { secondFactorSchema } from "#app/modules/two-factor/schema.ts";
import { confirmSetup, pendingSetup, twoFactorState } from "#app/modules/two-factor/two-factor.server.ts";
import { RecoveryCodes, SetupSteps } from "#app/modules/two-factor/two-factor-ui.tsx";
import { completeSignIn, pendingSignIn } from "./two-factor.server.ts";

/**
 * /login/two-factor/setup: an administrator (two-factor sign-in is required for them) whose password was right but
 * who has no authenticator app yet sets one up here; nothing of the console opens before. Confirming signs them in
 * and shows the recovery codes once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), request, "") || null;
  // Just confirmed (the page answering its own form): signed in now, the action's data shows the codes.
  const signedIn = context.get(currentUser);
  if (signedIn) return { setup: null, redirectTo, target: safeRedirect(redirectTo, request, dashboardFor[signedIn.role]) };
  const { person } = await pendingSignIn(request);
  if ((await twoFactorState(person.id)).enabled) throw redirect(authHref(authLinks.twoFactor, { redirectTo }));
  const { secret, qrCode } = await pendingSetup(person);
  return { setup: { secret, qrCode }, redirectTo, target: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { token, person } = await pendingSignIn(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: secondFactorSchema });
  if (submission.status !== "success") return replyToForm(submission);
  let recoveryCodes;
  try {
    recoveryCodes = await confirmSetup(person, submission.value.code, context.get(requestInfo).clientAddress);
  } catch (error) {
    if (error instanceof HttpError) return refuseForm(submission, error);
    throw error;
  }
  const cookie = await completeSignIn(token, person);
  // Signed in from here on: the loader that renders this answer (same request) shows the codes, not the setup.
  context.set(currentUser, person);
  return data({ recoveryCodes }, { headers: { "Set-Cookie": cookie } });
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function TwoFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { setup, redirectTo, target } = loaderData;
  const recoveryCodes = actionData && "recoveryCodes" in actionData ? actionData.recoveryCodes : null;
  if (!setup) {
    return (
      <AccountCard
        title={recoveryCodes ? "Two-factor sign-in is on" : "You are signed in"}
        lead={recoveryCodes ? "From now on you sign in with your password and a code from your authenticator app." : "Nothing more to set up here."}
        wide
      >
        <div className="grid gap-5">
          {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
          <Button asChild className="justify-self-start">
            <Link to={target ?? "/"}>Continue</Link>
          </Button>
        </div>
      </AccountCard>
    );
  }
  return (
    <AccountCard
      title="Set up two-factor sign-in"
      lead="Administrators sign in with a password and a code from an authenticator app. Set one up to open the console."
      aside={<Link to={authLinks.adminLogin} className="font-medium text-brand-700 underline">Start again</Link>}
      wide
    >
      <SetupSteps setup={setup} lastResult={actionData && !("recoveryCodes" in actionData) ? actionData : null}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      </SetupSteps>
    </AccountCard>
  );
}
